import DocumentModel
import Foundation
import Imaging
import PDF
import XCTest
@testable import Pipeline

/// Codes in a born-digital page's embedded images are read from the images' own pixels, turned
/// as their placement turns them, and placed on the page; the page is not rendered at full
/// resolution for them.
final class EmbeddedCodeImageTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A worker with the default settings and the document `Fixtures/extract/<name>`.
    private func fixture(_ name: String, id: Int64) throws -> (work: PageWork, file: DocumentRef, path: String) {
        let work = PageWork(faults: FaultInjection(environment: [:]))
        work.settings = StageSettings(spec: PipelineSpec(name: "t", database: "/dev/null", inputs: []))
        let path = Self.fixtures.appendingPathComponent("extract/\(name)").path
        return (work, DocumentRef(id: id, path: path, kind: try FileKind.sniff(path: path)), path)
    }

    /// Runs extract and barcodes on one page in-process; returns their outputs.
    private func run(_ work: PageWork, _ document: DocumentRef, page: Int) throws -> (ExtractOutput, BarcodeFindings) {
        var outputs: [any Sendable] = [], failed: [Stage] = []
        try work.run(PageTask(taskID: page, document: document, pageNumber: page, stages: [.extract, .barcodes])) { event in
            switch event {
            case .output(_, let output, _): outputs.append(output.value)
            case .stageFailed(_, let stage, _): failed.append(stage)
            default: break
            }
        }
        XCTAssertEqual(failed, [], "page \(page)")
        XCTAssertEqual(outputs.count, 2, "page \(page)")
        return (try XCTUnwrap(outputs.first as? ExtractOutput), try XCTUnwrap(outputs.last as? BarcodeFindings))
    }

    /// `born_digital_image_codes.pdf`: a QR code stored transposed and placed by [0 −S −S 0], a
    /// Code 128 stored upside down at one pixel a module and placed by a half turn, and one stored
    /// standing and laid down by a quarter turn (poppler's box of it has its own sides, not its
    /// bounding box's, and is still matched to the content walk's image), and one drawn upright
    /// on a page displayed turned a quarter (/Rotate 90: corners on the page as displayed). Each is
    /// read from its image (the page keeps the 100-dpi ruling raster), with the corners a
    /// 300-dpi render of the whole page gives (within 6 px) and the same orientation.
    func testCodesInTurnedEmbeddedImagesAreReadFromTheirPixelsWithPageCorners() throws {
        let (work, file, path) = try fixture("born_digital_image_codes.pdf", id: 7)
        let pdf = try PDFDocument(path: path)
        for (n, payload) in [(1, "quire-turned-7"), (2, "QUIRE-IMG-9"), (3, "QUIRE-TURN-3"), (4, "QUIRE-ROT-90")] {
            let (extract, findings) = try run(work, file, page: n)
            XCTAssertEqual(extract.working?.drawing, DrawingVerdict.mayHoldCodes, payload)
            XCTAssertEqual(extract.working?.embeddedCodeImages?.count, 1, payload)
            XCTAssertEqual(extract.working?.image.resolution, ExtractPageStage.rulingDPI, "\(payload): no full raster")
            XCTAssertNil(findings.note, payload)
            XCTAssertEqual(findings.codes.map(\.payload), [payload])
            let whole = try BarcodeDetector(settings: BarcodeSettings()).detect(try pdf.page(n).render(dpi: 300))
            XCTAssertEqual(whole.map(\.payload), [payload], "the page shows an ordinary code")
            guard let read = findings.codes.first, let reference = whole.first else { continue }
            XCTAssertEqual(read.corners.count, 4, payload)
            // A linear code's corners across its bars are the first and last rows it was read on,
            // which differ by a few pixels between two reads of the same code.
            for (a, b) in zip(read.corners, reference.corners) {
                XCTAssertLessThanOrEqual(max(abs(a.x - b.x), abs(a.y - b.y)), 6, "\(payload): \(a) vs \(b)")
            }
            XCTAssertLessThanOrEqual(abs(read.orientation - reference.orientation), 1, payload)
        }
    }

    /// `born_digital_photo_codes.pdf`: a text page with a photo-like picture (blotches, a gradient,
    /// leaves, a bold letter) and a photographed label (a Code 128 turned 6°, blurred, JPEG): with
    /// the code-texture check of a text-layer page's pictures, the label's code is still read from
    /// its pixels, and nothing from the photo-like picture.
    func testPhotographedCodeInAPictureIsReadWithTheTextureCheck() throws {
        let (work, file, _) = try fixture("born_digital_photo_codes.pdf", id: 8)
        let (extract, findings) = try run(work, file, page: 1)
        XCTAssertEqual(extract.working?.drawing, DrawingVerdict.mayHoldCodes)
        XCTAssertEqual(extract.working?.embeddedCodeImages?.count, 2)
        XCTAssertGreaterThanOrEqual(extract.textLayer?.words.count ?? 0, 50, "a text page")
        XCTAssertEqual(findings.codes.map(\.payload), ["QUIRE-PHOTO-5"])
    }

    /// `born_digital_pale_picture.pdf`: a text page with a pale picture beside its text (a Code 128
    /// and a bar chart in grey 112 on grey 178, placed at 150 dpi). The picture is bordered with
    /// its own ground, not white (white made the ground ink to the reader, and the code was not
    /// read), and searched as a picture: the text layer has no words over it.
    func testAPalePictureBesideTheTextIsBorderedWithItsGroundAndReadAsAPicture() throws {
        let (work, file, _) = try fixture("born_digital_pale_picture.pdf", id: 9)
        let (extract, findings) = try run(work, file, page: 1)
        let pictures = try XCTUnwrap(extract.working?.embeddedCodeImages)
        XCTAssertEqual(pictures.count, 1)
        let words = try XCTUnwrap(extract.textLayer?.words)
        XCTAssertGreaterThanOrEqual(words.count, 50, "a text page")
        XCTAssertEqual(BarcodesPageStage.words(words.map(\.box), over: pictures[0]), 0, "no words over the picture")
        XCTAssertEqual(BarcodesPageStage.words(words.map(\.box), over: EmbeddedCodeImage(image: pictures[0].image,
                                                                                        toPage: PixelAffine(sampling: { ($0 * 100, $1 * 100) }))),
                       words.count, "a picture drawn over the whole page has every word over it")
        let plane = try XCTUnwrap(try pictures[0].image.barcodeGrayPlane())
        XCTAssertEqual(Int(plane.bytes[0]), 178, "the border is the picture's ground")
        XCTAssertEqual(findings.codes.map(\.payload), ["QUIRE-PALE-4"])
    }
}
