import DocumentModel
import Foundation
import Imaging
import OCR

/// The OCR stage, in two passes (Vision's `.fast` / `.accurate` recognition levels):
/// a fast whole-page pass (Debian's LSTM fast models, automatic segmentation), then — for
/// `balanced` and `accurate` — an accurate pass that re-reads only the lines whose confidence is
/// below the threshold with stronger setups (upscaled crop, background normalisation, Sauvola
/// binarisation, single-line segmentation, the standard model when installed) and keeps the
/// better reading. Re-read lines carry `stage == .accurate`.
///
/// Create once per worker (it owns Tesseract engines) and reuse for every page.
public final class TextRecognizer {
    public let settings: OCRSettings
    /// The confidence below which lines are re-read (`rereadBelow` or the level's default).
    public let rereadThreshold: Double
    let fast: TesseractEngine
    /// The standard (non-fast) model for the accurate pass, when installed for all languages.
    let standard: TesseractEngine?
    let vocabulary: Vocabulary?
    let strategies: [RereadStrategy]
    /// How often each strategy (by index) gave the kept reading, and page re-reads: for tuning.
    package internal(set) var strategyWins: [Int: Int] = [:]
    package internal(set) var pageRereadWins = 0
    /// The working scale of the last page's fast pass (`workingScale`; 1: as given).
    package internal(set) var lastWorkingScale = 1.0
    /// Whether the last page's weak lines were re-read inverted (`InvertedLines.whereDarkAreas`).
    package internal(set) var lastReadInvertedLines = true
    /// CPU seconds of the last page's parts (for profiling).
    package internal(set) var lastPassSeconds = PassSeconds()

    /// What re-reading a page's weak lines may cost, as a share of its fast pass's cost
    /// (``RecognitionCost``; before round 8 the share was of measured time). Measured on the 44
    /// dev pages (OCR only, CPU time): `fast` reads receipts at CER 0.217 and arXiv pages at
    /// 0.169 (BoW-F1 0.847) in 53.5 s; `balanced` with a share of 0.5 at 0.195 and 0.170 (0.846)
    /// in 65.8 s, with 0.25 at 0.195 / 0.170 in 59.5 s, with 0.1 at 0.192 / 0.169 (0.848) in
    /// 54.9 s: the receipts' gain comes from the first weak lines, and the arXiv pages gain
    /// nothing. `accurate` (threshold 85, six setups, share 4) reads them no better (0.197 /
    /// 0.170) in 106 s. Round 8, in modelled cost (bench/run --parts devset, layout and barcodes
    /// on, paired against the CLI): 0.1 at 1.07–1.11× the CLI's time, receipts 0.192 and arXiv
    /// pages 0.172; 0.07 at 1.09×, 0.190 and 0.172; 0.05 at 1.00×, 0.190 and 0.173 (the CLI:
    /// 0.311 and 0.172). On generated 300-dpi scans (`--quick --parts scanned`) 0.1 took 1.27×
    /// the CLI and 0.07 1.11× (the time-capped 0.1: 1.17×). `accurate` at 5 reads as at 4.
    public static func rereadShare(for level: OCRLevel) -> Double {
        switch level {
        case .fast: return 0
        case .balanced: return 0.07
        case .accurate: return 4
        }
    }

    /// Default re-read thresholds per level.
    public static func defaultThreshold(for level: OCRLevel) -> Double {
        switch level {
        case .fast: return 0
        case .balanced: return 70
        case .accurate: return 85
        }
    }

    /// - Throws: `OCRError.missingLanguage` (naming the Debian package) when a language is absent.
    public init(settings: OCRSettings) throws {
        self.settings = settings
        rereadThreshold = settings.rereadBelow ?? Self.defaultThreshold(for: settings.level)
        var variables: [String: String] = [:]
        if !settings.languageCorrection {
            // Init-only: without the dictionaries there is no language correction (and, as in
            // Vision, custom words have no effect). `load_system_dawg`/`load_freq_dawg` are the
            // legacy engine's lists; the LSTM engine loads its own only with `lstm_use_matrix`
            // (tessedit.cpp), so that is switched off too.
            variables["load_system_dawg"] = "0"
            variables["load_freq_dawg"] = "0"
            variables["lstm_use_matrix"] = "0"
        }
        let words = settings.languageCorrection ? settings.customWords : []
        let patterns = settings.languageCorrection ? settings.customPatterns : []
        fast = try TesseractEngine(languages: settings.languages, variables: variables,
                                   userWords: words, userPatterns: patterns)
        vocabulary = words.isEmpty ? nil : Vocabulary(words)
        strategies = RereadStrategy.strategies(for: settings.level)
        if settings.level != .fast, strategies.contains(where: \.usesStandardModel),
           let path = Tessdata.standardModelPath(for: settings.languages[0]),
           settings.languages.allSatisfy({ Tessdata.standardModelPath(for: $0) == path }) {
            standard = try TesseractEngine(languages: settings.languages, dataPath: path, engineMode: .lstm,
                                           variables: variables, userWords: words, userPatterns: patterns)
        } else {
            standard = nil
        }
    }

    /// Text smaller than this (in `TextScale` terms: the resolution at which 10-pt text would be
    /// as large; x-height ≈ 7 px) is enlarged before OCR. Tesseract's guide: accuracy drops
    /// fast below an x-height of about 10 px.
    public static let minimumTextDPI = 110
    /// Small text is enlarged to this size (x-height ≈ 7.5 px, which Tesseract's line
    /// normalisation then reads well). Measured with the Tesseract CLI on the dev set's ≈ 80-dpi
    /// arXiv pages: CER 0.117 as they are (0.120 told their true resolution), 0.049 at 1.5×
    /// for 1.4× the CPU time, 0.042 at 2×, 0.040 at 3× (with 4× and 9× the pixels).
    public static let targetTextDPI = 120
    /// Never enlarge more than this (a 4× page has 16× the pixels).
    public static let maximumUpscale = 3.0

    /// A page at most this many x-heights wide (≈ 40 characters: a till receipt) holds one
    /// column of text: it is read as a single block. Automatic layout analysis splits a
    /// receipt's item names from their prices into separate columns and reads them apart
    /// (Tesseract CLI on the dev receipts: CER 0.311 with `--psm 3`, 0.274 with `--psm 6`).
    public static let narrowPageXHeights = 80.0
    /// A page whose text spans at most this many x-heights (`TextArea.width`) is read as a
    /// single block too, however wide the sheet: a receipt scanned on an A4 flatbed or with
    /// wide margins. On the dev pages the text of the 20 receipts spans 22–33 x-heights (70 for
    /// one whose print is broken into fragments), that of the arXiv pages 65–116.
    public static let narrowTextXHeights = 48.0

    /// How a page `width` pixels wide whose text, at `textDPI`, spans `textWidth` pixels
    /// (nil: not measured) is segmented.
    public static func segmentation(width: Int, textWidth: Int? = nil, textDPI: Int) -> PageSegmentation {
        let xHeight = TextScale.xHeight(atDPI: textDPI)
        if Double(width) / xHeight <= narrowPageXHeights { return .singleBlock }
        if let textWidth, Double(textWidth) / xHeight <= narrowTextXHeights { return .singleBlock }
        return .auto
    }

    /// The margin kept around a page's text when it is read on a crop, in x-heights (about two
    /// lines, or four characters).
    public static let cropMarginXHeights = 4.0
    /// A crop is made only when it leaves out at least this share of the page's pixels.
    public static let smallestCropSaving = 0.5

    /// The part of a page `width` × `height` pixels to read when it is read as one block:
    /// its text area (`TextArea.box`, from the text scale) with `cropMarginXHeights` around
    /// it, when that leaves out at least `smallestCropSaving` of the page; nil: the whole page.
    /// Read as one block, a sheet's empty margins give nothing but the marks in them, which a
    /// single block reads as text (a receipt on an A4 scan: a pencilled note, a logo's
    /// flourishes, specks).
    public static func readingCrop(width: Int, height: Int, textArea: TextArea?, textDPI: Int) -> Box? {
        guard let area = textArea?.box, width > 0, height > 0 else { return nil }
        let margin = Int((cropMarginXHeights * TextScale.xHeight(atDPI: textDPI)).rounded(.up))
        guard let crop = area.expanded(by: margin).intersection(Box(x: 0, y: 0, width: width, height: height)) else { return nil }
        let kept = Double(crop.area) / Double(width * height)
        return kept <= 1 - smallestCropSaving ? crop : nil
    }

    /// How much a page whose text is at `textDPI` is enlarged before OCR (1: not at all); the
    /// enlarged copy of a page of `pixels` stays within `maxPixels` (`extract.max_megapixels`).
    public static func upscaleFactor(textDPI: Int, pixels: Int = 0, maxPixels: Int = .max) -> Double {
        guard textDPI > 0, textDPI < minimumTextDPI else { return 1 }
        let wanted = min(maximumUpscale, Double(targetTextDPI) / Double(textDPI))
        guard pixels > 0 else { return wanted }
        return max(1, min(wanted, (Double(maxPixels) / Double(pixels)).squareRoot()))
    }

    /// Text larger than this (in `TextScale` terms; x-height ≈ 27 px) is read by the fast pass on a
    /// reduced copy. Tesseract's time grows with the pixels it is given, and its LSTM
    /// normalises every line to a fixed height anyway: x-heights of about 20–30 px read best.
    /// The dev set's receipts are scanned at text resolutions of 250–500 (x-height 16–31 px)
    /// and two of them at ≈ 800 (x-height 50 px, 35 megapixels).
    public static let maximumTextDPI = 430
    /// Large text is reduced to this size (x-height ≈ 22 px, the middle of what reads best).
    public static let reducedTextDPI = 350

    /// The scale at which the fast pass reads a page whose text is at `textDPI`: below 1 for
    /// large text (down to `reducedTextDPI`), above 1 for small text (`upscaleFactor`), else 1.
    /// Lines the fast pass is unsure of are re-read on the full-resolution page.
    public static func workingScale(textDPI: Int, pixels: Int = 0, maxPixels: Int = .max) -> Double {
        if textDPI > maximumTextDPI { return Double(reducedTextDPI) / Double(textDPI) }
        return upscaleFactor(textDPI: textDPI, pixels: pixels, maxPixels: maxPixels)
    }

    /// Recognises one (prepared) page.
    /// - Parameters:
    ///   - textDPI: the resolution the page's text size corresponds to (`PreparedImage.textDPI`):
    ///     told to Tesseract; small text is enlarged and large text reduced for the fast pass
    ///     (`workingScale`). nil: the image's.
    ///     Boxes always come back in `image`'s pixels.
    ///   - textArea: where the page's text is, in `image`'s pixels (`TextScale.area`); nil: not
    ///     measured. It decides the segmentation, and a page read as one block is read on a
    ///     crop around its text (`readingCrop`).
    ///   - seconds: the page's time budget. The fast pass failing it throws
    ///     `OCRError.deadlineExceeded`; the accurate pass stops re-reading when it runs out.
    ///   - maxPixels: the largest enlarged copy made (`extract.max_megapixels`).
    public func recognize(_ image: Image, textDPI: Int? = nil, textArea: TextArea? = nil, deadline seconds: Double,
                          maxPixels: Int = ExtractSettings().maxPixels) throws -> PageText {
        let dpi = textDPI ?? (image.resolution >= 70 ? image.resolution : 300)
        let layout = Self.segmentation(width: image.width, textWidth: textArea?.width, textDPI: dpi)
        if layout == .singleBlock,
           let crop = Self.readingCrop(width: image.width, height: image.height, textArea: textArea, textDPI: dpi) {
            return try read(image.cropped(to: crop), textDPI: dpi, layout: layout, deadline: seconds, maxPixels: maxPixels)
                .translated(dx: crop.x, dy: crop.y)
        }
        return try read(image, textDPI: dpi, layout: layout, deadline: seconds, maxPixels: maxPixels)
    }

    /// Reads `image` (whose text is at `dpi`) segmented as `layout`: the fast pass at the working
    /// scale (`workingScale`), then the level's re-reads (weak lines at full resolution, or on
    /// the enlarged copy of small text); boxes in `image`'s pixels.
    private func read(_ image: Image, textDPI dpi: Int, layout: PageSegmentation, deadline seconds: Double,
                      maxPixels: Int) throws -> PageText {
        let start = Date()
        var clock = PassSeconds.now()
        var spent = PassSeconds()
        /// CPU seconds since the last call.
        let lap = { () -> Double in let now = PassSeconds.now(); defer { clock = now }; return now - clock }
        defer { lastPassSeconds = spent }
        let factor = Self.workingScale(textDPI: dpi, layout: layout, level: settings.level,
                                       pixels: image.width * image.height, maxPixels: maxPixels)
        lastWorkingScale = factor
        var input = factor != 1 ? try image.scaled(by: factor) : image
        let darkBorder = try input.ocrHasDarkBorder()
        if darkBorder { input = try input.ocrCleanedPage() }
        let workingDPI = Int((Double(dpi) * factor).rounded())
        // A copy made here is ours to label; the caller's image is copied first.
        let scaled = input !== image ? input : try input.ocrWithResolution(workingDPI)
        scaled.setResolution(workingDPI)
        spent.preparation = lap()
        // Weak lines are re-read inverted only where the page has a dark area that could hold
        // light text (`Image.mayHoldLightText` on Tesseract's own binarisation); the re-reads
        // below follow the fast pass's answer. A page read as one block (a receipt) keeps them:
        // there the inverted reading of a weak line also settles the noise lines a zigzag rule
        // or a smudge read as letters gives (dev receipts without them: CER 0.177 → 0.181,
        // a "_AAAAAAAA AMADA LLL…" line for a rule read "ee" inverted).
        let darkAreas = layout == .singleBlock ? InvertedLines.always
            : .whereDarkAreas(xHeight: TextScale.xHeight(atDPI: workingDPI))
        var page = try fast.recognize(scaled, options: RecognitionOptions(segmentation: layout, deadline: seconds,
                                                                          vocabulary: vocabulary, invertedLines: darkAreas))
            .removingWords { Self.isRuleGlyph($0.text) }  // a "word" of vertical bars is a ruling, not text
        lastReadInvertedLines = fast.lastReadInvertedLines
        let invertedLines: InvertedLines = lastReadInvertedLines ? .always : .never
        spent.fastPass = lap()
        let remaining = { seconds - Date().timeIntervalSince(start) }
        if settings.level != .fast {
            // A page read as (nearly) empty is read again whole (at the working scale), within
            // the page's own deadline.
            page = try rereadPageIfUnreadable(page, image: scaled, segmentation: layout, remaining: remaining)
            spent.pageReread = lap()
        }
        // The image the page's boxes refer to: the enlarged copy of small text, else the page.
        var detail = scaled
        if factor < 1 {
            page = page.scaled(by: Double(image.width) / Double(scaled.width))
            // Weak lines are re-read at full resolution (cleaned like the reduced copy), told
            // `dpi` (no copy of the page made to carry it).
            if settings.level != .fast { detail = darkBorder ? try image.ocrCleanedPage() : image }
        }
        if settings.level != .fast {
            // Re-reading weak lines may cost a share of the fast pass (`rereadShare`), counted
            // in modelled cost, not time, so that every run reads a page alike. The fast pass is
            // costed at the resolution of the re-reads: a page read reduced gets the re-reads it
            // had when it was read at full size.
            let fastCost = RecognitionCost.page(pixels: detail.width * detail.height,
                                                lines: page.lines.map { ($0.box.width, $0.box.height) })
            var budget = RereadBudget(share: Self.rereadShare(for: settings.level), ofFastPass: fastCost)
            page = try rereadWeakLines(page, image: detail, resolution: factor < 1 ? dpi : nil, budget: &budget,
                                       invertedLines: invertedLines, remaining: remaining)
            spent.lineRereads = lap()
        }
        let toPage = factor > 1 ? 1 / factor : 1
        let cleaned = Self.removingNoiseLines(page.scaled(by: toPage).removingWords(where: Self.isNoiseFragment))
        let finished = try Self.readingDotLeaders(cleaned, on: image, xHeight: TextScale.xHeight(atDPI: dpi))
        spent.finishing = lap()
        return finished
    }

    /// `page` (read on `image`, text x-height `xHeight` pixels) with its dot leaders read from
    /// the image (`DotLeaders`). Each line that may hold one is looked at in a strip of the image
    /// half a line taller on each side, so that the letters of the lines above and below are
    /// whole there, not clipped into dot-sized pieces.
    static func readingDotLeaders(_ page: PageText, on image: Image, xHeight: Double) throws -> PageText {
        var result = page
        for i in result.lines.indices where DotLeaders.mayHoldLeader(result.lines[i], xHeight: xHeight) {
            let box = result.lines[i].box
            let strip = Box(x: box.x, y: box.y - box.height / 2, width: box.width, height: 2 * box.height)
            let leaders = DotLeaders.find(in: try image.inkComponents(in: strip), line: box, xHeight: xHeight)
            if let line = DotLeaders.applying(leaders, to: result.lines[i]) { result.lines[i] = line }
        }
        return result
    }

    /// Below this confidence a one- or two-character "word" is taken for noise.
    public static let noiseFragmentConfidence = 40.0

    /// True for a fragment of at most two characters that Tesseract itself rates below
    /// `noiseFragmentConfidence`: what it reads in specks, figure texture, a photo's rim or the
    /// stray marks of a receipt. Measured on the dev pages (after the accurate pass): dropping
    /// them lowers CER on every subset (receipts 0.211 → 0.197, arXiv pages 0.171 → 0.170) and
    /// raises bag-of-words F1; longer low-confidence words are kept (they are often half right).
    static func isNoiseFragment(_ word: Word) -> Bool {
        word.confidence < noiseFragmentConfidence && word.text.count <= 2
    }

    /// The page without its noise lines (`isNoiseLine`), when it reads well enough to tell noise
    /// from text (`readsAsText`). On a page that reads badly throughout, a line without a
    /// readable word may be the best reading of real text, so it stays.
    static func removingNoiseLines(_ page: PageText) -> PageText {
        guard readsAsText(page) else { return page }
        var result = page
        result.lines.removeAll(where: isNoiseLine)
        return result
    }

    /// True for a line with no readable word (`isReadable`) whose words' mean confidence is
    /// below `noiseFragmentConfidence`: what Tesseract reads in a receipt's smudges and stamps,
    /// a logo, a photo or a dotted rule ("HKKAKAKAK KAA ANAK", "rot ileal altay"). Measured on the
    /// dev pages (accurate): receipts CER 0.197 → 0.189 and bag-of-words F1 0.737 → 0.747; arXiv
    /// pages lose a few lines of equations read as soup (CER 0.170 → 0.171, bag-of-words F1
    /// 0.846 → 0.848).
    static func isNoiseLine(_ line: Line) -> Bool {
        guard !line.words.isEmpty, !line.words.contains(where: isReadable) else { return false }
        return line.words.map(\.confidence).reduce(0, +) / Double(line.words.count) < noiseFragmentConfidence
    }
}
