import DocumentModel
import Foundation
import ZXingShim

/// Maps points read in a transformed copy of the page (cropped, scaled, then rotated about its
/// centre) back to page pixels. Pure arithmetic.
struct PassTransform: Sendable {
    /// Top-left of the crop in page pixels.
    var originX: Double
    var originY: Double
    var scale: Double
    /// Clockwise, radians.
    var rotation: Double
    /// Size of the crop after scaling, before rotation.
    var scaledWidth: Double
    var scaledHeight: Double
    /// Size of the pixels zxing read.
    var readWidth: Double
    var readHeight: Double

    func pagePoint(x: Double, y: Double) -> (x: Double, y: Double) {
        var px = x, py = y
        if rotation != 0 {
            // Undo a clockwise rotation (y down) about the centre of the rotated image.
            let dx = x - readWidth / 2, dy = y - readHeight / 2
            let c = cos(rotation), s = sin(rotation)
            px = scaledWidth / 2 + dx * c + dy * s
            py = scaledHeight / 2 - dx * s + dy * c
        }
        return (originX + px / scale, originY + py / scale)
    }
}

enum BarcodeGeometry {
    /// Clockwise orientation in degrees (0..<360) of the symbol's reading direction.
    static func orientation(of corners: [Point]) -> Int {
        guard corners.count == 4 else { return 0 }
        let dx = Double(corners[1].x + corners[2].x - corners[0].x - corners[3].x)
        let dy = Double(corners[1].y + corners[2].y - corners[0].y - corners[3].y)
        guard dx != 0 || dy != 0 else { return 0 }
        let degrees = Int((atan2(dy, dx) * 180 / .pi).rounded())
        return (degrees % 360 + 360) % 360
    }

    /// True when two reads are the same symbol: same symbology and payload, overlapping bounds
    /// (linear codes report a scan line, so their bounds are grown a little first).
    static func sameSymbol(_ a: Barcode, _ b: Barcode) -> Bool {
        guard a.symbology == b.symbology, a.payload == b.payload, a.rawBytes == b.rawBytes else { return false }
        let ga = grown(a.bounds), gb = grown(b.bounds)
        return ga.intersection(gb) != nil
    }

    private static func grown(_ box: Box) -> Box {
        box.expanded(by: max(8, max(box.width, box.height) / 4))
    }

    /// Appends the reads not already present (first read wins). A linear read whose payload is
    /// part of another read of the same symbology at an overlapping position is a partial read
    /// (measured: ITF, which has no fixed length, is often read in pieces): the longer one is kept.
    static func merge(_ found: [Barcode], into result: inout [Barcode]) {
        for barcode in found where !result.contains(where: { sameSymbol($0, barcode) }) {
            if result.contains(where: { isPartial(barcode, of: $0) }) { continue }
            result.removeAll { isPartial($0, of: barcode) }
            // Two symbols cannot lie on top of each other: a different read whose centre falls
            // inside a symbol already found (or the reverse) read across that symbol's
            // modules (measured: a UPC-E "found" diagonally across an EAN-13 by the 45° pass).
            if result.contains(where: { sharesArea($0, barcode) }) { continue }
            result.append(barcode)
        }
    }

    /// True when the centre of either symbol lies inside the other's quadrilateral.
    static func sharesArea(_ a: Barcode, _ b: Barcode) -> Bool {
        a.contains(x: b.centre.x, y: b.centre.y) || b.contains(x: a.centre.x, y: a.centre.y)
    }

    static func isPartial(_ part: Barcode, of whole: Barcode) -> Bool {
        guard part.symbology == whole.symbology, part.symbology.isLinear,
              part.payload.count < whole.payload.count, whole.payload.contains(part.payload) else { return false }
        return grown(part.bounds).intersection(grown(whole.bounds)) != nil
    }

    /// The raw bytes to keep for a symbol: a GS1 symbol's element string as encoded (AIs
    /// without parentheses, a GS (0x1D) after each variable-length field that is not last; the
    /// payload has the AIs in parentheses), else ``binaryBytes(_:text:)``.
    static func rawBytes(_ symbol: ZXingSymbol) -> [UInt8]? {
        if symbol.contentType == zxing_ContentType_GS1, !symbol.bytes.isEmpty { return symbol.bytes }
        return binaryBytes(symbol.bytes, text: symbol.text)
    }

    /// The raw bytes to keep: non-nil when the payload is not plain text (invalid UTF-8, or
    /// control characters other than tab/line feed/carriage return).
    static func binaryBytes(_ bytes: [UInt8], text: String) -> [UInt8]? {
        guard !bytes.isEmpty else { return nil }
        guard String(validating: bytes, as: UTF8.self) != nil else { return bytes }
        let control = bytes.contains { $0 == 0x7F || ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) }
        return control ? bytes : nil
    }
}
