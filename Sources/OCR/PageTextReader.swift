import CTesseract
import DocumentModel

/// Walks a result iterator once and turns it into a `PageText` (regions, lines, words).
struct PageTextReader {
    var stage: TextStage
    var vocabulary: Vocabulary?

    func read(_ results: ResultIterator) -> PageText {
        let page = results.page
        let regions = readRegions(page)
        var regionByBox: [Box: RegionHint] = [:]
        for r in regions { regionByBox[r.box] = r }

        var lines: [Line] = []
        var current: (box: Box, confidence: Double, words: [Word], block: Int?, para: Int)?
        var blockCount = -1, paraIndex = -1
        var block: RegionHint?
        func flush() {
            guard let c = current, !c.words.isEmpty else { return }
            let text = c.words.map(\.text).joined(separator: " ")
            lines.append(Line(text: text, confidence: c.confidence, box: c.box, words: c.words,
                              stage: stage, blockHint: c.block, paragraphHint: c.para))
        }

        page.begin()
        repeat {
            if page.isAtBeginning(of: RIL_BLOCK) {
                blockCount += 1
                block = page.box(RIL_BLOCK).flatMap { regionByBox[$0] }
                    ?? RegionHint(kind: RegionHintKind(page.blockType), box: .init(x: 0, y: 0, width: 0, height: 0),
                                  index: blockCount)
            }
            if page.isAtBeginning(of: RIL_PARA) { paraIndex += 1 }
            if page.isAtBeginning(of: RIL_TEXTLINE) {
                flush()
                current = page.box(RIL_TEXTLINE).map {
                    ($0, results.confidence(RIL_TEXTLINE), [], block?.index, paraIndex)
                }
            }
            guard block?.kind.holdsText ?? true, let box = page.box(RIL_WORD),
                  var text = results.text(RIL_WORD)?.trimmingWhitespace(), !text.isEmpty else { continue }
            let confidence = results.confidence(RIL_WORD)
            if let vocabulary, let fixed = vocabulary.correction(for: text, isDictionaryWord: results.wordIsFromDictionary) {
                text = fixed
            }
            current?.words.append(Word(text: text, confidence: confidence, box: box))
        } while results.next(RIL_WORD)
        flush()
        return PageText(source: .ocr, lines: lines, regions: regions)
    }

    /// One pass over the blocks: kind and box of each (including image and line blocks).
    private func readRegions(_ page: PageIteratorView) -> [RegionHint] {
        var regions: [RegionHint] = []
        page.begin()
        repeat {
            guard let box = page.box(RIL_BLOCK) else { continue }
            regions.append(RegionHint(kind: RegionHintKind(page.blockType), box: box, index: regions.count))
        } while page.next(RIL_BLOCK)
        return regions
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
