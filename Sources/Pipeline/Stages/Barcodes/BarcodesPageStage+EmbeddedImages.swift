import Barcodes
import DocumentModel
import Foundation

extension BarcodesPageStage {
    /// The codes in a text-layer page's images read from their own pixels
    /// (``EmbeddedCodeImage``), each image on its own (`textWords`: the page's words, so a
    /// document's images are searched as a document's), corners placed on the page and the
    /// orientation measured there (zxing-cpp's: the angle of the line from the left edge's
    /// middle to the right edge's).
    static func read(_ images: [EmbeddedCodeImage], with engine: BarcodeDetector, textWords: Int,
                     bornDigital: Bool) throws -> [Barcode] {
        var found: [Barcode] = []
        for embedded in images {
            for var code in try engine.detect(embedded.image, textWords: textWords, bornDigital: bornDigital) {
                code.corners = code.corners.map(embedded.toPage.apply)
                if code.corners.count == 4 {
                    let c = code.corners
                    let dx = Double(c[1].x + c[2].x - c[0].x - c[3].x), dy = Double(c[1].y + c[2].y - c[0].y - c[3].y)
                    code.orientation = Int((atan2(dy, dx) * 180 / .pi).rounded())
                }
                found.append(code)
            }
        }
        return found
    }
}
