import DocumentModel

/// A table's cells laid on its grid: each grid position knows the cell covering it.
struct TableGrid {
    let rows: Int
    let columns: Int
    private var covering: [[TableCell?]]

    init(_ b: Block) {
        let rows = max(b.rowCount, b.tableCells.map { $0.row + max(1, $0.rowSpan) }.max() ?? 0)
        let columns = max(b.columnCount, b.tableCells.map { $0.column + max(1, $0.columnSpan) }.max() ?? 0)
        self.rows = rows; self.columns = columns
        covering = Array(repeating: Array(repeating: nil, count: columns), count: rows)
        for c in b.tableCells {
            for r in c.row..<min(rows, c.row + max(1, c.rowSpan)) {
                for k in c.column..<min(columns, c.column + max(1, c.columnSpan)) where covering[r][k] == nil {
                    covering[r][k] = c
                }
            }
        }
    }

    var hasSpans: Bool { covering.joined().contains { $0.map { $0.rowSpan > 1 || $0.columnSpan > 1 } ?? false } }

    /// The text at a grid position; a merged cell's text is repeated in every position it covers.
    func text(_ r: Int, _ c: Int) -> String { covering[r][c]?.text ?? "" }
}

/// `--format csv`: one RFC 4180 file per table (CRLF line ends, fields quoted when they hold a
/// comma, quote or line break; quotes doubled). Merged cells repeat their text in every
/// position they cover, so each row has the table's column count.
struct CSVRenderer {
    func render(_ document: StoredDocument) -> [RenderedFile] {
        var counts: [Int: Int] = [:]
        return document.tables.map { page, block in
            counts[page, default: 0] += 1
            let grid = TableGrid(block)
            let body = (0..<grid.rows).map { r in
                (0..<grid.columns).map { Self.field(grid.text(r, $0)) }.joined(separator: ",") + "\r\n"
            }.joined()
            return RenderedFile(suffix: ".p\(page)-t\(counts[page]!).csv", text: body)
        }
    }

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// `--format html`: the document's tables as HTML `<table>`s with `rowspan`/`colspan` and
/// `<th>` for header cells, one page per document.
struct HTMLRenderer {
    func render(_ document: StoredDocument) -> [RenderedFile] {
        let tables = document.tables
        guard !tables.isEmpty else { return [] }
        var counts: [Int: Int] = [:]
        var out = ["<!DOCTYPE html>", "<html><head><meta charset=\"utf-8\"><title>\(HTMLTable.escape(document.title ?? document.path))</title></head><body>"]
        for (page, block) in tables {
            counts[page, default: 0] += 1
            out.append("<section id=\"p\(page)-t\(counts[page]!)\"><h2>Page \(page), table \(counts[page]!)</h2>")
            out.append(HTMLTable.render(block))
            out.append("</section>")
        }
        out.append("</body></html>")
        return [RenderedFile(suffix: ExportFormat.html.suffix, text: out.joined(separator: "\n") + "\n")]
    }
}

/// One table as an HTML `<table>`: rows in order, each cell once at its top-left position.
enum HTMLTable {
    static func render(_ b: Block) -> String {
        let grid = TableGrid(b)
        var rows: [[TableCell]] = Array(repeating: [], count: grid.rows)
        for c in b.tableCells where c.row < grid.rows { rows[c.row].append(c) }
        var out = ["<table>"]
        for row in rows {
            var line = "<tr>"
            for c in row.sorted(by: { $0.column < $1.column }) {
                let tag = c.isHeader ? "th" : "td"
                var attributes = ""
                if c.rowSpan > 1 { attributes += " rowspan=\"\(c.rowSpan)\"" }
                if c.columnSpan > 1 { attributes += " colspan=\"\(c.columnSpan)\"" }
                line += "<\(tag)\(attributes)>\(escape(c.text).replacingOccurrences(of: "\n", with: "<br>"))</\(tag)>"
            }
            out.append(line + "</tr>")
        }
        out.append("</table>")
        return out.joined(separator: "\n")
    }

    /// Escapes text for HTML content and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if ch.value < 0x20 && ch != "\n" && ch != "\t" { out += " " } else { out.unicodeScalars.append(ch) }
            }
        }
        return out
    }
}
