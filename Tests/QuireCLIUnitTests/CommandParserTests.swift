import XCTest
@testable import QuireCLI

final class CommandParserTests: XCTestCase {
    static let good: [([String], ParsedCommand)] = [
        (["--version"], .version),
        (["run", "p.yaml"], .run(RunOptions(pipeline: "p.yaml"))),
        (["run", "p.yaml", "--workers", "4"], .run(RunOptions(pipeline: "p.yaml", workers: 4))),
        (["run", "--workers=4", "p.yaml"], .run(RunOptions(pipeline: "p.yaml", workers: 4))),
        (["run", "p.yaml", "--progress", "json", "--quiet"], .run(RunOptions(pipeline: "p.yaml", progress: .json, quiet: true))),
        (["run", "p.yaml", "-q", "--progress=plain"], .run(RunOptions(pipeline: "p.yaml", progress: .plain, quiet: true))),
        (["run", "--workers", "2", "--workers", "3", "p.yaml"], .run(RunOptions(pipeline: "p.yaml", workers: 3))),
        (["run", "--", "--odd-name.yaml"], .run(RunOptions(pipeline: "--odd-name.yaml"))),
        (["run", "--quiet", "--", "-h"], .run(RunOptions(pipeline: "-h", quiet: true))),
        (["validate", "p.yaml"], .validate(ValidateOptions(pipeline: "p.yaml"))),
        (["status", "q.db"], .status(StatusOptions(database: "q.db"))),
        (["status", "--json", "q.db"], .status(StatusOptions(database: "q.db", json: true))),
        (["status", "p.yml", "--check"], .status(StatusOptions(database: "p.yml", check: true))),
        (["run", "p.yaml", "--log-file", "/var/log/q.jsonl"], .run(RunOptions(pipeline: "p.yaml", logFile: "/var/log/q.jsonl"))),
        (["rerun", "p.yaml", "--failed", "--log-file=q.jsonl"], .rerun(RerunOptions(pipeline: "p.yaml", failedOnly: true, logFile: "q.jsonl"))),
        (["rerun", "p.yaml"], .rerun(RerunOptions(pipeline: "p.yaml"))),
        (["rerun", "p.yaml", "--failed", "--stage", "ocr", "--document", "2024/**", "--document=*.pdf", "--force",
          "--workers", "8", "--progress", "plain"],
         .rerun(RerunOptions(pipeline: "p.yaml", failedOnly: true, stage: .ocr, documents: ["2024/**", "*.pdf"],
                             force: true, workers: 8, progress: .plain))),
        (["rerun", "--stage=barcodes", "p.yaml"], .rerun(RerunOptions(pipeline: "p.yaml", stage: .barcodes))),
        (["export", "q.db", "--format", "json,markdown", "--format=csv", "--out", "o", "--changed", "--words"],
         .export(ExportOptions(target: "q.db", formats: ["json", "markdown", "csv"], out: "o", changed: true, words: true))),
        (["export", "p.yml", "--format", "pdf", "--out=o", "--since", "3", "--document", "a/**", "--force"],
         .export(ExportOptions(target: "p.yml", formats: ["pdf"], out: "o", documents: ["a/**"], since: 3, force: true))),
        (["search", "q.db", "invoice NEAR total"], .search(SearchOptions(target: "q.db", query: "invoice NEAR total"))),
        (["search", "q.db", "--limit", "5", "--json", "--", "-odd"], .search(SearchOptions(target: "q.db", query: "-odd", limit: 5, json: true))),
        (["__worker"], .worker(WorkerOptions(arguments: []))),
        (["__worker", "--fd", "3", "--help", "--", "x"], .worker(WorkerOptions(arguments: ["--fd", "3", "--help", "--", "x"]))),
    ]

    func testGoodCommandLines() throws {
        for (arguments, expected) in Self.good {
            XCTAssertEqual(try CommandParser.parse(arguments), expected, "\(arguments)")
        }
    }

    /// Every form of help returns the right text.
    func testHelpAtEveryLevel() throws {
        let cases: [([String], String)] = [
            (["--help"], "Usage: quire <command> [options]"),
            (["-h"], "Usage: quire <command> [options]"),
            (["help"], "Usage: quire <command> [options]"),
            (["help", "run"], "Usage: quire run PIPELINE [--workers N] [--progress auto|plain|json] [--quiet]"),
            (["run", "--help"], "Usage: quire run PIPELINE"),
            (["run", "p.yaml", "-h"], "Usage: quire run PIPELINE"),
            (["run", "--bogus", "--help"], "Usage: quire run PIPELINE"),
            (["validate", "-h"], "Usage: quire validate PIPELINE"),
            (["status", "--help"], "Usage: quire status PIPELINE|DB [--json] [--check]"),
            (["help", "rerun"], "[--stage extract|ocr|layout|barcodes|detect|split] [--document GLOB] [--force]"),
        ]
        for (arguments, expected) in cases {
            guard case .help(let text) = try CommandParser.parse(arguments) else { XCTFail("\(arguments) is not help"); continue }
            XCTAssertTrue(text.contains(expected), "\(arguments): \(text)")
        }
        guard case .help(let top) = try CommandParser.parse(["--help"]) else { return XCTFail() }
        XCTAssertFalse(top.contains("__worker"), "the worker subcommand is hidden")
        for name in ["run", "validate", "status", "rerun"] { XCTAssertTrue(top.contains("  \(name) "), name) }
    }

    static let bad: [([String], String, String?)] = [
        ([], "missing command", nil),
        (["export", "q.db", "--out", "o"], "missing --format", "export"),
        (["export", "q.db", "--format", "jsn", "--out", "o"], "unknown format 'jsn'", "export"),
        (["export", "q.db", "--format", "json"], "missing --out DIR", "export"),
        (["export", "q.db", "--format", "json", "--out", "o", "--since", "x"], "expects a run id", "export"),
        (["export", "q.db", "--format", "json", "--out", "o", "--since", "2", "--changed"], "use one", "export"),
        (["search", "q.db"], "missing QUERY", "search"),
        (["search", "q.db", "a", "b"], "unexpected argument 'b'", "search"),
        (["search", "q.db", "a", "--limit", "0"], "at least 1", "search"),
        (["frobnicate"], "unknown command 'frobnicate'", nil),
        (["rnu", "p.yaml"], "unknown command 'rnu' (did you mean 'run'?)", nil),
        (["--verison"], "unknown option '--verison' (did you mean '--version'?)", nil),
        (["help", "nope"], "unknown command 'nope'", nil),
        (["run"], "missing PIPELINE argument", "run"),
        (["run", "a.yaml", "b.yaml"], "unexpected argument 'b.yaml'", "run"),
        (["run", "p.yaml", "--wrokers", "2"], "unknown option '--wrokers' (did you mean '--workers'?)", "run"),
        (["run", "p.yaml", "--workers"], "option '--workers' needs a value (N)", "run"),
        (["run", "p.yaml", "--workers", "0"], "option '--workers' expects a whole number from 1 to 64, found '0'", "run"),
        (["run", "p.yaml", "--workers=lots"], "found 'lots'", "run"),
        (["run", "p.yaml", "--progress", "fancy"], "option '--progress' expects one of auto, plain, json, found 'fancy'", "run"),
        (["run", "p.yaml", "--quiet=yes"], "option '--quiet' takes no value", "run"),
        (["run", "p.yaml", "-x"], "unknown option '-x'", "run"),
        (["validate", "p.yaml", "--workers", "2"], "unknown option '--workers'", "validate"),
        (["status"], "missing PIPELINE|DB argument", "status"),
        (["rerun", "p.yaml", "--stage", "orc"], "option '--stage' expects one of extract, ocr, layout, barcodes, detect, split, found 'orc' (did you mean 'ocr'?)", "rerun"),
        (["run", "--version"], "unknown option '--version'", "run"),
    ]

    func testBadCommandLines() {
        for (arguments, message, command) in Self.bad {
            XCTAssertThrowsError(try CommandParser.parse(arguments), "\(arguments)") { error in
                guard let usage = error as? UsageError else { return XCTFail("\(arguments): \(error)") }
                XCTAssertTrue(usage.message.contains(message), "\(arguments): \(usage.message)")
                XCTAssertEqual(usage.command, command, "\(arguments)")
            }
        }
    }

    func testUsageErrorRendering() {
        XCTAssertEqual(UsageError("missing PIPELINE argument", command: "validate").description, """
        Error: missing PIPELINE argument
        Usage: quire validate PIPELINE
        See 'quire validate --help'.
        """)
        XCTAssertEqual(UsageError("missing command").description, """
        Error: missing command
        Usage: quire <command> [options]
        See 'quire --help'.
        """)
    }
}
