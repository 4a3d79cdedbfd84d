/// What Tesseract's reading of an image costs, modelled from what it reads: its pixels
/// (binarisation, layout analysis) and its lines' length in line heights (the LSTM's steps:
/// every line is normalised to one height, so a line's steps grow with width / height).
///
/// Fitted on the 44 dev pages at level accurate (2 cores): a fast pass took 0.071 s per
/// megapixel plus 0.0014 s per line height of text (R² 0.96 over the pages); a one-line
/// re-read 0.069 s per megapixel plus 0.0019 s per line height plus 0.002 s (1,788 re-reads).
/// The unit is seconds on that machine, but only ratios of costs are used.
enum RecognitionCost {
    static let perMegapixel = 0.07
    static let perLineHeight = 0.0015
    static let perCall = 0.002

    /// A whole-page pass over `pixels` that found lines of these widths and heights.
    static func page(pixels: Int, lines: [(width: Int, height: Int)]) -> Double {
        perMegapixel * Double(pixels) / 1e6 + perLineHeight * lines.map { Double($0.width) / Double(max(1, $0.height)) }.reduce(0, +)
    }

    /// A single-line read of an image `width` × `height`.
    static func line(width: Int, height: Int) -> Double {
        perCall + perMegapixel * Double(width * height) / 1e6 + perLineHeight * Double(width) / Double(max(1, height))
    }
}

/// What re-reading may still spend on a page, in ``RecognitionCost`` units: a share of the
/// fast pass's modelled cost. Counting modelled cost instead of the clock gives a page the same
/// re-reads on every run and every machine (a busy or slower machine used to re-read fewer of
/// its lines, so the same receipt read differently from run to run); the page's deadline still
/// stops a re-read that runs long.
struct RereadBudget {
    private(set) var left: Double

    init(share: Double, ofFastPass cost: Double) { left = share * cost }

    /// Takes `cost` from what is left; false (and nothing taken) when it does not fit.
    mutating func spend(_ cost: Double) -> Bool {
        guard cost <= left else { return false }
        left -= cost
        return true
    }
}
