@testable import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

final class ScratchMicroTests: XCTestCase {
    func testScratch() throws {
        let root = "/work/shared/devset/ocr"
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
        var total = 0, gated = 0
        var cohs: [Double] = []
        for f in files {
            let image = try XCTUnwrap(Image(readingForTests: root + "/" + f))
            let page = try BarcodePage(image.grayscale())
            for region in page.candidates {
                total += 1
                guard let plane = try image.grayscale().barcodeGrayPlane(crop: region), let a = MicroPDF417Decoder.acrossBars(plane) else { continue }
                cohs.append(a.coherence)
                if a.coherence >= 0.2 { gated += 1 }
                print("SCR", f.prefix(20), region, String(format: "%.2f", a.coherence))
            }
        }
        print("SCR total", files.count, total, gated, cohs.sorted())
    }
}
