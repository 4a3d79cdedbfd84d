import DocumentModel
import Foundation
@testable import Barcodes
@testable import Imaging
import XCTest

/// A text document's code-like regions are judged explained by the symbols that cover their ink
/// (the region less its padding). (Its passes' re-reads on the blanked page read only the regions
/// left unexplained: ``ExplainedRegionTests``.)
final class TextPageRereadTests: XCTestCase {
    /// Regions and symbols measured on a generated 300-dpi scan (bench/corpus `scan-003`): its
    /// Data Matrix (L-finder box 196 px) and its EAN-13 (the symbol's area with its quiet zone)
    /// cover 59 % and 58 % of their padded regions, and every later pass read them again.
    func testAScannedCodeExplainsTheInkOfItsRegion() {
        let dmRegion = Box(x: 198, y: 1250, width: 286, height: 286)
        let dm = Barcode(symbology: .dataMatrix, payload: "LOT", corners: [
            Point(x: 243, y: 1297), Point(x: 439, y: 1297), Point(x: 439, y: 1492), Point(x: 243, y: 1492)])
        XCTAssertEqual(ExplainedRegions.unexplained([dmRegion], by: [dm]), [])
        let eanRegion = Box(x: 1304, y: 1225, width: 650, height: 370)
        XCTAssertTrue(ExplainedRegions.explains([Box(x: 1368, y: 1263, width: 527, height: 266)], eanRegion))
    }

    /// A code fused into one region with a smaller one beside it does not explain the region.
    func testACodeWithASecondCodeBesideItInItsRegionDoesNotExplainIt() {
        // Ink: a 200-px code, a 20-px gap, a 60-px code; the region pads it by 15 % and 16 px.
        let ink = Box(x: 500, y: 500, width: 280, height: 200)
        let region = Box(x: ink.x - 58, y: ink.y - 46, width: ink.width + 116, height: ink.height + 92)
        let large = Barcode(symbology: .qr, payload: "q", corners: [
            Point(x: 500, y: 500), Point(x: 700, y: 500), Point(x: 700, y: 700), Point(x: 500, y: 700)])
        XCTAssertEqual(ExplainedRegions.unexplained([region], by: [large]), [region])
    }
}
