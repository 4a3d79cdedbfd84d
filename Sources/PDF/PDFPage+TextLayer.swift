import CPoppler
import PopplerTextShim
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

    /// The text of the page's content, as poppler-glib lays it out: its characters in poppler's
    /// reading order with a space between words and a line end between lines, each with its
    /// rectangle (points, top-left origin of the page as displayed) and its font run's size and
    /// weight.
    ///
    /// Read in one walk of poppler's text (`oneWalkGlyphs`), which matches poppler-glib's three
    /// calls glyph for glyph on a left-to-right page, and reads a page with right-to-left text
    /// line by line, where poppler-glib's whole-page selection loses lines. A page the walk leaves
    /// to poppler-glib (characters its UTF-8 does not carry) is read through those calls
    /// (`glibContentGlyphs`).
    func contentGlyphs() -> [Glyph] {
        withPage { page in oneWalkGlyphs(page) ?? glibContentGlyphs(page) }
    }

    /// The page's glyphs from one walk of poppler-glib's cached text (`PopplerTextShim`); nil
    /// when the shim leaves the page to poppler-glib's own calls.
    func oneWalkGlyphs(_ page: OpaquePointer) -> [Glyph]? {
        // Any text call builds poppler-glib's text of the page and caches it on the page; the
        // text of an empty area walks none of it.
        var nothing = PopplerRectangle(x1: 0, y1: 0, x2: 0, y2: 0)
        g_free(poppler_page_get_text_for_area(page, &nothing))
        var width = 0.0, height = 0.0
        poppler_page_get_size(page, &width, &height)
        var text = quire_text_page()
        guard quire_text_read(UnsafeMutableRawPointer(page), poppler_page_get_index(page), width, height, &text)
                == QUIRE_TEXT_OK else { return nil }
        defer { quire_text_free(&text) }
        let bold = (0..<Int(text.font_count)).map { i in
            text.fonts[i].map { TextLayerBuilder.isBoldFont(String(cString: $0)) } ?? false
        }
        guard let cGlyphs = text.glyphs else { return [] }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(Int(text.count))
        for g in UnsafeBufferPointer(start: cGlyphs, count: Int(text.count)) {
            guard let scalar = Unicode.Scalar(g.code) else { return nil }
            glyphs.append(Glyph(scalar: scalar, x0: min(g.x1, g.x2), y0: min(g.y1, g.y2),
                                x1: max(g.x1, g.x2), y1: max(g.y1, g.y2),
                                fontSize: g.size, isBold: bold.indices.contains(Int(g.font)) && bold[Int(g.font)]))
        }
        return glyphs
    }

    /// The page's glyphs through poppler-glib's calls: its text (`poppler_page_get_text`), one
    /// rectangle per character (`poppler_page_get_text_layout`) and font runs
    /// (`poppler_page_get_text_attributes`), each a walk of the page's text.
    func glibContentGlyphs(_ page: OpaquePointer) -> [Glyph] {
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
        var i = 0   // the character's index among the rectangles and the font runs
        for scalar in text.unicodeScalars where i < Int(count) {
            // The text of a right-to-left run comes reversed into reading order between an
            // embedding mark and a pop (U+202A or U+202B … U+202C, poppler's `reorderText`);
            // the rectangles and the runs count neither mark.
            if Self.embeddingMarks.contains(scalar.value) { continue }
            defer { i += 1 }
            while runIndex < fonts.count && fonts[runIndex].end < i { runIndex += 1 }
            let run = runIndex < fonts.count && fonts[runIndex].start <= i ? fonts[runIndex] : nil
            let r = rects[i]
            glyphs.append(Glyph(scalar: scalar, x0: min(r.x1, r.x2), y0: min(r.y1, r.y2),
                                x1: max(r.x1, r.x2), y1: max(r.y1, r.y2),
                                fontSize: run?.size, isBold: run?.isBold ?? false))
        }
        return glyphs
    }

    /// Left-to-right embedding, right-to-left embedding, pop directional formatting.
    private static let embeddingMarks: Set<UInt32> = [0x202A, 0x202B, 0x202C]

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
