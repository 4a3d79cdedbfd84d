import DocumentModel
import Foundation
@testable import Barcodes
@testable import Imaging
import XCTest

/// A text page's code-like regions whose symbol has been read are not read again by the later
/// passes (``ExplainedRegions``): they have nothing left to find there.
final class ExplainedRegionTests: XCTestCase {
    private func qr(_ x: Int, _ y: Int, _ side: Int) -> Barcode {
        Barcode(symbology: .qr, payload: "q", corners: [Point(x: x, y: y), Point(x: x + side, y: y),
                                                         Point(x: x + side, y: y + side), Point(x: x, y: y + side)])
    }

    func testARegionItsSymbolFillsIsExplainedAndOneOfTwoFusedCodesIsNot() {
        // A code-like region is the code's ink padded by 15 % and a few pixels.
        let alone = Box(x: 85, y: 85, width: 130, height: 130)
        let fused = Box(x: 385, y: 85, width: 330, height: 130)
        let far = Box(x: 1000, y: 1000, width: 130, height: 130)
        let found = [qr(100, 100, 100), qr(400, 100, 100)]   // the fused region's second code was not read
        XCTAssertEqual(ExplainedRegions.unexplained([alone, fused, far], by: found), [fused, far])
        XCTAssertEqual(ExplainedRegions.unexplained([alone, fused, far], by: []), [alone, fused, far])
    }

    func testATextPageDoesNotReadARegionAgainOnceItsSymbolIsFound() throws {
        // The sheet of codes enlarged 3× (a large page) read as a text document.
        let page = try BarcodeFixtures.image("multi.png").scaled(by: 3)
        let reader = BarcodeReader(search: .staged)
        let asPhoto = Set(try reader.read(page).map(\.payload))
        let found = try reader.read(page, textPage: true)
        XCTAssertEqual(Set(found.map(\.payload)), asPhoto)
        let candidates = try page.grayscale().barcodeCandidateRegions()
        let explained = candidates.count - ExplainedRegions.unexplained(candidates, by: found).count
        XCTAssertGreaterThanOrEqual(explained, 4, "\(candidates.count) candidates")
        // Each explained region is read only by the passes before its symbol was found. Read by
        // every pass that reads regions (19 here), the 8 regions took 152 reads; now 38.
        XCTAssertLessThan(reader.candidateReads * 2, candidates.count * 19, "\(candidates.count) candidates")
        // The whole page is read only by the quick look's two passes and the first full read: the
        // re-reads after each find read the unexplained regions of the blanked page (5 whole-page
        // reads when they read the whole page again).
        XCTAssertEqual(reader.wholeImageReads, BarcodeSearch.quickLook.count + 1)
    }

    /// Small Data Matrix symbols found by their L finder are read on their own by a late pass:
    /// one a symbol found before covers is left out of it, the others are kept.
    func testAnLFinderSymbolInsideAFoundSymbolIsNotReadAgain() throws {
        let (image, _) = try ExpectedCodesFolder("barcodes-dmloc").fixture("dmloc_small_crisp.png")
        let page = try BarcodePage(image)
        let symbols = page.matrixFinderSymbols
        let first = try XCTUnwrap(symbols.first)
        let found = Barcode(symbology: .dataMatrix, payload: "d", corners: [
            Point(x: first.x, y: first.y), Point(x: first.x + first.width, y: first.y),
            Point(x: first.x + first.width, y: first.y + first.height), Point(x: first.x, y: first.y + first.height)])
        let kept = page.keepingUnexplained(by: [found])
        XCTAssertFalse(kept.matrixFinderSymbols.contains(first))
        XCTAssertEqual(kept.matrixFinderSymbols, symbols.filter { !ExplainedRegions.explains([ExplainedRegions.symbolArea(found)], $0) })
        XCTAssertEqual(page.keepingUnexplained(by: []).matrixFinderSymbols, symbols)
    }
}
