import DocumentModel
import Foundation
import XCTest
@testable import DataDetection

/// Detection finds exactly what main's rules found before issue 35's one-pass detection, on a
/// varied committed text (`Tests/Fixtures/detection-lines`: invoices, receipts, dates in many
/// formats, phones, IBANs, URLs, money in several currencies and locales, non-ASCII lines, and
/// generated lines on the edges of every expression and gate). `expected.tsv` was written by
/// main's detector at 1e4a62f; `QUIRE_RECORD_DETECTION=1` writes it again (only when a rule
/// changes, with `DataDetector.revision`).
final class DetectionDifferentialTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/detection-lines")

    /// A stand-in for libphonenumber, so that phone detection's own rules (label, formatting,
    /// regions, ranges) are exercised: runs of digits with separators, 7 digits or more.
    struct DigitRuns: PhoneNumberParsing {
        static let run = NSRegularExpression.make(#"\+?\(?\d[\d ()./-]{5,}\d"#)
        func findNumbers(in text: String, region: String) -> [PhoneNumberMatch] {
            let ns = text as NSString
            return Self.run.matches(in: text, range: NSRange(location: 0, length: ns.length)).compactMap { m in
                let digits = ns.substring(with: m.range).filter(\.isNumber)
                guard digits.count >= 7 else { return nil }
                return PhoneNumberMatch(utf16Range: m.range.location..<m.range.location + m.range.length,
                                        e164: (region == "US" ? "+1" : "+") + digits)
            }
        }
    }

    /// Pages of the fixture with the settings each is read with.
    static func pages() throws -> [(DetectionSettings, [String])] {
        let text = try String(contentsOf: folder.appendingPathComponent("pages.txt"), encoding: .utf8)
        var out: [(DetectionSettings, [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("# page ") {
                let parts = line.dropFirst(7).split(separator: " ").map(String.init)
                let locale = parts[0] == "-" ? nil : parts[0]
                let currencies = parts[1] == "-" ? [] : parts[1].split(separator: ",").map(String.init)
                out.append((DetectionSettings(locale: locale, currencies: currencies), []))
            } else {
                out[out.count - 1].1.append(String(line))
            }
        }
        return out
    }

    /// One row per detection (and one per page for its date-order evidence), tabs and newlines escaped.
    static func rows() throws -> [String] {
        var out: [String] = []
        func esc(_ s: String?) -> String {
            (s ?? "-").replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\n", with: "\\n")
        }
        for (i, (settings, lines)) in try pages().enumerated() {
            let text = page(lines)
            let hint = DateOrderHint(pages: [text])
            out.append("\(i)\thint\t\(hint.dayFirst)\t\(hint.monthFirst)")
            // Odd pages are read with their own evidence as the document's, even ones without.
            let detector = DataDetector(settings: settings, phoneNumbers: DigitRuns())
            for d in detector.detect(in: text, documentDates: i % 2 == 1 ? hint : nil) {
                let boxes = d.boxes.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: ";")
                out.append([String(i), d.type.rawValue, esc(d.text), esc(d.value), esc(d.currency), esc(d.carrier),
                            "\(d.firstWord.line).\(d.firstWord.word)", "\(d.lastWord.line).\(d.lastWord.word)", boxes,
                            String(d.confidence)].joined(separator: "\t"))
            }
        }
        return out
    }

    func testDetectionsAreThoseOfTheRulesBeforeOnePassDetection() throws {
        let found = try Self.rows()
        let file = Self.folder.appendingPathComponent("expected.tsv")
        if ProcessInfo.processInfo.environment["QUIRE_RECORD_DETECTION"] == "1" {
            try (found.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertGreaterThan(expected.count, 200, "the fixture holds hundreds of detections")
        for (a, b) in zip(found, expected) where a != b { XCTFail("found\n\(a)\nexpected\n\(b)"); break }
        XCTAssertEqual(found.count, expected.count)
        XCTAssertEqual(found, expected)
    }
}
