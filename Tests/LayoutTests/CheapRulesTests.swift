import Foundation
import DocumentModel
import XCTest
@testable import Layout

/// Layout rules made cheaper for born-digital pages (bornlayout, issue 35) answer as the rules
/// as they were written before: each reference below is the earlier code (or the rule's general
/// path, which the code keeps for other input), and the inputs are
/// the ones where a naive rewrite would answer otherwise (leading or trailing spaces, combining
/// marks after an ASCII letter, ties, edges exactly on a boundary, negative coordinates).
final class CheapRulesTests: XCTestCase {
    /// A fixed pseudo-random sequence (SplitMix64): the same cases on every run.
    struct Dice {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return range.lowerBound + Int(z % UInt64(range.count))
        }
    }

    // MARK: Caption labels (`Paragraphs.mayOpenWithLabel`)

    private func referenceKind(_ text: String) -> BlockKind {
        let words = text.split(separator: " ", maxSplits: 2).map(String.init)
        guard words.count >= 2, Paragraphs.captionLabels.contains(words[0].lowercased()),
              let last = words[1].last, last == ":" || last == "." || words.count == 2,
              words[1].first?.isNumber == true else { return .paragraph }
        return .caption
    }

    private func referenceOpensWithLabel(_ text: String) -> Bool {
        let words = text.split(separator: " ", maxSplits: 2)
        return words.count >= 2 && Paragraphs.captionLabels.contains(words[0].lowercased()) && words[1].first?.isNumber == true
    }

    func testCaptionKindAnswersAsTheFullRuleWithoutItsPretest() {
        let texts = ["Figure 3: A plot", "FIG. 2. Scheme", "fig. 2", "table 1 Recoveries", "Chart 4: z", "Exhibit 5.",
                     "EXHIBIT 5: x", "  Figure 1: after spaces", "   Table 2", "Fígure 1: accent", "ﬁgure 1: ligature",
                     "The figure 2: no", "Tab 1: no", "Fi", "f", "", " ", "  ", "Ex 1.", "e\u{301}xhibit 1: mark",
                     "F\u{301}igure 1: mark", "Fi\u{301}gure 1: mark", "\r\nFigure 1:", "\tFigure 1:", "Table\u{301} 1:",
                     "Cha rt 1:", "chart\u{00A0}1:", "Exhibits 2:", "tables 3:", "Ta", "ch", "Contents 1.", "Table", "Figure 12"]
        for t in texts {
            XCTAssertEqual(Paragraphs.kind(of: t), referenceKind(t), "kind: \(t.debugDescription)")
            XCTAssertEqual(Paragraphs.opensWithLabel(t), referenceOpensWithLabel(t), "opens: \(t.debugDescription)")
        }
        // Every label, in any case, gets past the pretest (a label added later must be added there too).
        for label in Paragraphs.captionLabels {
            for form in [label, label.uppercased(), label.capitalized, " " + label] {
                XCTAssertTrue(Paragraphs.mayOpenWithLabel(form + " 1:"), form)
            }
        }
    }

    // MARK: Section numbers (`Headings.opensLikeSectionNumber`)

    func testSectionDepthAnswersAsTheFullRuleWithoutItsPretest() {
        var tokens = ["1", "2.", "2.1", "2.1.3", "A.3", "III.", "XII.", "IV", "B.", "b.", "iii.", "a.1", "(1)", "é.1", "É.1",
                      "Ⅳ.", "١.", "½", "1\u{301}", "a\u{301}.1", "A\u{301}.1", ".1", "", " 1", "x.", "²", "-1", "#2", "Z.9",
                      "\u{0345}1", "1.2.3.4.5", "10.", "123", "II.I"]
        // Each printable ASCII byte opening a token, alone, with a combining mark, and before ".1".
        for b in UInt8(0x20)...0x7E {
            let c = String(Unicode.Scalar(b))
            tokens += [c, c + ".", c + ".1", c + "\u{301}.1", c + "\u{0345}.", c + "1"]
        }
        for t in tokens {
            for letters in [false, true] {
                XCTAssertEqual(Headings.sectionDepth(of: t, letters: letters), Headings.parsedSectionDepth(of: t, letters: letters),
                               "\(t.debugDescription) letters: \(letters)")
            }
        }
    }

    // MARK: The first words of a long text (`Equations.firstWords`)

    func testFirstWordsAreTheWholeSplitOfAShortTextAndTooManyOfALongOne() {
        let texts = ["a b c d e f g h", "a b c d e f g h ", "a b c d e f g h  ", "a b c d e f g h   ", "  a  b c d e f g h  ",
                     "a b c d e f g h i", "a b c d e f g h i  ", "a b c d e f g h i j k", "", " ", "   ", "one", " one  two "]
        for t in texts {
            let whole = t.split(separator: " ")
            let first = Equations.firstWords(t, upTo: 9)
            if whole.count < 9 {
                XCTAssertEqual(first, whole, t.debugDescription)
            } else {
                XCTAssertGreaterThanOrEqual(first.count, 9, t.debugDescription)
            }
        }
    }

    // MARK: Reference markers (`References.opensWithMarker`, first piece only)

    func testReferenceMarkersAreReadFromTheFirstWordAsBefore() {
        func reference(_ text: String) -> Bool {
            guard let first = text.split(separator: " ").first else { return false }
            var s = Substring(first)
            if let c = s.first, "([{".contains(c), let e = s.last, ")]}".contains(e) { s = s.dropFirst().dropLast() }
            else if s.hasSuffix(".") { s = s.dropLast() }
            else { return false }
            return !s.isEmpty && s.count <= 3 && s.allSatisfy(\.isNumber)
        }
        for t in ["[12] Smith, J.", "  [12] after spaces", "(47] OCR", "12. Jones", "1234. no", "", "   ", "[] x", "[12]",
                  "Smith [12]", "{53] x", " 7. x  y "] {
            XCTAssertEqual(References.opensWithMarker(t), reference(t), t.debugDescription)
        }
    }

    // MARK: Blank words (`String.isBlank`)

    func testBlankWordsAreTheWhitespaceOnesAsBefore() {
        for t in ["", " ", "\t", "  \t ", "\u{00A0}", "\u{2003}", "\u{2003}x", "a", " a", "\n", "\r\n", "\u{7F}", "\u{0301}",
                  " \u{0301}", "~", "!"] {
            let reference = t.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } || t.unicodeScalars.allSatisfy(\.properties.isWhitespace)
            XCTAssertEqual(t.isBlank, reference, t.debugDescription)
        }
    }

    // MARK: Short last lines (`Paragraphs.endsShort`)

    func testShortLastLinesAreFoundAsBefore() {
        let metrics = PageMetrics(lines: [], pageWidth: 2000, pageHeight: 2800)
        let paragraphs = Paragraphs(ordered: [], metrics: metrics)
        let em = paragraphs.em
        func reference(_ row: TextLine, _ next: TextLine, _ lines: [TextLine]) -> Bool {
            let before = lines.filter { $0.box.maxY < row.box.minY }
            guard let right = (before.map(\.box.maxX) + [next.box.maxX]).max(), before.count >= 2,
                  before.allSatisfy({ Double(right - $0.box.maxX) <= em }),
                  let last = row.text.last, ".!?:".contains(last),
                  let first = next.words[0].text.first(where: { $0.isLetter || $0.isNumber }),
                  first.isUppercase || first.isNumber else { return false }
            return Double(right - row.box.maxX) > 3 * em
        }
        func line(_ text: String, y: Int, right: Int) -> TextLine {
            let word = Word(text: text, confidence: 90, box: Box(x: 100, y: y, width: right - 100, height: 20), fontSize: 12)
            return TextLine(words: [word], source: y)
        }
        var dice = Dice(state: 7)
        let e = Int(em)
        var found = 0
        for _ in 0..<2_000 {
            let count = dice.next(0...4)
            // Right edges around the measure: exactly 1 em in, just past it, and far in.
            let edges = (0..<count).map { _ in 1000 - [0, e, e + 1, 2 * e, 3 * e, 3 * e + 1, 5 * e][dice.next(0...6)] }
            let lines = edges.enumerated().map { line("text", y: 100 + 30 * $0.offset, right: $0.element) }
            let rowY = 100 + 30 * max(0, count - dice.next(0...1))
            let row = line(["end.", "runs", "ask?", "Note:", "1998"][dice.next(0...4)], y: rowY, right: 1000 - [0, 3 * e, 3 * e + 1, 6 * e][dice.next(0...3)])
            let next = line(["Next", "next", "2nd", "(Next", "é", "É"][dice.next(0...5)], y: rowY + 30, right: 1000 - [0, 2 * e][dice.next(0...1)])
            let expected = reference(row, next, lines + [row])
            XCTAssertEqual(paragraphs.endsShort(row, before: next, paragraph: lines + [row]), expected, "\(edges) \(row.text) \(next.text)")
            if expected { found += 1 }
        }
        XCTAssertGreaterThanOrEqual(found, 10, "the cases hold short last lines")
    }

    // MARK: Column gutters (`Gutter.find`, covers summed once)

    func testGutterCoversAreCountedAsPixelByPixel() {
        var dice = Dice(state: 11)
        for _ in 0..<300 {
            let width = dice.next(1...400)
            var lines: [TextLine] = []
            for k in 0..<dice.next(1...14) {
                // Spans meeting, touching and overlapping, some past the page's edges, some one pixel wide.
                let x = dice.next(-30...width), right = dice.next(max(x, -20)...width + 30)
                let word = Word(text: "w", confidence: 90, box: Box(x: x, y: 20 * k, width: right - x, height: 10), fontSize: 5)
                lines.append(TextLine(words: [word], source: k))
            }
            var expected = Array(repeating: 0, count: width + 1)
            for l in lines {
                for x in max(0, l.box.minX)...min(width, max(0, l.box.maxX)) { expected[x] += 1 }
            }
            XCTAssertEqual(Array(Gutter.cover(lines, width: width)[0...width]), expected, "\(lines.map(\.box))")
        }
    }

    // MARK: Reading order (`ReadingOrder.Blockers` strips, ties in the sort)

    func testBlockerStripsHoldTheBoxesCoveringTheirCentres() {
        var dice = Dice(state: 3)
        for _ in 0..<200 {
            let boxes = (0..<dice.next(1...30)).map { _ in
                Box(x: dice.next(-50...900), y: dice.next(0...900), width: dice.next(0...400), height: dice.next(1...40))
            }
            let blockers = ReadingOrder.Blockers(boxes)
            for s in blockers.strips.indices {
                let centre = s * blockers.stripWidth + blockers.stripWidth / 2
                let expected = boxes.indices.filter { boxes[$0].minX <= centre && centre <= boxes[$0].maxX }
                    .sorted { boxes[$0].minY < boxes[$1].minY }
                XCTAssertEqual(blockers.strips[s], expected, "strip \(s) of \(boxes)")
            }
        }
    }

    func testBoxesWithEqualKeysAreReadInTheirOrder() {
        // Equal top-left corners: the first of the free ones is taken, as `min` picked it.
        let same = Box(x: 10, y: 10, width: 100, height: 20)
        XCTAssertEqual(ReadingOrder.order([same, same, same]), [0, 1, 2])
        // Side by side and level: left first; stacked twins: in index order.
        XCTAssertEqual(ReadingOrder.order([Box(x: 300, y: 10, width: 100, height: 20), Box(x: 10, y: 10, width: 100, height: 20)]), [1, 0])
    }

    // MARK: Visual rows of unruled tables (`UnruledTables.visualRows`)

    func testVisualRowsAreGroupedAsBefore() {
        typealias Item = (Tables.WordRef, Word)
        func reference(_ lines: [TextLine], gap: Double) -> [UnruledTables.Row] {
            let words = lines.enumerated().flatMap { (li, l) in l.words.enumerated().map { (Tables.WordRef(line: li, word: $0.offset), $0.element) } }
                .sorted { $0.1.box.midY < $1.1.box.midY }
            var groups: [[Item]] = []
            var bottom = Int.min
            for w in words {
                if !groups.isEmpty, Double(w.1.box.minY) < Double(bottom) - 0.5 * Double(w.1.box.height) {
                    groups[groups.count - 1].append(w); bottom = max(bottom, w.1.box.maxY)
                } else {
                    groups.append([w]); bottom = w.1.box.maxY
                }
            }
            return groups.map { g in
                let sorted = g.sorted { $0.1.box.minX < $1.1.box.minX }
                var segs: [UnruledTables.Segment] = []
                for w in sorted {
                    if let last = segs.last, Double(w.1.box.minX - last.maxX) <= gap {
                        segs[segs.count - 1].words.append(w); segs[segs.count - 1].maxX = max(last.maxX, w.1.box.maxX)
                    } else {
                        segs.append(UnruledTables.Segment(words: [w], minX: w.1.box.minX, maxX: w.1.box.maxX))
                    }
                }
                return UnruledTables.Row(segments: segs, minY: g.map(\.1.box.minY).min()!, maxY: g.map(\.1.box.maxY).max()!)
            }
        }
        func shape(_ rows: [UnruledTables.Row]) -> [String] {
            rows.map { r in "\(r.minY)-\(r.maxY): " + r.segments.map { s in
                "[\(s.minX)-\(s.maxX) " + s.words.map { "\($0.0.line).\($0.0.word)=\($0.1.text)" }.joined(separator: ",") + "]"
            }.joined(separator: " ") }
        }
        var dice = Dice(state: 5)
        for _ in 0..<300 {
            var lines: [TextLine] = []
            for k in 0..<dice.next(1...8) {
                // Words on a few shared rows (equal middles: ties in the sort), some jittered, gaps around `gap`.
                let y = 40 * dice.next(0...4) + [0, 0, 3, 11, 20][dice.next(0...4)]
                var x = dice.next(0...50)
                var words: [Word] = []
                for w in 0..<dice.next(1...5) {
                    words.append(Word(text: "w\(k)\(w)", confidence: 90, box: Box(x: x, y: y, width: 20, height: [16, 16, 30][dice.next(0...2)]), fontSize: 8))
                    x += 20 + [0, 9, 10, 11, 40][dice.next(0...4)]
                }
                lines.append(TextLine(words: words, source: k))
            }
            XCTAssertEqual(shape(UnruledTables.visualRows(lines, gap: 10)), shape(reference(lines, gap: 10)))
        }
    }
}

/// The byte paths of margin-line keys and page numbers, and of amounts and list markers.
final class CheapMarginRulesTests: XCTestCase {
    func testMarginKeysAndPageNumbersAnswerAsTheCharacterRules() {
        var texts = ["3", "- 3 -", "Page 3 of 9", "iv", "IV.", "p. 12", "12/40", "  Page  7  ", "-- xii --", "|3|", ". 4 .",
                     "Journal of Things 2026", "Vol.\t12\r\nNo. 3", "\u{0B}x\u{0C}y\u{1C}z\u{1F}", "", " ", "\r\n", "ix x", "–3–",
                     "— 4 —", "Pa\u{301}ge 3", "Seite 3", "٣", "page ٣", "CHAPTER 1  ", "  - - 5 . . ", "p#", "#", "\u{0}3"]
        // Every ASCII byte alone, before and after a digit, and doubled.
        for b in UInt8(0x00)...0x7F {
            let c = String(Unicode.Scalar(b))
            texts += [c, c + "3", "3" + c, c + c + "3" + c, "page" + c + "3", "x" + c + "i"]
        }
        for t in texts {
            XCTAssertEqual(HeadersFooters.key(t), HeadersFooters.characterKey(t), "key: \(t.debugDescription)")
            // Stripped as Foundation strips it, the key and the text itself.
            for k in [HeadersFooters.characterKey(t), t] {
                if let stripped = HeadersFooters.asciiStripped(k) {
                    XCTAssertEqual(stripped, HeadersFooters.foundationStripped(k), "stripped: \(k.debugDescription)")
                }
            }
        }
    }

    func testAmountsAtTheLineEndAreFoundAsByTheCharacterRule() {
        func reference(_ texts: [String]) -> Bool {
            var words = texts
            if words.count >= 2, let last = words.last, last.count <= 2, !last.contains(where: \.isNumber) { words.removeLast() }
            guard let token = words.last else { return false }
            let chars = Array(token.drop { !$0.isNumber }.reversed().drop { !$0.isNumber }.reversed())
            guard chars.count >= 4, chars[chars.count - 1].isNumber, chars[chars.count - 2].isNumber,
                  chars[chars.count - 3] == "." || chars[chars.count - 3] == "," else { return false }
            return chars[chars.count - 4].isNumber
        }
        let tokens = ["6.50", "47,70", "RM5.30", "5.30RM", "1.5", "12.345", "a1.23b", "1.23.", "x", "T", "SR", "*", "2026", "6.5O",
                      "٦.٥٠", "6.50\u{301}", "€6.50", "6 .50", "1,2,3", "0.00", "9.9", "a.12", "12.", ".12", "1\r\n.23"]
        for a in tokens {
            for b in tokens + [""] {
                let texts = b.isEmpty ? [a] : [a, b]
                let words = texts.enumerated().map { Word(text: $0.element, confidence: 90, box: Box(x: 100 * $0.offset, y: 0, width: 80, height: 20)) }
                XCTAssertEqual(Headings.endsWithAmount(TextLine(words: words, source: 0)), reference(texts), "\(texts)")
            }
        }
    }

    func testListMarkersOfOneCharacterAreTheSameAsCounted() {
        for t in ["•", "-", "e", "o", "*", "e\u{301}", "•\u{301}", "\r\n", "1.", "a)", "(iv)", "ab", "••", "", "é", "—", "x"] {
            let counted = t.count == 1 ? t.first : nil
            let parsed = ListMarker.parse(t)
            if let c = counted, ListMarker.bulletGlyphs.contains(c) || ListMarker.ocrBulletGlyphs.contains(c) {
                XCTAssertEqual(parsed?.type, .bullet, t.debugDescription)
            } else if let c = counted, ListMarker.dashGlyphs.contains(c) {
                XCTAssertEqual(parsed?.type, .dash, t.debugDescription)
            } else {
                XCTAssertNotEqual(parsed?.type, .bullet, t.debugDescription)
                XCTAssertNotEqual(parsed?.type, .dash, t.debugDescription)
            }
        }
    }
}
