import DocumentModel
import Foundation
import XCTest
@testable import Pipeline

/// A scan's OCR layer is kept when it reads as words and OCR'd again when it is junk
/// (``TextLayerPolicy`` rule 4, ``LayerWordShare``).
final class ScanLayerTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/extract")

    private func extract(_ name: String) throws -> ExtractedPage {
        let path = Self.folder.appendingPathComponent(name).path
        var settings = ExtractSettings()
        settings.dpi = 150
        let ref = DocumentRef(id: 1, path: path, kind: try FileKind.sniff(path: path), passwordEnv: [])
        return try PageExtractor().extract(ref, page: 1, settings: settings)
    }

    func testAScanKeepsAnOCRLayerThatReadsAsWordsAndIsOCRdUnderAJunkOne() throws {
        // Both pages are the same full-page scan under an invisible (render mode 3) layer.
        let good = try extract("scan_good_layer.pdf")
        XCTAssertEqual(good.textSource, .textLayer)
        let text = good.textLayer?.lines.map(\.text).joined(separator: "\n") ?? ""
        XCTAssertTrue(text.contains("Quarterly Report of the Harbour Office"), text)
        XCTAssertTrue(text.contains("The new crane was delivered on 12.03.2024"), text)
        let junk = try extract("scan_junk_layer.pdf")
        XCTAssertEqual(junk.textSource, .ocr)
        XCTAssertNil(junk.textLayer)
        XCTAssertEqual(junk.image.width, 1275)
        // A short layer is OCR'd whatever it reads as: too few tokens to judge.
        XCTAssertEqual(try extract("invisible_ocr.pdf").textSource, .ocr)
    }

    func testWordsAndNumbersAreToldFromAnOCREnginesMisreadings() {
        // Lines of real OCR layers: a Spanish book's and a German letter's read well, a
        // California form's misread.
        XCTAssertEqual(LayerWordShare("MARCO AURELIO MEDITACIONES INTRODUCCIÓN DE CARLOS GARCÍA GUAL.".unicodeScalars),
                       LayerWordShare(words: 8, tokens: 8))
        XCTAssertEqual(LayerWordShare("erhalten Sie hiermit nach Prüfung zurück, Madrid, 1977. 12.03.2024 (Seite 3)".unicodeScalars),
                       LayerWordShare(words: 11, tokens: 11))
        XCTAssertEqual(LayerWordShare("CALIFORNIA ASSOClATION OFl&LTORS• l..!e: Altjrlet 1.1 '1 '3 /) CAA !Z".unicodeScalars),
                       LayerWordShare(words: 7, tokens: 10))
        XCTAssertEqual(LayerWordShare("NACKTI^AGPGENEHM IGi.WG DauaufSichtsbehörde don't well-known".unicodeScalars),
                       LayerWordShare(words: 2, tokens: 5))
        XCTAssertEqual(LayerWordShare(" — … ".unicodeScalars), LayerWordShare(words: 0, tokens: 0))
    }

    func testTheScanRuleKeepsOnlyALongLayerThatReadsAsWords() {
        let words = Array(repeating: "harbour", count: 17) + ["3.5", "12/2024", "2O9"]
        let good = words.joined(separator: " ")
        XCTAssertEqual(TextLayerPolicy.verdict(characters: good.unicodeScalars, imageCoverage: { (0.99, 0.99) }), .useTextLayer)
        let short = Array(words.prefix(19)).joined(separator: " ")
        XCTAssertNotEqual(TextLayerPolicy.verdict(characters: short.unicodeScalars, imageCoverage: { (0.99, 0.99) }), .useTextLayer)
        let junk = (Array(repeating: "harbour", count: 16) + Array(repeating: "h@rb0ur", count: 4)).joined(separator: " ")
        XCTAssertNotEqual(TextLayerPolicy.verdict(characters: junk.unicodeScalars, imageCoverage: { (0.99, 0.99) }), .useTextLayer)
    }
}
