import Barcodes
import DocumentModel
import Foundation

extension BarcodesPageStage {
    /// The codes in a text-layer page's images read from their own pixels
    /// (``EmbeddedCodeImage``), each image on its own, corners placed on the page and the
    /// orientation measured there (zxing-cpp's: the angle of the line from the left edge's
    /// middle to the right edge's).
    ///
    /// An image is searched as a text document when the text layer has words over it (a scan
    /// under its OCR layer), and as a picture otherwise (a photo or a code image beside the
    /// text): `words` are the page's word boxes, in the page pixels `toPage` maps to.
    static func read(_ images: [EmbeddedCodeImage], with engine: BarcodeDetector, words: [Box],
                     bornDigital: Bool) throws -> [Barcode] {
        var found: [Barcode] = []
        for embedded in images {
            let textWords = Self.words(words, over: embedded)
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

    /// How many of `words` (page pixels) have their centre on `embedded`'s picture.
    static func words(_ words: [Box], over embedded: EmbeddedCodeImage) -> Int { embedded.wordsOver(words) }
}
