import CPoppler
import DocumentModel

extension PDFPage {
    /// The page's text layer as raw glyphs: its content's text, then the values filled into its
    /// form fields (`formFieldGlyphs()`), which the content does not hold.
    public func glyphs() -> [Glyph] {
        var glyphs = contentGlyphs()
        let form = formFieldGlyphs()
        if !form.isEmpty {
            if let last = glyphs.last, !last.isLineBreak { glyphs.append(Glyph(scalar: "\n", x0: 0, y0: 0, x1: 0, y1: 0)) }
            glyphs += form
        }
        return glyphs
    }

    /// The text of the page's content: poppler's text (`poppler_page_get_text`), one rectangle
    /// per character (`poppler_page_get_text_layout`, points, top-left origin of the page as
    /// displayed) and font runs (`poppler_page_get_text_attributes`).
    func contentGlyphs() -> [Glyph] {
        withPage { page in
            guard let cText = poppler_page_get_text(page) else { return [] }
            // poppler_page_get_text: "a newly allocated string; free with g_free".
            let text = String(cString: cText)
            g_free(cText)
            var rects: UnsafeMutablePointer<PopplerRectangle>?
            var count: guint = 0
            guard poppler_page_get_text_layout(page, &rects, &count) != 0, let rects else { return [] }
            defer { g_free(rects) }
            let fonts = fontRuns(page)
            var glyphs: [Glyph] = []
            glyphs.reserveCapacity(Int(count))
            var runIndex = 0
            for (i, scalar) in text.unicodeScalars.enumerated() where i < Int(count) {
                while runIndex < fonts.count && fonts[runIndex].end < i { runIndex += 1 }
                let run = runIndex < fonts.count && fonts[runIndex].start <= i ? fonts[runIndex] : nil
                let r = rects[i]
                glyphs.append(Glyph(scalar: scalar, x0: min(r.x1, r.x2), y0: min(r.y1, r.y2),
                                    x1: max(r.x1, r.x2), y1: max(r.y1, r.y2),
                                    fontSize: run?.size, isBold: run?.isBold ?? false))
            }
            return glyphs
        }
    }

    /// The text layer as words and lines in page pixels at `dpi` (see `TextLayerBuilder`).
    public func textLayer(dpi: Int) -> PageText {
        TextLayerBuilder.pageText(from: glyphs(), scale: Double(dpi) / 72)
    }

    private struct FontRun { var start: Int; var end: Int; var size: Double; var isBold: Bool }

    /// Font runs, character index ranges inclusive. Freed with `poppler_page_free_text_attributes`.
    private func fontRuns(_ page: OpaquePointer) -> [FontRun] {
        guard let list = poppler_page_get_text_attributes(page) else { return [] }
        defer { poppler_page_free_text_attributes(list) }
        var runs: [FontRun] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data {
                let a = data.assumingMemoryBound(to: PopplerTextAttributes.self).pointee
                let name = a.font_name.map { String(cString: $0) }
                runs.append(FontRun(start: Int(a.start_index), end: Int(a.end_index), size: a.font_size,
                                    isBold: name.map(TextLayerBuilder.isBoldFont) ?? false))
            }
            node = current.pointee.next
        }
        return runs.sorted { $0.start < $1.start }
    }
}
