import XCTest
@testable import YAML

final class YAMLParserTests: XCTestCase {
    func testMappingKeepsOrderAndMarks() throws {
        let text = """
        name: nightly
        database: out/quire.db
        inputs:
          - scans
          - path: archive
            include: ["**/*.pdf"]
        """
        let root = try XCTUnwrap(YAMLParser.parse(text, file: "p.yaml"))
        let pairs = try XCTUnwrap(root.mapping)
        XCTAssertEqual(pairs.map(\.key.scalarValue), ["name", "database", "inputs"])
        XCTAssertEqual(pairs[0].key.mark, Mark(line: 1, column: 1))
        XCTAssertEqual(pairs[0].value.mark, Mark(line: 1, column: 7))
        XCTAssertEqual(root["database"]?.scalarValue, "out/quire.db")
        let inputs = try XCTUnwrap(root["inputs"]?.sequence)
        XCTAssertEqual(inputs.count, 2)
        XCTAssertEqual(inputs[0].scalarValue, "scans")
        XCTAssertEqual(inputs[0].mark, Mark(line: 4, column: 5))
        XCTAssertEqual(inputs[1]["path"]?.scalarValue, "archive")
        XCTAssertEqual(inputs[1].mark, Mark(line: 5, column: 5))
        let include = try XCTUnwrap(inputs[1]["include"])
        XCTAssertEqual(include.mark, Mark(line: 6, column: 14))
        XCTAssertEqual(include[0]?.scalarValue, "**/*.pdf")
        XCTAssertEqual(include[0]?.scalarStyle, .doubleQuoted)
        XCTAssertEqual(include[0]?.mark, Mark(line: 6, column: 15))
    }

    func testScalarStylesTagsAndNulls() throws {
        let text = """
        plain: yes
        single: 'it''s'
        double: "tab\\there"
        literal: |
          line one
          line two
        folded: >
          a
          b
        empty:
        tilde: ~
        quoted_null: "null"
        tagged: !!str 123
        unicode: "Grüße ✓"
        """
        let root = try XCTUnwrap(YAMLParser.parse(text))
        XCTAssertEqual(root["plain"]?.scalarStyle, .plain)
        XCTAssertEqual(root["single"]?.scalarValue, "it's")
        XCTAssertEqual(root["single"]?.scalarStyle, .singleQuoted)
        XCTAssertEqual(root["double"]?.scalarValue, "tab\there")
        XCTAssertEqual(root["literal"]?.scalarValue, "line one\nline two\n")
        XCTAssertEqual(root["literal"]?.scalarStyle, .literal)
        XCTAssertEqual(root["folded"]?.scalarValue, "a b\n")
        XCTAssertEqual(root["folded"]?.scalarStyle, .folded)
        XCTAssertEqual(root["empty"]?.isNull, true)
        XCTAssertEqual(root["tilde"]?.isNull, true)
        XCTAssertEqual(root["quoted_null"]?.isNull, false)
        XCTAssertEqual(root["tagged"]?.tag, "tag:yaml.org,2002:str")
        XCTAssertEqual(root["tagged"]?.scalarValue, "123")
        XCTAssertEqual(root["unicode"]?.scalarValue, "Grüße ✓")
    }

    func testScalarWithEmbeddedNULUsesLength() throws {
        let root = try XCTUnwrap(YAMLParser.parse("a: \"x\\0y\"\n"))
        XCTAssertEqual(root["a"]?.scalarValue, "x\u{0}y")
        XCTAssertEqual(root["a"]?.scalarValue?.utf8.count, 3)
    }

    func testColumnsCountCharactersAfterMultibyteText() throws {
        let root = try XCTUnwrap(YAMLParser.parse("ü: [a, b]\n"))
        XCTAssertEqual(root["ü"]?[1]?.mark, Mark(line: 1, column: 8))
    }

    func testDuplicateKeysAreKeptAndReported() throws {
        let text = "ocr:\n  level: fast\n  enabled: true\n  level: accurate\n"
        let root = try XCTUnwrap(YAMLParser.parse(text))
        let ocr = try XCTUnwrap(root["ocr"])
        XCTAssertEqual(ocr.mapping?.count, 3)
        XCTAssertEqual(ocr["level"]?.scalarValue, "fast", "subscript returns the first")
        let duplicates = ocr.duplicateKeys
        XCTAssertEqual(duplicates.count, 1)
        XCTAssertEqual(duplicates[0].duplicate.mark, Mark(line: 4, column: 3))
        XCTAssertEqual(duplicates[0].first.mark, Mark(line: 2, column: 3))
    }

    func testAliasesResolveToTheAnchoredNode() throws {
        let text = """
        defaults: &langs [eng, deu]
        ocr:
          languages: *langs
        """
        let root = try XCTUnwrap(YAMLParser.parse(text))
        let languages = try XCTUnwrap(root["ocr"]?["languages"])
        XCTAssertEqual(languages.sequence?.compactMap(\.scalarValue), ["eng", "deu"])
        XCTAssertEqual(languages.anchor, "langs")
    }

    func testUndefinedAliasIsAnError() {
        XCTAssertThrowsError(try YAMLParser.parse("a: *nowhere\n", file: "x.yaml")) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.problem, "found undefined alias '*nowhere'")
            XCTAssertEqual(e?.line, 1)
            XCTAssertEqual(e?.column, 4)
        }
    }

    func testAliasBombIsRejected() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...6 {
            let refs = Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ")
            text += "a\(i): &a\(i) [\(refs)]\n"
        }
        XCTAssertThrowsError(try YAMLParser.parse(text)) { error in
            XCTAssertTrue((error as? YAMLError)?.problem.contains("aliases expand to more than") ?? false, "\(error)")
        }
    }

    func testSyntaxErrorCarriesLibyamlMessageAndPosition() {
        let text = "name: a\ninputs:\n  - one\n  bad: [x\n"
        XCTAssertThrowsError(try YAMLParser.parse(text, file: "broken.yaml")) { error in
            guard let e = error as? YAMLError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.file, "broken.yaml")
            XCTAssertGreaterThanOrEqual(e.line, 4)
            XCTAssertFalse(e.problem.isEmpty)
            XCTAssertTrue(e.description.hasPrefix("broken.yaml:\(e.line):\(e.column): "), e.description)
        }
    }

    func testTabIndentationErrorIsReportedWithContext() {
        let text = "ocr:\n\tlevel: fast\n"
        XCTAssertThrowsError(try YAMLParser.parse(text, file: "tab.yaml")) { error in
            guard let e = error as? YAMLError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.line, 2)
            XCTAssertEqual(e.column, 1)
            XCTAssertEqual(e.problem, "found character that cannot start any token")
            XCTAssertEqual(e.context, "while scanning for the next token at line 2, column 1")
        }
    }

    func testEmptyStreamIsNil() throws {
        XCTAssertNil(try YAMLParser.parse(""))
        XCTAssertNil(try YAMLParser.parse("# only a comment\n"))
    }

    func testSecondDocumentIsRejected() {
        XCTAssertThrowsError(try YAMLParser.parse("a: 1\n---\nb: 2\n")) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.line, 2)
            XCTAssertTrue(e?.problem.contains("single document") ?? false)
        }
    }

    func testInvalidUTF8IsAReaderError() {
        XCTAssertThrowsError(try YAMLParser(bytes: Array("a: ".utf8) + [0xFF, 0xFE, 0x41], file: "bin.yaml").parseSingleDocument()) { error in
            let e = error as? YAMLError
            XCTAssertEqual(e?.file, "bin.yaml")
            XCTAssertTrue(e?.problem.contains("byte") ?? false, "\(error)")
        }
    }

    func testDeepNestingIsRejectedNotCrashing() {
        let text = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        XCTAssertThrowsError(try YAMLParser.parse(text)) { error in
            XCTAssertTrue((error as? YAMLError)?.problem.contains("nesting deeper") ?? false, "\(error)")
        }
    }
}
