import Foundation
import XCTest
import XML

/// `quire export` and `quire search` end to end, on a database made by running quire over
/// `samples/` (born-digital report, scanned invoice, fax TIFF, receipt photo, barcode sheet).
final class ExportEndToEndTests: XCTestCase {
    static let repo = SamplesEndToEndTests.repo

    /// The sample run `SamplesEndToEndTests` makes, shared (exports go to their own folders).
    static var samples: (box: QuireSandbox, status: Int32, stderr: String)? {
        SamplesEndToEndTests.run.map { ($0.box, $0.status, $0.stderr) }
    }

    private func sampleBox() throws -> QuireSandbox {
        let run = try XCTUnwrap(Self.samples, "the sample run could not start")
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.box
    }

    private func export(_ box: QuireSandbox, _ arguments: [String], into out: String) throws -> QuireSandbox.Result {
        try box.run(["export", box.pipeline, "--out", box.dir.appendingPathComponent(out).path] + arguments)
    }

    private func read(_ box: QuireSandbox, _ path: String) throws -> String {
        try String(contentsOf: box.dir.appendingPathComponent(path), encoding: .utf8)
    }

    func testJSONExportsValidateAgainstTheCommittedSchema() throws {
        let box = try sampleBox()
        let result = try export(box, ["--format", "json", "--words"], into: "json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let validator = try JSONSchemaValidator(schemaFile: Self.repo.appendingPathComponent("docs/export-json.schema.json"))
        let files = try FileManager.default.contentsOfDirectory(atPath: box.dir.appendingPathComponent("json").path).sorted()
        XCTAssertEqual(files, ["barcodes.png.json", "fax.tif.json", "invoice-scan.pdf.json", "receipt-photo.jpg.json", "report.pdf.json"])
        for file in files {
            let value = try JSONSerialization.jsonObject(with: Data(contentsOf: box.dir.appendingPathComponent("json/" + file)))
            XCTAssertEqual(validator.validate(value), [], file)
        }
        // The checker does reject what the schema forbids.
        XCTAssertFalse(validator.validate(["schema": "x", "pages": []]).isEmpty)

        struct Doc: Decodable {
            struct Page: Decodable {
                struct Block: Decodable {
                    struct Item: Decodable { var marker: String; var markerType: String; var text: String }
                    struct Table: Decodable {
                        struct Cell: Decodable { var rowRange: [Int]; var columnRange: [Int]; var text: String; var isHeader: Bool }
                        var rowCount: Int; var columnCount: Int; var cells: [Cell]
                    }
                    var kind: String; var text: String; var level: Int?; var items: [Item]?; var table: Table?
                }
                struct Line: Decodable {
                    struct Word: Decodable { var text: String; var confidence: Double; var box: [Int] }
                    var words: [Word]
                }
                var pageNumber: Int; var width: Int; var height: Int; var dpi: Int; var blocks: [Block]; var lines: [Line]?
            }
            var title: String?; var pages: [Page]
        }
        let report = try JSONDecoder().decode(Doc.self, from: Data(contentsOf: box.dir.appendingPathComponent("json/report.pdf.json")))
        XCTAssertEqual(report.title, "Quarterly Operations Report")
        XCTAssertEqual(report.pages.map(\.pageNumber), [1, 2])
        let blocks = report.pages.flatMap(\.blocks)
        XCTAssertEqual(blocks.filter { $0.kind == "heading" }.map(\.text), ["Summary", "Regional Results"])
        let lists = blocks.compactMap(\.items)
        XCTAssertEqual(lists.map { $0.map(\.markerType) }, [["bullet", "bullet", "bullet"], ["decimal", "decimal", "decimal"]])
        XCTAssertEqual(lists[1].map(\.text).first, "Open the new Leeds warehouse in May")
        let table = try XCTUnwrap(blocks.compactMap(\.table).first)
        XCTAssertEqual([table.rowCount, table.columnCount], [5, 4])
        XCTAssertTrue(table.cells.contains { $0.rowRange == [0, 1] && $0.columnRange == [0, 1] && $0.text == "Region" && $0.isHeader })
        XCTAssertTrue(table.cells.contains { $0.rowRange == [4, 5] && $0.columnRange == [3, 4] && $0.text == "+13.5%" })
        // --words: words with 0-1 confidences and boxes inside the page.
        let page = report.pages[0]
        let words = (page.lines ?? []).flatMap(\.words)
        XCTAssertTrue(words.contains { $0.text == "Quarterly" }, "\(words.prefix(5))")
        for w in words {
            XCTAssertTrue((0...1).contains(w.confidence))
            XCTAssertTrue(w.box[0] >= 0 && w.box[1] >= 0 && w.box[0] + w.box[2] <= page.width && w.box[1] + w.box[3] <= page.height)
        }
    }

    func testMarkdownTextCSVAndHTMLCarryTheStructure() throws {
        let box = try sampleBox()
        // A table file from an earlier export of a version with more tables, and a file of the user's.
        let folder = box.dir.appendingPathComponent("md")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "old".write(to: folder.appendingPathComponent("report.pdf.p9-t1.csv"), atomically: true, encoding: .utf8)
        try "mine".write(to: folder.appendingPathComponent("report.pdf.notes.csv"), atomically: true, encoding: .utf8)
        let result = try export(box, ["--format", "markdown,text", "--format", "csv,html", "--document", "report.pdf"], into: "md")
        XCTAssertEqual(result.status, 0, result.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(files, ["report.pdf.md", "report.pdf.notes.csv", "report.pdf.p2-t1.csv", "report.pdf.tables.html", "report.pdf.txt"],
                       "--document selects; the stale table is gone, the user's file stays")

        let md = try read(box, "md/report.pdf.md")
        let lines = md.components(separatedBy: "\n")
        XCTAssertEqual(lines.first { $0.hasPrefix("# ") }, "# Quarterly Operations Report")
        XCTAssertTrue(lines.contains("## Summary") && lines.contains("## Regional Results"), md)
        XCTAssertTrue(lines.contains("- Order volume grew by 12 percent"), md)
        XCTAssertTrue(lines.contains("1. Open the new Leeds warehouse in May"), md)
        XCTAssertTrue(lines.contains("| Region | Q1 Orders | Q2 Orders | Change |"), md)
        XCTAssertTrue(lines.contains("| --- | --- | --- | --- |"), md)
        XCTAssertTrue(lines.contains("| West | 1,675 | 1,901 | +13.5% |"), md)
        XCTAssertTrue(lines.contains("<!-- page 2 -->"), md)
        // The title comes before the first heading, the page-2 heading after the page-2 comment.
        XCTAssertLessThan(try XCTUnwrap(lines.firstIndex(of: "<!-- page 2 -->")), try XCTUnwrap(lines.firstIndex(of: "## Regional Results")))

        let text = try read(box, "md/report.pdf.txt")
        let pages = text.components(separatedBy: "\u{0C}")
        XCTAssertEqual(pages.count, 2, "pages separated by one form feed")
        XCTAssertTrue(pages[0].contains("Quarterly Operations Report") && pages[1].contains("Regional Results"))

        let csv = try read(box, "md/report.pdf.p2-t1.csv")
        XCTAssertTrue(csv.hasSuffix("\r\n"))
        let rows = csv.components(separatedBy: "\r\n").dropLast()
        XCTAssertEqual(rows.first, "Region,Q1 Orders,Q2 Orders,Change")
        XCTAssertEqual(rows.count, 5)
        XCTAssertEqual(rows.last, "West,\"1,675\",\"1,901\",+13.5%", "fields with commas are quoted")

        let html = try read(box, "md/report.pdf.tables.html")
        XCTAssertEqual(html.components(separatedBy: "<th>").count - 1, 4, "four header cells: \(html)")
        XCTAssertEqual(html.components(separatedBy: "<tr>").count - 1, 5)
        XCTAssertTrue(html.contains("<td>+13.5%</td>"), html)
    }

    func testSearchRanksStemsAndKeepsToCurrentDocuments() throws {
        let box = try sampleBox()
        // Stemming: "priority" finds "priorities" (report page 1 and 2).
        let stem = try box.run(["search", box.database, "priority", "--json"])
        XCTAssertEqual(stem.status, 0, stem.stderr)
        struct Output: Decodable { struct Hit: Decodable { var path: String; var page: Int; var snippet: String; var score: Double }; var hits: [Hit] }
        let hits = try JSONDecoder().decode(Output.self, from: Data(stem.stdout.utf8)).hits
        XCTAssertFalse(hits.isEmpty, stem.stdout)
        XCTAssertTrue(hits.allSatisfy { $0.path.hasSuffix("report.pdf") }, stem.stdout)
        XCTAssertTrue(hits.contains { $0.snippet.contains("«priorities»") }, stem.stdout)
        XCTAssertEqual(hits.map(\.score), hits.map(\.score).sorted(by: >), "best first")
        // Phrase, prefix and NEAR.
        let phrase = try box.run(["search", box.pipeline, "\"delivery schedule\""])
        XCTAssertTrue(phrase.stdout.contains("fax.tif:2:"), phrase.stdout + phrase.stderr)
        let prefix = try box.run(["search", box.database, "Quarterl*", "--limit", "1"])
        XCTAssertEqual(prefix.stdout.split(separator: "\n").count, 1)
        XCTAssertTrue(prefix.stdout.contains("report.pdf:1:") && prefix.stdout.contains("«Quarterly»"), prefix.stdout)
        let near = try box.run(["search", box.database, "NEAR(Leeds warehouse, 2)"])
        XCTAssertTrue(near.stdout.contains("report.pdf:2:"), near.stdout)
        let far = try box.run(["search", box.database, "NEAR(Leeds vans, 1)"])
        XCTAssertEqual(far.stdout, "", "NEAR respects the distance")
        // A query that cannot be understood is a usage error naming the query and saying why.
        let bad = try box.run(["search", box.database, "\"unbalanced"])
        XCTAssertEqual(bad.status, 64, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("unbalanced") && bad.stderr.contains("never closed"), bad.stderr)
        // What people type (issue 38): the README's bare NEAR, a date, an invoice number.
        let readme = try box.run(["search", box.database, "subtotal NEAR total"])
        XCTAssertEqual(readme.status, 0, readme.stderr)
        XCTAssertTrue(readme.stdout.contains("invoice-scan.pdf:1:"), readme.stdout + readme.stderr)
        // On the invoice "Invoice" and "Total" are some 70 words apart: said, not left silent.
        let apart = try box.run(["search", box.database, "invoice NEAR total"])
        XCTAssertEqual(apart.stdout, "")
        XCTAssertTrue(apart.stderr.hasPrefix("no matches for 'invoice NEAR total' within 10 words; 1 page(s) hold all the words farther apart (first: "), apart.stderr)
        XCTAssertTrue(apart.stderr.hasSuffix("invoice-scan.pdf:1): write NEAR/50 for a wider span, or leave NEAR out\n"), apart.stderr)
        XCTAssertTrue(try box.run(["search", box.database, "invoice NEAR/100 total"]).stdout.contains("invoice-scan.pdf:1:"))
        for typed in ["2024-03-15", "INV-2024-0042"] {
            let found = try box.run(["search", box.database, typed])
            XCTAssertEqual(found.status, 0, found.stderr)
            XCTAssertTrue(found.stdout.contains("invoice-scan.pdf:1:"), typed + ": " + found.stdout + found.stderr)
        }
        let slashDate = try box.run(["search", box.database, "15/03/2024"])
        XCTAssertEqual(slashDate.status, 0, "a slash date is no syntax error: " + slashDate.stderr)
    }
}

/// Export rules that need their own database: failed pages, --changed, duplicates.
final class ExportRulesEndToEndTests: XCTestCase {
    func testFailedPagesAreMarkedAndChangedExportsOnlyWhatChanged() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf"])
        try box.writePipeline(barcodes: false)
        let run = try box.run(["run", box.pipeline, "--quiet"], environment: ["QUIRE_FAULT": "layout:throw:alpha#2"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let out = box.dir.appendingPathComponent("out-x").path
        let first = try box.run(["export", box.database, "--format", "json,markdown,text", "--out", out, "--changed"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("exported 2 document(s), 6 file(s)"), first.stderr)

        // The failed page is there, marked, with its stage and error; the document is not short.
        struct Doc: Decodable { struct Page: Decodable { var pageNumber: Int; var status: String; var failedStage: String?; var error: String? }; var pages: [Page] }
        let doc = try JSONDecoder().decode(Doc.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/alpha.pdf.json")))
        XCTAssertEqual(doc.pages.map(\.status), ["done", "failed", "done"])
        XCTAssertEqual(doc.pages[1].failedStage, "layout")
        XCTAssertTrue(doc.pages[1].error?.contains("injected") == true)
        let text = try String(contentsOfFile: out + "/alpha.pdf.txt", encoding: .utf8).components(separatedBy: "\u{0C}")
        XCTAssertEqual(text.count, 3)
        XCTAssertTrue(text[1].contains("[page 2 has no results: failed in layout"), text[1])
        let md = try String(contentsOfFile: out + "/alpha.pdf.md", encoding: .utf8)
        XCTAssertTrue(md.contains("**Page 2 has no results** (failed in layout"), md)
        // hOCR and ALTO keep the page, marked; the ALTO file stays valid.
        let xml = box.dir.appendingPathComponent("xml").path
        XCTAssertEqual(try box.run(["export", box.database, "--format", "hocr,alto", "--out", xml, "--document", "alpha.pdf"]).status, 0)
        let hocr = try XMLParser.parseHTML(Array(Data(contentsOf: URL(fileURLWithPath: xml + "/alpha.pdf.hocr"))))
        let pages = hocr.descendants { $0.attributes["class"] == "ocr_page" }
        XCTAssertEqual(pages.map { $0.attributes["title"]?.contains("x_status failed") == true }, [false, true, false])
        let altoBytes = Array(try Data(contentsOf: URL(fileURLWithPath: xml + "/alpha.pdf.alto.xml")))
        let alto = try XMLParser.parseXML(altoBytes)
        XCTAssertEqual(alto.descendants { $0.name == "Page" }.map { $0.attributes["QUALITY"] }, [nil, "Missing", nil])
        let schemas = ExportXMLTests.schemas
        let schema = try XMLSchema(path: schemas.appendingPathComponent("alto-4-4.xsd").path,
                                   catalog: schemas.appendingPathComponent("catalog.xml").path)
        XCTAssertEqual(try schema.validate(altoBytes), [])
        XCTAssertEqual(try box.scalar("SELECT count(*) FROM exports WHERE format = 'json'"), 2)

        // Nothing changed: nothing is written again.
        let before = try FileManager.default.attributesOfItem(atPath: out + "/beta.pdf.json")[.modificationDate] as? Date
        let second = try box.run(["export", box.database, "--format", "json,markdown,text", "--out", out, "--changed"])
        XCTAssertTrue(second.stderr.contains("exported 0 document(s), 0 file(s)"), second.stderr)
        XCTAssertTrue(second.stderr.contains("2 unchanged"), second.stderr)
        // A file removed since its export is written again, even though nothing changed.
        try FileManager.default.removeItem(atPath: out + "/beta.pdf.md")
        let restored = try box.run(["export", box.database, "--format", "json,markdown,text", "--out", out, "--changed"])
        XCTAssertTrue(restored.stderr.contains("exported 1 document(s), 1 file(s)"), restored.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/beta.pdf.md"))
        // Rerunning the failed page changes alpha only.
        let rerun = try box.run(["rerun", box.pipeline, "--failed", "--quiet"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        let third = try box.run(["export", box.database, "--format", "json,markdown,text", "--out", out, "--changed"])
        XCTAssertTrue(third.stderr.contains("exported 1 document(s), 3 file(s)"), third.stderr)
        let redone = try JSONDecoder().decode(Doc.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/alpha.pdf.json")))
        XCTAssertEqual(redone.pages.map(\.status), ["done", "done", "done"])
        let after = try FileManager.default.attributesOfItem(atPath: out + "/beta.pdf.json")[.modificationDate] as? Date
        XCTAssertEqual(before, after, "beta.pdf was not rewritten")
        // --since the rerun: only the document the rerun wrote.
        let since = try box.run(["export", box.database, "--format", "text", "--out", box.dir.appendingPathComponent("since").path,
                                 "--since", "2"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: box.dir.appendingPathComponent("since").path), ["alpha.pdf.txt"],
                       since.stderr)
        // No temporary files are left behind.
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: out).contains { $0.hasPrefix(".") })
    }

    func testDuplicatesAndSupersededVersionsAreNeitherExportedNorFound() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf"])
        try box.writePipeline(barcodes: false)
        let early = try box.run(["export", box.pipeline, "--format", "json", "--out", box.dir.appendingPathComponent("early").path])
        XCTAssertEqual(early.status, 74, "no database before the first run: \(early.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: box.database), "export does not create a database")
        try FileManager.default.copyItem(at: box.inputs.appendingPathComponent("alpha.pdf"),
                                         to: box.inputs.appendingPathComponent("copy-of-alpha.pdf"))
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let alphaHits = try box.run(["search", box.database, "ledger", "--json"])
        XCTAssertFalse(alphaHits.stdout.contains("copy-of-alpha"), alphaHits.stdout)
        // beta.pdf replaced by alpha's content under its name? No: a new version of beta.
        try FileManager.default.removeItem(at: box.inputs.appendingPathComponent("beta.pdf"))
        try FileManager.default.copyItem(at: QuireSandbox.fixtures.appendingPathComponent("gamma.pdf"),
                                         to: box.inputs.appendingPathComponent("beta.pdf"))
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let out = box.dir.appendingPathComponent("x").path
        let result = try box.run(["export", box.pipeline, "--format", "text", "--out", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["alpha.pdf.txt", "beta.pdf.txt"])
        let beta = try String(contentsOfFile: out + "/beta.pdf.txt", encoding: .utf8)
        XCTAssertEqual(beta.components(separatedBy: "\u{0C}").count, 4, "the current version (gamma's 4 pages), not the old one")
    }
}

/// Exporting while a run writes: one snapshot, documents in progress skipped (or, with
/// `--force`, exported with their pending pages marked), picked up by the next `--changed`.
final class ExportDuringRunTests: XCTestCase {
    func testExportWhileARunWrites() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(barcodes: false, extra: "run:\n  workers: 1")
        let (process, _, _) = try box.start(["run", box.pipeline, "--progress", "json"],
                                            environment: ["QUIRE_FAULT": "extract:slow:gamma"])
        // Wait until gamma has a done page but not all of them.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let done = (try? box.scalar("""
                SELECT count(*) FROM pages p JOIN documents d ON d.id = p.document_id
                WHERE d.path LIKE '%gamma.pdf' AND p.status = 'done'
                """)) ?? 0
            if done >= 1 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let out = box.dir.appendingPathComponent("live").path
        let live = try box.run(["export", box.database, "--format", "json", "--out", out, "--changed"])
        let forced = try box.run(["export", box.database, "--format", "json", "--out", out + "-forced", "--force"])
        let stillRunning = process.isRunning
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertTrue(stillRunning, "the run was still writing during the exports")
        XCTAssertEqual(live.status, 0, live.stderr)
        XCTAssertTrue(live.stderr.contains("1 document(s) skipped: a run is still working on them"), live.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["alpha.pdf.json", "beta.pdf.json"])

        struct Doc: Decodable { struct Page: Decodable { var status: String; var text: String }; var pages: [Page] }
        let gamma = try JSONDecoder().decode(Doc.self, from: Data(contentsOf: URL(fileURLWithPath: out + "-forced/gamma.pdf.json")))
        XCTAssertEqual(gamma.pages.count, 4)
        XCTAssertEqual(gamma.pages.first?.status, "done")
        XCTAssertEqual(gamma.pages.last?.status, "pending", "pages not done yet are there, marked")

        // After the run, --changed exports what was skipped, and only that.
        let after = try box.run(["export", box.database, "--format", "json", "--out", out, "--changed"])
        XCTAssertTrue(after.stderr.contains("exported 1 document(s), 1 file(s)"), after.stderr)
        XCTAssertTrue(after.stderr.contains("2 unchanged"), after.stderr)
    }
}

/// Every `quire validate|status|export|search|help` line of the README's shell examples, run as
/// written (through bash, quotes and all) on the sample database: each exits 0, and each search
/// finds something (issue 38: the README's own search example found nothing).
final class ReadmeExamplesTests: XCTestCase {
    func testTheREADMEExamplesRunAsWritten() throws {
        let run = try XCTUnwrap(SamplesEndToEndTests.run, "the sample run could not start")
        XCTAssertEqual(run.status, 0, run.stderr)
        let box = run.box
        let readme = try String(contentsOf: SamplesEndToEndTests.repo.appendingPathComponent("README.md"), encoding: .utf8)
        var examples: [String] = []
        var inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = line == "```sh"; continue }
            guard inShell, line.hasPrefix("quire ") else { continue }
            let words = line.split(separator: " ")
            guard ["validate", "status", "export", "search", "help"].contains(String(words[1])) else { continue }
            // The comment after the command is prose; a `#` inside quotes is not one of these.
            examples.append(String(line.components(separatedBy: "  #")[0]).trimmingCharacters(in: .whitespaces))
        }
        XCTAssertGreaterThanOrEqual(examples.count, 12, "\(examples)")
        let out = box.dir.appendingPathComponent("readme-exports").path
        for example in examples {
            let command = example
                .replacingOccurrences(of: "pipelines/samples.yml", with: box.pipeline)
                .replacingOccurrences(of: "out/samples.sqlite", with: box.database)
                .replacingOccurrences(of: "--out exports/", with: "--out \(out)/")
                .replacingOccurrences(of: "quire ", with: QuireSandbox.executable + " ", options: .anchored)
            // In the sandbox: an example's relative output folder (`--out archive/`) lands there,
            // never in the checkout.
            let result = try ChildProcess.run("/bin/bash", ["-c", "cd '\(box.dir.path)' && " + command],
                                              environment: ["OMP_THREAD_LIMIT": "1"])
            XCTAssertEqual(result.status, 0, "\(example): \(result.stderr)")
            if example.hasPrefix("quire search") {
                XCTAssertFalse(result.stdout.isEmpty, "the README's search example finds nothing: \(example)\n\(result.stderr)")
            }
        }
    }
}

/// `export --changed` keeps the output folder a mirror of the archive (issue 38, item 10).
final class ExportChangedMirrorTests: XCTestCase {
    func testChangedExportRemovesTheFilesOfMovedAndMissingDocuments() throws {
        let box = try QuireSandbox(files: ["alpha.pdf", "beta.pdf", "gamma.pdf"])
        try box.writePipeline(barcodes: false)
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let out = box.dir.appendingPathComponent("mirror").path
        let first = try box.run(["export", box.pipeline, "--format", "json,text", "--out", out, "--changed"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let fm = FileManager.default
        for name in ["alpha", "beta", "gamma"] { XCTAssertTrue(fm.fileExists(atPath: "\(out)/\(name).pdf.json")) }

        // beta moves into a folder, alpha is deleted; gamma stays.
        try fm.createDirectory(at: box.inputs.appendingPathComponent("moved"), withIntermediateDirectories: true)
        try fm.moveItem(at: box.inputs.appendingPathComponent("beta.pdf"), to: box.inputs.appendingPathComponent("moved/beta.pdf"))
        try fm.removeItem(at: box.inputs.appendingPathComponent("alpha.pdf"))
        XCTAssertEqual(try box.run(["run", box.pipeline, "--quiet"]).status, 0)
        let second = try box.run(["export", box.pipeline, "--format", "json,text", "--out", out, "--changed"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stderr.contains("4 file(s) of moved or missing documents removed"), second.stderr)
        for gone in ["alpha.pdf.json", "alpha.pdf.txt", "beta.pdf.json", "beta.pdf.txt"] {
            XCTAssertFalse(fm.fileExists(atPath: "\(out)/\(gone)"), gone)
        }
        for kept in ["gamma.pdf.json", "gamma.pdf.txt", "moved/beta.pdf.json", "moved/beta.pdf.txt"] {
            XCTAssertTrue(fm.fileExists(atPath: "\(out)/\(kept)"), kept + ": " + second.stderr)
        }
        // Said once: the next --changed export has nothing to remove.
        let third = try box.run(["export", box.pipeline, "--format", "json,text", "--out", out, "--changed"])
        XCTAssertFalse(third.stderr.contains("removed"), third.stderr)
    }
    /// A word matching more pages than `search` ranks: the hits are the best of the most recent
    /// ones, and the command says so (stderr, and `ranked_most_recent` in JSON); a rarer word not.
    func testSearchSaysWhenACommonWordIsRankedAmongTheMostRecentMatchesOnly() throws {
        let run = try XCTUnwrap(SamplesEndToEndTests.run, "the sample run could not start")
        XCTAssertEqual(run.status, 0, run.stderr)
        let box = run.box
        let copy = box.dir.appendingPathComponent("many-pages.sqlite").path
        try? FileManager.default.removeItem(atPath: copy)
        let sql = """
            .backup '\(copy)'
            .open '\(copy)'
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10001)
            INSERT INTO documents(id, path, sha256, kind, page_count, status)
              SELECT 100000 + i, '/many/doc-' || i || '.pdf', 'sha-many-' || i, 'pdf', 1, 'done' FROM n;
            INSERT INTO pages(id, document_id, page_number, status) SELECT id, id, 1, 'done' FROM documents WHERE id > 100000;
            INSERT INTO page_fts(rowid, text) SELECT id, 'commonplace filler ' || id FROM pages WHERE id > 100000;
            """
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [box.database]
        let input = Pipe()
        sqlite.standardInput = input
        try sqlite.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        sqlite.waitUntilExit()
        XCTAssertEqual(sqlite.terminationStatus, 0)

        let common = try box.run(["search", copy, "commonplace", "--limit", "3"])
        XCTAssertEqual(common.status, 0, common.stderr)
        XCTAssertEqual(common.stdout.split(separator: "\n").count, 3, common.stdout)
        XCTAssertTrue(common.stderr.contains("note: more than 10000 pages match; these are the best of the 10000 most recently stored"),
                      common.stderr)
        let json = try box.run(["search", copy, "commonplace", "--limit", "3", "--json"])
        XCTAssertTrue(json.stdout.contains("\"ranked_most_recent\" : 10000"), json.stdout)
        let rare = try box.run(["search", copy, "priority", "--json"])
        XCTAssertEqual(rare.status, 0, rare.stderr)
        XCTAssertFalse(rare.stdout.contains("ranked_most_recent"), rare.stdout)
        XCTAssertFalse(rare.stderr.contains("note:"), rare.stderr)
    }
}
