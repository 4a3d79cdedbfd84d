/// One MicroPDF417 row as a scan line shows it (ISO/IEC 24728): from its left row address
/// pattern (10 modules, 3 bars and 3 spaces) through its 1 … 4 codewords (17 modules each; with
/// 3 or 4 columns a centre row address pattern after the first 1 or 2), its right row address
/// pattern and the stop bar (1 module). Pure Swift.
struct MicroPDF417Row {
    var columns: Int
    /// Row address pattern numbers (0 … 51); centre and right nil when not read.
    var left: Int
    var centre: Int?
    var right: Int?
    /// Each column's cluster index (0, 1, 2) and codeword; nil where the bars were no codeword.
    var words: [(cluster: Int, value: Int)?]
    /// Where the row's left pattern starts and its stop bar ends, in samples along the line.
    var span: (Double, Double)

    /// The widest difference between a part's width and its modules × the row's module (share).
    static let partTolerance = 0.25
    /// The least light space before the left pattern and after the stop bar (modules; the
    /// standard asks 1).
    static let minQuiet = 0.6

    /// The rows read along `line`, both directions (a symbol upside down shows its elements the
    /// other way along the line). A row needs its left pattern, at least one codeword and its
    /// right pattern or half its codewords.
    static func rows(_ line: ScanLineEdges) -> [MicroPDF417Row] {
        scan(line) { w, dark, edge, s in
            guard let (left, module) = address(w, s, centre: false) else { return nil }
            var best: MicroPDF417Row?, bestScore = 0
            for columns in 1...4 {
                guard let row = row(w, dark, edge, s, left: left, module: module, columns: columns) else { continue }
                let score = row.words.compactMap { $0 }.count + (row.right == nil ? 0 : 1)
                if score > bestScore { best = row; bestScore = score }
            }
            return best
        }
    }

    /// Whether `line` shows the start of a row, either way along it: a left pattern after a
    /// quiet zone, then a codeword of 1.7 times its width, then another codeword or a centre or
    /// right pattern (the cheap look's test).
    static func showsRowStart(_ line: ScanLineEdges) -> Bool {
        !scan(line, firstOnly: true) { w, _, _, s in
            guard s + 20 <= w.count, let (_, module) = address(w, s, centre: false) else { return nil }
            func fits(_ e: Int, _ count: Int, _ modules: Int) -> Bool {
                abs(w[e..<(e + count)].reduce(0, +) / (Double(modules) * module) - 1) < partTolerance
            }
            func codeword(_ e: Int) -> Bool {
                guard e + 8 <= w.count, fits(e, 8, 17), let counts = PDF417Codewords.moduleCounts(w[e..<(e + 8)], total: 17),
                      let pattern = PDF417Codewords.pattern(counts, total: 17) else { return false }
                return PDF417Codewords.codeword(pattern) != nil
            }
            guard codeword(s + 6) else { return nil }
            let next = codeword(s + 14) || (fits(s + 14, 6, 10) && (address(w, s + 14, centre: true, quiet: false) != nil
                                                                   || address(w, s + 14, centre: false, quiet: false) != nil))
            return next ? MicroPDF417Row(columns: 0, left: 0, centre: nil, right: nil, words: [], span: (0, 0)) : nil
        }.isEmpty
    }

    /// `body(widths, dark, edge, start)` for every dark element of the line read each way.
    private static func scan(_ line: ScanLineEdges, firstOnly: Bool = false,
                             _ body: ([Double], (Int) -> Bool, (Int) -> Double, Int) -> MicroPDF417Row?) -> [MicroPDF417Row] {
        let widths = line.widths
        let n = widths.count
        guard n >= 14 else { return [] }
        var found: [MicroPDF417Row] = []
        for forward in [true, false] {
            let w = forward ? widths : widths.reversed()
            func dark(_ k: Int) -> Bool { line.isDark(forward ? k : n - 1 - k) }
            func edge(_ k: Int) -> Double { forward ? line.edges[k] : line.edges[n - k] }
            for s in 0..<(n - 13) where dark(s) {
                guard let row = body(w, dark, edge, s) else { continue }
                found.append(row)
                if firstOnly { return found }
            }
        }
        return found
    }

    /// The row address pattern of the 6 elements from `s` and the module it gives; nil when they
    /// are none, or the space before them is no quiet zone.
    private static func address(_ w: [Double], _ s: Int, centre: Bool, quiet: Bool = true) -> (Int, Double)? {
        guard s + 6 <= w.count, let counts = PDF417Codewords.moduleCounts(w[s..<(s + 6)], total: 10),
              let bits = PDF417Codewords.pattern(counts, total: 10),
              let number = centre ? MicroPDF417Variant.centreAddress(bits) : MicroPDF417Variant.sideAddress(bits) else { return nil }
        let module = w[s..<(s + 6)].reduce(0, +) / 10
        if quiet, s > 0, w[s - 1] < minQuiet * module { return nil }
        return (number, module)
    }

    /// The row of `columns` columns from the left pattern at `s`, or nil.
    private static func row(_ w: [Double], _ dark: (Int) -> Bool, _ edge: (Int) -> Double, _ s: Int, left: Int,
                            module leftModule: Double, columns: Int) -> MicroPDF417Row? {
        let elements = 13 + 8 * columns + (columns >= 3 ? 6 : 0)
        guard s + elements <= w.count else { return nil }
        let total = w[s..<(s + elements)].reduce(0, +)
        let module = total / Double(MicroPDF417Variant.rowModules(columns: columns))
        guard abs(module / leftModule - 1) < partTolerance else { return nil }
        let stop = w[s + elements - 1]
        guard stop > 0.3 * module, stop < 2.5 * module else { return nil }
        if s + elements < w.count, w[s + elements] < minQuiet * module { return nil }
        var e = s + 6
        var words: [(cluster: Int, value: Int)?] = []
        var centre: Int?
        func fits(_ count: Int, _ modules: Int) -> Bool {
            abs(w[e..<(e + count)].reduce(0, +) / (Double(modules) * module) - 1) < partTolerance
        }
        for column in 0..<columns {
            if columns >= 3, column == columns - 2 {
                centre = fits(6, 10) ? address(w, e, centre: true, quiet: false)?.0 : nil
                e += 6
            }
            var word: (cluster: Int, value: Int)?
            if fits(8, 17), let counts = PDF417Codewords.moduleCounts(w[e..<(e + 8)], total: 17),
               let pattern = PDF417Codewords.pattern(counts, total: 17) {
                word = PDF417Codewords.codeword(pattern)
            }
            words.append(word)
            e += 8
        }
        let right = fits(6, 10) ? address(w, e, centre: false, quiet: false)?.0 : nil
        let read = words.compactMap { $0 }.count
        guard read >= 1, right != nil || 2 * read >= columns else { return nil }
        return MicroPDF417Row(columns: columns, left: left, centre: centre, right: right, words: words,
                              span: (edge(s), edge(s + elements)))
    }
}
