import DocumentModel
import XCTest
@testable import Layout

/// Layout's per-character tests read printable-ASCII words from their bytes (`PrintableASCII`);
/// these check that the byte path answers as the `Character` path it stands in for, on words
/// of each kind (letters, punctuation, signs, hyphens, tabs, "\r\n", accents, curly quotes).
final class PrintableASCIITests: XCTestCase {
    let tokens = ["word", "Word,", "(word)", "\"quoted\"", "'tis", "co-op", "x-ray.", "ab", "abc", "ab1", "=", "a=b",
                  "x<y", "y>0", "(12)", "3.13", "RM5.30", "e-mail:", "...", "", "-", "---", "tab\there", "cr\r\nlf",
                  "café", "“quoted”", "naïve", "x≤y", "a×b", "Über", "x\u{7F}y", "CAPS!", "[ref]", "{a}", "@ab", "`ab`"]

    /// `Character`'s answers, as the rules were written before the byte path.
    private func referenceIsRealWord(_ token: String) -> Bool {
        var s = Substring(token)
        while let last = s.last, ".,;:!?)”\"'".contains(last) { s = s.dropLast() }
        while let first = s.first, "(“\"'".contains(first) { s = s.dropFirst() }
        return s.count >= 3 && s.allSatisfy { $0.isLetter || $0 == "-" }
    }

    private func referenceIsTextLike(_ words: [String]) -> Bool {
        let signs: Set<Character> = ["=", "<", ">", "≤", "≥", "±", "∑", "∫", "√", "∞", "→", "≈", "∈"]
        var letters = 0, others = 0
        let counted = Headings.sectionDepth(of: words[0]) != nil ? words.dropFirst() : words[...]
        for w in counted {
            for c in w {
                if signs.contains(c) { return false }
                if c.isLetter { letters += 1 } else { others += 1 }
            }
        }
        return letters >= 2 && Double(letters) >= 0.6 * Double(letters + others)
    }

    func testEveryPrintableASCIIByteIsALetterExactlyWhenItsCharacterIs() {
        for b in UInt8(0x20)...0x7E {
            XCTAssertEqual(PrintableASCII.isLetter(b), Character(Unicode.Scalar(b)).isLetter, "byte \(b)")
        }
        XCTAssertNil(PrintableASCII.withBytes("cr\r\nlf") { $0.count }, "\\r\\n is one Character: not read as bytes")
        XCTAssertNil(PrintableASCII.withBytes("café") { $0.count })
        XCTAssertEqual(PrintableASCII.withBytes("co-op") { $0.count }, 5)
    }

    func testRealWordsAndSignsAnswerAsTheCharacterRulesDo() {
        let signs: Set<Character> = ["=", "<", ">", "≤", "≥", "±", "∑", "∫", "√", "∞", "→", "≈", "∈", "≪", "≫", "×"]
        for t in tokens {
            XCTAssertEqual(Equations.isRealWord(t), referenceIsRealWord(t), "real word: \(t.debugDescription)")
            XCTAssertEqual(Equations.hasSign(t), t.contains(where: signs.contains), "sign: \(t.debugDescription)")
        }
    }

    func testTextLikeLinesAnswerAsTheCharacterRuleDoes() {
        // "1.1" opens each line as a section number, which `isTextLike` sets aside.
        for (i, a) in tokens.enumerated() where !a.isEmpty {
            for b in tokens[i...] where !b.isEmpty {
                let words = ["1.1", a, b]
                let line = TextLine(words: OCRPage.line(words, x: 0, y: 0, size: 30).words, source: 0)
                XCTAssertEqual(Headings.isTextLike(line), referenceIsTextLike(line.words.map(\.text)), "line: \(words)")
            }
        }
    }
}
