import CPoppler
import Foundation

/// The filled-in values of a page's form fields (AcroForm widgets).
///
/// A field's value is drawn by its widget annotation's appearance, not by the page's content,
/// so poppler's text layer (`glyphs()`) does not hold it: a filled form would keep its labels
/// and lose its answers. poppler-glib reports each field with its rectangle in unrotated PDF
/// points (origin bottom-left); the value is laid out in that rectangle, one glyph per
/// character, and turned with the page like the text layer.
extension PDFPage {
    /// The page's filled-in form values as glyphs, in the same frame as `glyphs()` (points,
    /// origin top-left, /Rotate applied), each field's lines ended by a newline glyph.
    /// Text fields (not passwords) and the selected items of choice fields count; buttons
    /// and signatures carry no text, and hidden widgets show none.
    public func formFieldGlyphs() -> [Glyph] {
        let values = formValues()
        guard !values.isEmpty else { return [] }
        let display = size
        let widgets = widgetAreas()
        let turn = FormLayout.quarterTurns(fields: values.map(\.area), widgets: widgets.map(\.area), display: display)
        let hidden = widgets.filter(\.hidden).map(\.area)
        return values
            .filter { value in
                let shown = FormLayout.turnedYUp(value.area, quarterTurns: turn, display: display)
                return !hidden.contains { FormLayout.same($0, shown) }
            }
            .flatMap { FormLayout.glyphs(for: $0, quarterTurns: turn, display: display) }
    }

    /// The values of the page's text and choice fields (poppler_page_get_form_field_mapping;
    /// the list, and the fields it references, freed with poppler_page_free_form_field_mapping).
    func formValues() -> [FormValue] {
        withPage { page in
            guard let list = poppler_page_get_form_field_mapping(page) else { return [] }
            defer { poppler_page_free_form_field_mapping(list) }
            var values: [FormValue] = []
            var node: UnsafeMutablePointer<GList>? = list
            while let current = node {
                defer { node = current.pointee.next }
                guard let data = current.pointee.data else { continue }
                let mapping = data.assumingMemoryBound(to: PopplerFormFieldMapping.self).pointee
                guard let field = mapping.field, let text = Self.value(of: field) else { continue }
                let a = mapping.area
                values.append(FormValue(text: text, area: FormLayout.Rect(x0: min(a.x1, a.x2), y0: min(a.y1, a.y2),
                                                                          x1: max(a.x1, a.x2), y1: max(a.y1, a.y2)),
                                        fontSize: poppler_form_field_get_font_size(field)))
            }
            return values.reversed()  // poppler prepends
        }
    }

    /// A text field's text (not a password's) or a choice field's selected items, trimmed; nil
    /// when empty. Strings from poppler are copies, freed with g_free.
    private static func value(of field: OpaquePointer) -> String? {
        func take(_ c: UnsafeMutablePointer<gchar>?) -> String? {
            guard let c else { return nil }
            defer { g_free(c) }
            return String(cString: c)
        }
        var text: String?
        switch poppler_form_field_get_field_type(field) {
        case POPPLER_FORM_FIELD_TEXT:
            guard poppler_form_field_text_is_password(field) == 0 else { return nil }
            text = take(poppler_form_field_text_get_text(field))
        case POPPLER_FORM_FIELD_CHOICE:
            let selected = (0..<max(0, poppler_form_field_choice_get_n_items(field)))
                .filter { poppler_form_field_choice_is_item_selected(field, $0) != 0 }
                .compactMap { take(poppler_form_field_choice_get_item(field, $0)) }
            text = selected.isEmpty ? take(poppler_form_field_choice_get_text(field)) : selected.joined(separator: ", ")
        default:
            return nil
        }
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The rectangles of the page's widget annotations as poppler reports them: turned with
    /// the page (points, y up), and whether the widget is hidden (flags Hidden or NoView: a
    /// field not shown is not read). poppler_page_get_annot_mapping's list is freed with
    /// poppler_page_free_annot_mapping.
    private func widgetAreas() -> [(area: FormLayout.Rect, hidden: Bool)] {
        withPage { page in
            guard let list = poppler_page_get_annot_mapping(page) else { return [] }
            defer { poppler_page_free_annot_mapping(list) }
            var areas: [(area: FormLayout.Rect, hidden: Bool)] = []
            var node: UnsafeMutablePointer<GList>? = list
            while let current = node {
                defer { node = current.pointee.next }
                guard let data = current.pointee.data else { continue }
                let mapping = data.assumingMemoryBound(to: PopplerAnnotMapping.self).pointee
                guard let annot = mapping.annot, poppler_annot_get_annot_type(annot) == POPPLER_ANNOT_WIDGET else { continue }
                let a = mapping.area
                let flags = poppler_annot_get_flags(annot).rawValue
                let hidden = flags & (POPPLER_ANNOT_FLAG_HIDDEN.rawValue | POPPLER_ANNOT_FLAG_NO_VIEW.rawValue) != 0
                areas.append((FormLayout.Rect(x0: min(a.x1, a.x2), y0: min(a.y1, a.y2), x1: max(a.x1, a.x2), y1: max(a.y1, a.y2)), hidden))
            }
            return areas
        }
    }
}
