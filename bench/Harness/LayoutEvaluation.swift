import DocumentModel
import Foundation
import Layout

/// Scores the layout pass on the labelled set of bench/layout-quality (run its generate.py
/// first): block precision/recall per kind, heading-level accuracy, list-item and table-cell F1
/// and reading-order agreement, for the text-layer inputs, the degraded (OCR-like) inputs and,
/// when ocr_variant.py has run, real Tesseract words of the rendered pages. Writes
/// `last-results.txt` beside the data folder.
enum LayoutEvaluation {
    struct TruthItem: Decodable { var marker: String; var markerType: String; var depth: Int; var text: String }
    struct TruthCell: Decodable { var row: Int; var column: Int; var rowSpan: Int; var columnSpan: Int; var text: String }
    struct TruthBlock: Decodable {
        var kind: String; var text: String; var box: Box; var level: Int?
        var items: [TruthItem]?; var cells: [TruthCell]?
    }
    struct Document: Decodable { var pages: [LayoutInput]; var truth: [[TruthBlock]] }

    struct Counts { var tp = 0, fp = 0, fn = 0
        var precision: Double { tp + fp == 0 ? 1 : Double(tp) / Double(tp + fp) }
        var recall: Double { tp + fn == 0 ? 1 : Double(tp) / Double(tp + fn) }
        var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
    }

    struct Score {
        var kinds: [String: Counts] = [:]
        var items = Counts(), cells = Counts(), itemShape = Counts(), cellShape = Counts()
        var levelsRight = 0, levelsTotal = 0, orderRight = 0, orderTotal = 0, textRight = 0, textTotal = 0
    }

    static func run(data: String, verbose: Bool, dump: String?) throws {
        let dir = URL(fileURLWithPath: data)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        guard !files.isEmpty else { throw HarnessError("no data in \(dir.path): run bench/layout-quality/generate.py") }
        var report = ""
        let variants: [(name: String, suffix: String)] = [("text layer", ""), ("degraded", "-degraded"), ("tesseract OCR", "-ocr")]
        for (variant, suffix) in variants {
            var score = Score()
            var seconds = 0.0, pages = 0
            for file in files where file.dropLast(5).hasSuffix(suffix) && (suffix != "" || !file.contains("-")) {
                let doc = try JSONDecoder().decode(Document.self, from: Data(contentsOf: dir.appendingPathComponent(file)))
                let start = Date()
                let predicted = LayoutAnalyzer.analyzeDocument(pages: doc.pages)
                seconds += Date().timeIntervalSince(start); pages += doc.pages.count
                for (truth, blocks) in zip(doc.truth, predicted) { evaluate(truth, blocks, verbose: verbose, into: &score) }
                if dump == file {
                    for (p, blocks) in predicted.enumerated() {
                        for b in blocks { print("DUMP p\(p) #\(b.readingOrder) \(b.kind) \(b.box): \(b.text.prefix(80))") }
                    }
                }
            }
            guard pages > 0 else { continue }
            report += describe(variant, score, pages: pages, seconds: seconds)
        }
        print(report)
        try report.write(to: dir.appendingPathComponent("../last-results.txt").standardized, atomically: true, encoding: .utf8)
    }

    private static func iou(_ a: Box, _ b: Box) -> Double {
        guard let i = a.intersection(b) else { return 0 }
        return Double(i.area) / Double(a.area + b.area - i.area)
    }

    private static func evaluate(_ truth: [TruthBlock], _ blocks: [Block], verbose: Bool, into score: inout Score) {
        var used = Set<Int>()
        var match: [Int?] = []
        for t in truth {
            let candidates = blocks.indices.filter { !used.contains($0) && blocks[$0].kind.rawValue == t.kind }
            let best = candidates.max { iou(blocks[$0].box, t.box) < iou(blocks[$1].box, t.box) }
            if let b = best, iou(blocks[b].box, t.box) >= 0.5 { used.insert(b); match.append(b) } else { match.append(nil) }
            score.kinds[t.kind, default: Counts()].tp += match.last! == nil ? 0 : 1
            score.kinds[t.kind, default: Counts()].fn += match.last! == nil ? 1 : 0
        }
        for (i, b) in blocks.enumerated() where !used.contains(i) { score.kinds[b.kind.rawValue, default: Counts()].fp += 1 }
        if verbose {
            for (i, b) in blocks.enumerated() where !used.contains(i) { print("FP \(b.kind) \(b.box): \(b.kind == .table ? b.text.replacingOccurrences(of: "\n", with: " / ") : String(b.text.prefix(120)))") }
            for (t, m) in zip(truth, match) where m == nil { print("FN \(t.kind) \(t.box): \(t.text.prefix(120))") }
        }
        for (t, m) in zip(truth, match) { compareContent(t, m.map { blocks[$0] }, verbose: verbose, into: &score) }
        for (i, b) in blocks.enumerated() where !used.contains(i) {
            score.items.fp += b.listItems.count; score.itemShape.fp += b.listItems.count
            let filled = b.tableCells.filter { !$0.text.isEmpty }.count
            score.cells.fp += filled; score.cellShape.fp += filled
        }
        let order = match.compactMap { $0 }
        for (a, b) in zip(order, order.dropFirst()) { score.orderTotal += 1; if blocks[a].readingOrder < blocks[b].readingOrder { score.orderRight += 1 } }
    }

    private static func compareContent(_ t: TruthBlock, _ b: Block?, verbose: Bool, into score: inout Score) {
        if t.kind == "heading", let b { score.levelsTotal += 1; if b.level == t.level { score.levelsRight += 1 } }
        if t.kind == "paragraph", let b { score.textTotal += 1; if b.text == t.text { score.textRight += 1 } }
        let truthItems = Set((t.items ?? []).map { "\($0.depth)|\($0.markerType)|\($0.marker)|\($0.text)" })
        let items = Set((b?.listItems ?? []).map { "\($0.depth)|\($0.markerType.rawValue)|\($0.marker)|\($0.text)" })
        score.items.tp += truthItems.intersection(items).count
        score.items.fn += truthItems.subtracting(items).count
        score.items.fp += items.subtracting(truthItems).count
        tally(Set((t.items ?? []).enumerated().map { "\($0.offset)|\($0.element.depth)|\($0.element.markerType)" }),
              Set((b?.listItems ?? []).enumerated().map { "\($0.offset)|\($0.element.depth)|\($0.element.markerType.rawValue)" }),
              into: &score.itemShape)
        tally(Set((t.cells ?? []).filter { !$0.text.isEmpty }.map { "\($0.row),\($0.column),\($0.rowSpan),\($0.columnSpan)" }),
              Set((b?.tableCells ?? []).filter { !$0.text.isEmpty }.map { "\($0.row),\($0.column),\($0.rowSpan),\($0.columnSpan)" }),
              into: &score.cellShape)
        let truthCells = Set((t.cells ?? []).filter { !$0.text.isEmpty }.map { "\($0.row),\($0.column),\($0.rowSpan),\($0.columnSpan)|\($0.text)" })
        let cells = Set((b?.tableCells ?? []).filter { !$0.text.isEmpty }.map { "\($0.row),\($0.column),\($0.rowSpan),\($0.columnSpan)|\($0.text)" })
        if verbose, truthCells != cells {
            print("CELLS missing \(truthCells.subtracting(cells).sorted()) extra \(cells.subtracting(truthCells).sorted())")
        }
        if verbose, t.items != nil, b != nil, truthItems != items {
            print("ITEMS missing \(truthItems.subtracting(items).sorted()) extra \(items.subtracting(truthItems).sorted())")
        }
        score.cells.tp += truthCells.intersection(cells).count
        score.cells.fn += truthCells.subtracting(cells).count
        score.cells.fp += cells.subtracting(truthCells).count
    }

    private static func tally(_ truth: Set<String>, _ found: Set<String>, into c: inout Counts) {
        c.tp += truth.intersection(found).count; c.fn += truth.subtracting(found).count; c.fp += found.subtracting(truth).count
    }

    private static func describe(_ variant: String, _ s: Score, pages: Int, seconds: Double) -> String {
        func pct(_ v: Double) -> String { String(format: "%5.1f", 100 * v) }
        var out = "\n== \(variant): \(pages) pages, \(String(format: "%.1f", 1000 * seconds / Double(max(pages, 1)))) ms/page ==\n"
        out += "kind        P      R      F1   (tp/fp/fn)\n"
        for kind in s.kinds.keys.sorted() {
            let c = s.kinds[kind]!
            out += kind.padding(toLength: 10, withPad: " ", startingAt: 0) + " \(pct(c.precision))  \(pct(c.recall))  \(pct(c.f1))   (\(c.tp)/\(c.fp)/\(c.fn))\n"
        }
        out += "list items F1 \(pct(s.items.f1)) (P \(pct(s.items.precision)) R \(pct(s.items.recall))); "
        out += "structure only (order, depth, marker type) F1 \(pct(s.itemShape.f1))\n"
        out += "table cells F1 \(pct(s.cells.f1)) (P \(pct(s.cells.precision)) R \(pct(s.cells.recall))); "
        out += "structure only (row, column, spans) F1 \(pct(s.cellShape.f1))\n"
        out += "heading levels right \(s.levelsRight)/\(s.levelsTotal); paragraph text exact \(s.textRight)/\(s.textTotal); "
        out += "reading order pairs right \(s.orderRight)/\(s.orderTotal)\n"
        return out
    }
}
