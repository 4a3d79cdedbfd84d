import Foundation
import XCTest
import XML

/// hOCR read back with libxml2's HTML parser (hierarchy, boxes, confidences) and ALTO validated
/// against the official ALTO 4.4 schema, on the sample run's database.
final class ExportXMLTests: XCTestCase {
    /// The ALTO 4.4 schema, its offline XLink stand-in and catalog, kept in the repository
    /// (Tests/Fixtures/schemas/README.md says where they come from).
    static let schemas = SamplesEndToEndTests.repo.appendingPathComponent("Tests/Fixtures/schemas")

    private func exported(_ format: String) throws -> (QuireSandbox, URL) {
        let run = try XCTUnwrap(ExportEndToEndTests.samples, "the sample run could not start")
        XCTAssertEqual(run.status, 0, run.stderr)
        let out = run.box.dir.appendingPathComponent("xml-\(format)")
        let result = try run.box.run(["export", run.box.pipeline, "--format", format, "--out", out.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return (run.box, out)
    }

    struct Rect { var x0, y0, x1, y1: Int
        func contains(_ r: Rect, slack: Int = 0) -> Bool {
            r.x0 >= x0 - slack && r.y0 >= y0 - slack && r.x1 <= x1 + slack && r.y1 <= y1 + slack
        }
    }

    /// The value of a property in an hOCR `title` ("bbox 1 2 3 4; x_wconf 95").
    static func property(_ title: String?, _ name: String) -> [String]? {
        guard let title else { return nil }
        for part in title.split(separator: ";") {
            let words = part.split(separator: " ").map(String.init)
            if words.first == name { return Array(words.dropFirst()) }
        }
        return nil
    }

    static func bbox(_ e: XMLElement) -> Rect? {
        guard let v = property(e.attributes["title"], "bbox")?.compactMap(Int.init), v.count == 4 else { return nil }
        return Rect(x0: v[0], y0: v[1], x1: v[2], y1: v[3])
    }

    func testHOCRHasThePageAreaParagraphLineWordHierarchyWithBoxes() throws {
        let (box, out) = try exported("hocr")
        for name in ["report.pdf", "fax.tif", "invoice-scan.pdf"] {
            let html = try XMLParser.parseHTML(Array(Data(contentsOf: out.appendingPathComponent(name + ".hocr"))))
            func classed(_ e: XMLElement, _ c: String) -> [XMLElement] { e.descendants { $0.attributes["class"] == c } }
            let pages = classed(html, "ocr_page")
            XCTAssertEqual(pages.count, try box.scalar("SELECT page_count FROM documents WHERE path LIKE '%/\(name)'"), name)
            var words = 0
            for page in pages {
                let pageBox = try XCTUnwrap(Self.bbox(page), name)
                XCTAssertEqual(Self.property(page.attributes["title"], "scan_res")?.count, 2)
                for area in page.children {
                    XCTAssertEqual(area.attributes["class"], "ocr_carea")
                    for par in area.children {
                        XCTAssertEqual(par.attributes["class"], "ocr_par")
                        let parBox = try XCTUnwrap(Self.bbox(par))
                        for line in par.children {
                            XCTAssertEqual(line.attributes["class"], "ocr_line")
                            let lineBox = try XCTUnwrap(Self.bbox(line))
                            XCTAssertTrue(parBox.contains(lineBox) && pageBox.contains(lineBox), "\(name): \(line.attributes)")
                            for word in line.children {
                                XCTAssertEqual(word.attributes["class"], "ocrx_word")
                                let wordBox = try XCTUnwrap(Self.bbox(word))
                                XCTAssertTrue(lineBox.contains(wordBox, slack: 2), "\(name): \(word.attributes)")
                                let conf = try XCTUnwrap(Self.property(word.attributes["title"], "x_wconf")?.first.flatMap(Int.init))
                                XCTAssertTrue((0...100).contains(conf))
                                XCTAssertFalse(word.text.isEmpty)
                                words += 1
                            }
                        }
                    }
                }
            }
            // Every stored word is in the hOCR, once.
            XCTAssertEqual(words, try box.scalar("""
                SELECT count(*) FROM words w JOIN pages p ON p.id = w.page_id JOIN documents d ON d.id = p.document_id
                WHERE d.path LIKE '%/\(name)'
                """), name)
        }
        let report = try XMLParser.parseHTML(Array(Data(contentsOf: out.appendingPathComponent("report.pdf.hocr"))))
        let firstWords = report.descendants { $0.attributes["class"] == "ocrx_word" }.prefix(3).map(\.text)
        XCTAssertEqual(firstWords, ["Quarterly", "Operations", "Report"])
    }

    func testALTOValidatesAgainstTheALTO44Schema() throws {
        let schemas = Self.schemas
        let (box, out) = try exported("alto")
        let schema = try XMLSchema(path: schemas.appendingPathComponent("alto-4-4.xsd").path,
                                   catalog: schemas.appendingPathComponent("catalog.xml").path)
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        XCTAssertEqual(files.count, 5)
        for file in files {
            let bytes = Array(try Data(contentsOf: out.appendingPathComponent(file)))
            XCTAssertEqual(try schema.validate(bytes), [], file)
        }
        // The validator does reject a broken file (a String without CONTENT).
        let broken = try String(contentsOf: out.appendingPathComponent("report.pdf.alto.xml"), encoding: .utf8)
            .replacingOccurrences(of: " CONTENT=\"Quarterly\"", with: "")
        XCTAssertFalse(try schema.validate(Array(broken.utf8)).isEmpty)

        let alto = try XMLParser.parseXML(Array(Data(contentsOf: out.appendingPathComponent("fax.tif.alto.xml"))))
        XCTAssertEqual(alto.descendants { $0.name == "Page" }.count, 3)
        let strings = alto.descendants { $0.name == "String" }
        XCTAssertEqual(strings.count, try box.scalar("""
            SELECT count(*) FROM words w JOIN pages p ON p.id = w.page_id JOIN documents d ON d.id = p.document_id
            WHERE d.path LIKE '%/fax.tif'
            """))
        for s in strings { XCTAssertTrue((0...1).contains(Double(s.attributes["WC"] ?? "") ?? -1), "\(s.attributes)") }
        let software = alto.descendants { $0.name == "softwareName" }.map(\.text)
        XCTAssertEqual(software, ["Tesseract", "quire"])
        let barcodes = try XMLParser.parseXML(Array(Data(contentsOf: out.appendingPathComponent("barcodes.png.alto.xml"))))
        XCTAssertTrue(barcodes.descendants { $0.name == "Illustration" && $0.attributes["TYPE"] == "barcode qr" }.count == 1)
    }
}
