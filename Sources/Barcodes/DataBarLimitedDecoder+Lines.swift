import Foundation
import Imaging

extension DataBarLimitedDecoder {
    /// The DataBar Limited symbols in `plane` (page pixels = plane pixels + `offset`), read along
    /// scan lines (``DataBarDecoder/look(_:offset:dataBar:limited:)``).
    package static func symbols(in plane: BarcodeGrayPlane, offset: (x: Double, y: Double) = (0, 0)) -> [DataBarDecoder.Symbol] {
        DataBarDecoder.look(plane, offset: offset, dataBar: false, limited: true).limited
    }

    /// Which way the bars of a code-like region run: true when they stand upright (the
    /// gradients' direction, ``ScanProfile/dominantAngle(width:height:bytes:step:)`` at every
    /// second pixel, lies nearer the pixel rows than the columns); nil when the gradients agree
    /// less than ``minCoherence`` (no bars: the region is not looked at). The gradients of all
    /// its pixels tell bars under noise and at low contrast, where lines' edge counts did not.
    static func barsUpright(_ plane: BarcodeGrayPlane) -> Bool? {
        guard plane.width >= 8, plane.height >= 8 else { return nil }
        let (angle, coherence) = ScanProfile.dominantAngle(width: plane.width, height: plane.height, bytes: plane.bytes, step: 2)
        guard coherence >= minCoherence else { return nil }
        return abs(cos(angle)) >= abs(sin(angle))
    }

    /// The widest region (px across its bars) looked at again on a copy twice the size when
    /// nothing was read: a whole symbol (74 modules) of modules up to 1.7 px.
    static let maxFineWidth = 128

    /// The cheap look's line spacing (px) and turns (degrees) when only Limited is looked for: a
    /// line within 4° of the bars' normal stays within 5 modules of its course over the symbol's
    /// 74, and the symbol is at least 10 modules high.
    static let cheapSpacing = 8.0
    static let cheapAngles: [Double] = [0, -8, 8, -16, 16]

    /// The least agreement of a region's gradients on one direction for a look (the bars of
    /// generated Limited symbols 0.83–0.93 under noise, blur and low contrast; the blurred
    /// EAN/UPC pass asks the same of its regions).
    static let minCoherence = 0.6
}
