import Foundation
import Imaging

extension MicroPDF417Decoder {
    /// The direction across a stacked code's bars in `plane` (radians, −π/2 … π/2) and how
    /// strongly the pixels agree on it (0 … 1): the structure tensor of the gradients at every
    /// second pixel of every second row (``ScanProfile/dominantAngle(width:height:bytes:step:)``).
    /// A MicroPDF417's bar edges outweigh its row boundaries about two to one (a row is 2
    /// modules high and about half its modules differ from the next row's). nil for a plane
    /// under 8 px either way or blank.
    static func acrossBars(_ plane: BarcodeGrayPlane) -> (angle: Double, coherence: Double)? {
        guard plane.width >= 8, plane.height >= 8 else { return nil }
        let (angle, coherence) = ScanProfile.dominantAngle(width: plane.width, height: plane.height, bytes: plane.bytes, step: 2)
        return coherence > 0 ? (angle, coherence) : nil
    }

    /// Half a degree (radians).
    static let snap = 0.5 * Double.pi / 180

    /// Parallel scan lines along `angle` (radians; 0 along the pixel rows) across `plane`,
    /// `spacing` px apart, each given to `body`. Within ``snap`` of a pixel row or column the
    /// lines follow it (no interpolation: most regions of an upright page lie so).
    static func forEachLine(_ plane: BarcodeGrayPlane, angle: Double, spacing: Double, _ body: (ScanLineEdges) -> Void) {
        let direction = abs(angle) < snap ? (1.0, 0.0) : abs(abs(angle) - .pi / 2) < snap ? (0.0, 1.0) : (cos(angle), sin(angle))
        let normal = (-direction.1, direction.0)
        let cx = Double(plane.width - 1) / 2, cy = Double(plane.height - 1) / 2
        let extent = abs(normal.0) * Double(plane.width) / 2 + abs(normal.1) * Double(plane.height) / 2
        let along = abs(direction.0) * Double(plane.width) / 2 + abs(direction.1) * Double(plane.height) / 2
        var o = -extent + spacing / 2
        while o < extent {
            var start = (cx + o * normal.0 - along * direction.0, cy + o * normal.1 - along * direction.1)
            if direction == (1, 0) || direction == (0, 1) { start = (start.0.rounded(), start.1.rounded()) }
            if let line = ScanLineEdges(plane, start: start, step: direction, length: Int(2 * along)) { body(line) }
            o += spacing
        }
    }
}
