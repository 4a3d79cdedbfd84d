import DocumentModel
import XCTest
@testable import Layout

final class InkMetricsTests: XCTestCase {
    private func ocrLine(_ texts: [String], y: Int, size: Double) -> Line {
        var x = 100
        let words = texts.map { t -> Word in
            defer { x += t.count * Int(size) / 2 + 10 }
            return OCRPage.inkWord(t, x: x, baseline: y, size: size)
        }
        return Line(text: texts.joined(separator: " "), confidence: 90, box: Box.enclosing(words.map(\.box))!, words: words, stage: .fast)
    }

    func testImpliedSizeDoesNotDependOnLetters() {
        for texts in [["acorn", "saw"], ["Typography", "jumps"], ["the", "lazy", "dog"]] {
            let line = ocrLine(texts, y: 200, size: 40)
            let t = TextLine(words: line.words, source: 0, ink: true)
            XCTAssertEqual(t.size, 40, accuracy: 2, "\(texts)")
            XCTAssertEqual(t.bottom - t.top, (InkMetrics.ascender + InkMetrics.descender) * 40, accuracy: 3)
        }
    }

    func testOCRHeadingFromInkSizesAndParagraphGaps() {
        var lines = [ocrLine(["Results", "and", "Methods"], y: 100, size: 60)]
        for k in 0..<3 { lines.append(ocrLine(["some", "measured", "body", "text", "line", "\(k)"], y: 200 + 50 * k, size: 40)) }
        for k in 0..<2 { lines.append(ocrLine(["another", "paragraph", "of", "text", "here"], y: 380 + 50 * k, size: 40)) }
        let input = LayoutInput(pageWidth: 2000, pageHeight: 2800, lines: lines)
        let blocks = LayoutAnalyzer.analyze(page: input, isFirstPage: false)
        XCTAssertEqual(blocks.map(\.kind), [.heading, .paragraph, .paragraph])
    }
}
