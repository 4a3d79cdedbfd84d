import DocumentModel
import Layout

/// `--format markdown`: title and headings as `#`…, paragraphs, lists with their markers and
/// nesting, tables as pipe tables (HTML where spans would make a pipe table lossy), barcodes as
/// a line with the symbology and payload, page breaks as comments. Running headers and footers
/// are left out; failed pages are marked where they would be. A paragraph set in two pieces
/// (`Block.continues`: the next column, the next page, a figure between) is written as one.
struct MarkdownRenderer {
    func render(_ document: StoredDocument) -> [RenderedFile] {
        var out: [String] = []
        // The last paragraph written (its entry and text): a paragraph that `continues` it, in
        // the next column or on the next page, joins it as one paragraph.
        var paragraph: (index: Int, text: String)?
        for page in document.pages {
            out.append("<!-- page \(page.number) -->")
            guard page.status == .done else {
                out.append(PageMark.markdown(page))
                paragraph = nil
                continue
            }
            for block in page.blocks {
                if block.kind == .paragraph, block.continues, let p = paragraph {
                    let text = Continuations.join(p.text, block.text)
                    out[p.index] = Self.paragraph(text)
                    paragraph = (p.index, text)
                    continue
                }
                if let text = Self.block(block) { out.append(text) }
                if block.kind == .paragraph {
                    paragraph = (out.count - 1, block.text)
                } else if !Continuations.lookedPast.contains(block.kind) {
                    paragraph = nil
                }
            }
            for code in page.barcodes {
                let addOn = code.supplementalPayload.map { " add-on `\($0.replacingOccurrences(of: "`", with: "'"))`" } ?? ""
                out.append("Barcode (\(code.symbology.rawValue)): `\(code.payload.replacingOccurrences(of: "`", with: "'"))`" + addOn)
            }
        }
        return [RenderedFile(suffix: ExportFormat.markdown.suffix, text: out.joined(separator: "\n\n") + "\n")]
    }

    static func block(_ b: Block) -> String? {
        switch b.kind {
        case .header, .footer: return nil
        case .title: return "# " + inline(b.text)
        case .heading: return String(repeating: "#", count: min(6, (b.level ?? 1) + 1)) + " " + inline(b.text)
        case .paragraph: return paragraph(b.text)
        case .caption: return "*" + inline(b.text) + "*"
        case .figure: return "<!-- figure -->"   // a picture, chart or diagram: its words (its text) are no prose
        case .equation, .footnote: return paragraph(b.text)
        case .list, .reference: return list(b)
        case .table: return table(b)
        }
    }

    static func list(_ b: Block) -> String {
        guard !b.listItems.isEmpty else { return paragraph(b.text) }
        return b.listItems.map { item in
            let indent = String(repeating: "    ", count: max(0, item.depth))
            let marker: String
            switch item.markerType {
            case .bullet, .dash: marker = "-"
            case .decimal:
                let digits = item.marker.filter(\.isNumber)
                marker = digits.isEmpty ? "1." : "\(digits)."
            default: marker = "- " + inline(item.marker)
            }
            return indent + marker + " " + inline(item.text)
        }.joined(separator: "\n")
    }

    static func table(_ b: Block) -> String {
        let grid = TableGrid(b)
        guard grid.rows > 0, grid.columns > 0 else { return paragraph(b.text) }
        if grid.hasSpans { return HTMLTable.render(b) }
        func row(_ r: Int) -> String {
            "| " + (0..<grid.columns).map { cell(grid.text(r, $0)) }.joined(separator: " | ") + " |"
        }
        var lines = [row(0), "|" + String(repeating: " --- |", count: grid.columns)]
        for r in 1..<grid.rows { lines.append(row(r)) }
        return lines.joined(separator: "\n")
    }

    static func cell(_ text: String) -> String {
        inline(text).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: "<br>")
    }

    static func paragraph(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escapeLineStart(inline(String($0))) }
            .joined(separator: "\n")
    }

    /// Escapes characters Markdown would read as inline markup.
    static func inline(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for ch in text {
            switch ch {
            case "\\", "*", "_", "`", "[", "]", "<", ">": out.append("\\"); out.append(ch)
            default: out.append(ch)
            }
        }
        return out
    }

    /// A paragraph line that would start a heading, list or quote is escaped.
    static func escapeLineStart(_ line: String) -> String {
        let trimmed = line.drop { $0 == " " }
        if let first = trimmed.first, "#+-=".contains(first) { return "\\" + trimmed }
        let digits = trimmed.prefix { $0.isNumber }
        if !digits.isEmpty, trimmed.dropFirst(digits.count).first.map({ $0 == "." || $0 == ")" }) == true {
            return digits + "\\" + trimmed.dropFirst(digits.count)
        }
        return String(trimmed)
    }
}

/// How failed and pending pages are marked in each text format.
enum PageMark {
    static func reason(_ page: StoredPage) -> String {
        switch page.status {
        case .failed: return "failed" + (page.failedStage.map { " in \($0)" } ?? "") + (page.error.map { ": \($0)" } ?? "")
        case .pending: return "not processed yet"
        case .done: return "done"
        }
    }

    static func markdown(_ page: StoredPage) -> String {
        "> **Page \(page.number) has no results** (\(MarkdownRenderer.inline(reason(page)).replacingOccurrences(of: "\n", with: " ")))."
    }

    static func text(_ page: StoredPage) -> String { "[page \(page.number) has no results: \(reason(page))]" }
}

/// `--format text`: the text in reading order, pages separated by form feeds (OCRmyPDF's
/// sidecar convention).
struct TextRenderer {
    func render(_ document: StoredDocument) -> [RenderedFile] {
        let pages = document.pages.map { $0.status == .done ? $0.text : PageMark.text($0) }
        return [RenderedFile(suffix: ExportFormat.text.suffix, text: pages.joined(separator: "\n\u{0C}") + "\n")]
    }
}
