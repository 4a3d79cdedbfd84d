import DocumentModel
import Foundation
import Imaging
import OCR

/// One way of re-reading a line crop in the accurate pass.
struct RereadStrategy: Hashable {
    enum Filter: Hashable { case none, normalized, sauvola, denoisedNormalized, smoothedNormalized }
    var filter: Filter
    /// Target line height in pixels after scaling (the crop is only ever enlarged).
    var targetHeight: Double
    var usesStandardModel: Bool

    /// Strategies per level, in order (measured on bench/ocr-quality; see its README).
    static func strategies(for level: OCRLevel) -> [RereadStrategy] {
        switch level {
        case .fast: return []
        case .balanced:
            return [.init(filter: .denoisedNormalized, targetHeight: 80, usesStandardModel: false),
                    .init(filter: .normalized, targetHeight: 64, usesStandardModel: false)]
        case .accurate:
            return [.init(filter: .denoisedNormalized, targetHeight: 80, usesStandardModel: false),
                    .init(filter: .smoothedNormalized, targetHeight: 80, usesStandardModel: false),
                    .init(filter: .normalized, targetHeight: 64, usesStandardModel: false),
                    .init(filter: .sauvola, targetHeight: 64, usesStandardModel: false),
                    .init(filter: .denoisedNormalized, targetHeight: 80, usesStandardModel: true),
                    .init(filter: .none, targetHeight: 64, usesStandardModel: true)]
        }
    }
}

extension TextRecognizer {
    /// Lines below the threshold are re-read one by one, in reading order, while `budget` lasts
    /// (and the page's deadline: `remaining` seconds); the better reading is kept. `resolution`:
    /// that of `image`'s text (nil: the image's own); `invertedLines`: as the page's fast pass.
    func rereadWeakLines(_ page: PageText, image: Image, resolution: Int? = nil, budget: inout RereadBudget,
                         invertedLines: InvertedLines = .always, remaining: () -> Double) throws -> PageText {
        var page = page
        for index in page.lines.indices where page.lines[index].confidence < rereadThreshold {
            guard remaining() > 0.02 else { break }
            let (better, exhausted) = try reread(page.lines[index], in: image, resolution: resolution, budget: &budget,
                                                 invertedLines: invertedLines, remaining: remaining)
            if let better { page.lines[index] = better }
            if exhausted { break }
        }
        return page
    }

    /// Re-reads one line with each strategy, each paid for from `budget` before it runs; returns
    /// the best reading when it beats the original, and whether the budget ran out.
    func reread(_ line: Line, in image: Image, resolution: Int? = nil, budget: inout RereadBudget,
                invertedLines: InvertedLines = .always, remaining: () -> Double) throws -> (Line?, exhausted: Bool) {
        let resolution = resolution ?? (image.resolution >= 70 ? image.resolution : 300)
        let pad = max(4, line.box.height / 3)
        let cropBox = Box(x: max(0, line.box.x - pad), y: max(0, line.box.y - pad),
                          width: min(image.width, line.box.maxX + pad) - max(0, line.box.x - pad),
                          height: min(image.height, line.box.maxY + pad) - max(0, line.box.y - pad))
        guard cropBox.width > 4, cropBox.height > 4 else { return (nil, false) }
        let crop = try image.cropped(to: cropBox)
        var best: Line?
        var winner: Int?
        var exhausted = false
        var bestScore = line.confidence + 1 // a re-read must really be better
        for (number, strategy) in strategies.enumerated() {
            guard remaining() > 0.01 else { break }
            guard let engine = strategy.usesStandardModel ? standard : fast else { continue }
            let scale = max(1, min(4, strategy.targetHeight / Double(max(1, line.box.height))))
            let width = Int(Double(cropBox.width) * scale), height = Int(Double(cropBox.height) * scale)
            guard budget.spend(RecognitionCost.line(width: width, height: height)) else { exhausted = true; break }
            // A filter that cannot work on this crop (Sauvola's window on a sliver) is skipped.
            guard var input = try? filtered(crop, strategy.filter) else { continue }
            if scale > 1.05 { input = try input.scaled(by: scale) }
            let dpi = Int(Double(resolution) * scale)
            input = try input.ocrWithResolution(dpi)
            let options = RecognitionOptions(segmentation: .singleLine, deadline: max(0.1, remaining()),
                                             stage: .accurate, vocabulary: vocabulary, invertedLines: invertedLines)
            let result: PageText
            do { result = try engine.recognize(input, options: options) } catch OCRError.deadlineExceeded { break }
            guard let reading = Self.merge(result, scale: scale, offset: cropBox, original: line) else { continue }
            if reading.confidence > bestScore { best = reading; bestScore = reading.confidence; winner = number }
        }
        if let winner { strategyWins[winner, default: 0] += 1 }
        return (best, exhausted)
    }

    private func filtered(_ crop: Image, _ filter: RereadStrategy.Filter) throws -> Image {
        switch filter {
        case .none: return try crop.grayscale()
        case .normalized: return try crop.ocrNormalizedBackground()
        case .sauvola: return try crop.ocrNormalizedBackground().ocrSauvolaBinarized()
        case .denoisedNormalized: return try crop.ocrDenoised().ocrNormalizedBackground()
        case .smoothedNormalized: return try crop.ocrSmoothed().ocrNormalizedBackground().ocrStretched()
        }
    }

    /// The re-read words mapped back to page pixels, as one line (stage `.accurate`) with the
    /// original line's hints; confidence is the character-weighted mean of the word confidences.
    static func merge(_ result: PageText, scale: Double, offset: Box, original: Line) -> Line? {
        // A line cropped out of a ruled table carries the table's vertical rules, which a
        // single-line read returns as "|" words (with high confidence): they are not text.
        let words = result.words.filter { !isRuleGlyph($0.text) }.map { w -> Word in
            var w = w
            w.box = Box(x: offset.x + Int((Double(w.box.x) / scale).rounded()),
                        y: offset.y + Int((Double(w.box.y) / scale).rounded()),
                        width: Int((Double(w.box.width) / scale).rounded()),
                        height: Int((Double(w.box.height) / scale).rounded()))
            return w
        }
        guard !words.isEmpty, let box = Box.enclosing(words.map(\.box)) else { return nil }
        let chars = words.map { Double(max(1, $0.text.count)) }
        let confidence = zip(words, chars).map { $0.confidence * $1 }.reduce(0, +) / chars.reduce(0, +)
        return Line(text: words.map(\.text).joined(separator: " "), confidence: confidence, box: box,
                    words: words, stage: .accurate, blockHint: original.blockHint,
                    paragraphHint: original.paragraphHint)
    }

    /// True for a "word" made only of vertical bar glyphs (a ruling line read as text).
    static func isRuleGlyph(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { "|¦‖│┃".contains($0) }
    }

    /// When the fast pass found (almost) nothing readable, the whole page is read again after
    /// smoothing, background normalisation and a contrast stretch (grey paper, low contrast and
    /// heavy noise defeat Tesseract's Otsu threshold: the page comes back empty, or as noise
    /// read into thousands of "words"). The second reading is kept when it holds more readable
    /// words (`keepsSecondReading`). Not more words times confidence: on a page with no text (graph
    /// paper, a photo) the stretch brings out texture that Tesseract reads as hundreds of
    /// low-confidence words, and on a noisy page the first reading's thousands of noise words
    /// outweighed the second's few hundred good ones.
    func rereadPageIfUnreadable(_ page: PageText, image: Image, segmentation: PageSegmentation,
                                remaining: () -> Double) throws -> PageText {
        guard page.lines.isEmpty || page.meanConfidence < 50, remaining() > 1 else { return page }
        let normalized = try image.ocrSmoothed().ocrCleanedPage()
            .ocrWithResolution(image.resolution >= 70 ? image.resolution : 300)
        let options = RecognitionOptions(segmentation: segmentation, deadline: remaining(), stage: .accurate,
                                         vocabulary: vocabulary)
        guard let again = try? fast.recognize(normalized, options: options) else { return page }
        guard Self.keepsSecondReading(first: page, second: again) else { return page }
        pageRereadWins += 1
        return again
    }

    /// The smallest share of readable words (`isReadable`) in a reading of real text.
    static let readableTextShare = 0.3

    /// True when at least `readableTextShare` of the page's words are readable: real text read
    /// even poorly is mostly readable words (the noisy pages re-read whole: 63-70 %; short
    /// words of one or two letters make most of the rest; the dev pages: 43-82 %); texture is
    /// not (a graph-paper scan: a handful of three-letter "words" among 245).
    static func readsAsText(_ page: PageText) -> Bool {
        let words = page.words
        return Double(words.count(where: isReadable)) >= readableTextShare * Double(words.count)
    }

    /// True when the whole page read again holds more readable words than the first reading,
    /// and reads as text (`readsAsText`).
    static func keepsSecondReading(first: PageText, second: PageText) -> Bool {
        second.words.count(where: isReadable) > first.words.count(where: isReadable) && readsAsText(second)
    }

    /// Confidence from which a word of three or more letters or digits counts as read.
    static let readableConfidence = 60.0

    /// True for a word that reads as text: at least three letters or digits, rated at least
    /// `readableConfidence`. Texture read as text gives punctuation and one- or two-letter
    /// fragments at any confidence, and longer "words" below it.
    static func isReadable(_ word: Word) -> Bool {
        word.confidence >= readableConfidence
            && word.text.unicodeScalars.count(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) >= 3
    }
}
