/// One form field's value and its rectangle in unrotated PDF points (y up, crop box at 0).
struct FormValue: Equatable {
    var text: String
    var area: FormLayout.Rect
    /// The field's font size in points; 0 when the field sizes its text to fit.
    var fontSize: Double
}

/// Lays form values out as glyphs in the text layer's frame (pure; no C).
///
/// poppler-glib gives a field's rectangle unrotated, while the text layer is turned with the
/// page (/Rotate), and it does not report /Rotate itself. The widget annotations' rectangles
/// come turned (poppler_page_get_annot_mapping), so the turn that maps the fields' rectangles
/// onto them is the page's.
enum FormLayout {
    /// A rectangle in points, y up.
    struct Rect: Equatable {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var width: Double { x1 - x0 }
        var height: Double { y1 - y0 }
    }

    /// Points two rectangles' sides may differ by and still be the same widget.
    static let tolerance = 1.0
    /// The size, in points, of a field that sizes its text to fit, at most (and 70 % of a
    /// single-line field's height).
    static let defaultFontSize = 12.0
    /// Line spacing and mean character advance, in font sizes (poppler gives no font metrics
    /// for a field: its word boxes are estimates, close at the start of a value, within a few
    /// characters at its end).
    static let leading = 1.15, advance = 0.5

    /// The page's /Rotate in quarter turns clockwise (0...3): the turn that maps the most field
    /// rectangles onto widget rectangles; 0 without widgets or on a tie.
    static func quarterTurns(fields: [Rect], widgets: [Rect], display: (width: Double, height: Double)) -> Int {
        guard !fields.isEmpty, !widgets.isEmpty else { return 0 }
        var best = 0, bestMatches = -1
        for turn in 0..<4 {
            let matches = fields.count { field in
                let turned = turnedYUp(field, quarterTurns: turn, display: display)
                return widgets.contains { same($0, turned) }
            }
            if matches > bestMatches { best = turn; bestMatches = matches }
        }
        return best
    }

    /// True when two rectangles are one widget's (within `tolerance`).
    static func same(_ a: Rect, _ b: Rect) -> Bool {
        abs(a.x0 - b.x0) <= tolerance && abs(a.y0 - b.y0) <= tolerance
            && abs(a.x1 - b.x1) <= tolerance && abs(a.y1 - b.y1) <= tolerance
    }

    /// `rect` turned with the page, still y up (as poppler turns annotation rectangles).
    static func turnedYUp(_ r: Rect, quarterTurns: Int, display: (width: Double, height: Double)) -> Rect {
        switch quarterTurns {
        case 1: return Rect(x0: r.y0, y0: display.height - r.x1, x1: r.y1, y1: display.height - r.x0)
        case 2: return Rect(x0: display.width - r.x1, y0: display.height - r.y1, x1: display.width - r.x0, y1: display.height - r.y0)
        case 3: return Rect(x0: display.width - r.y1, y0: r.x0, x1: display.width - r.y0, y1: r.x1)
        default: return r
        }
    }

    /// A point of the unrotated page (y up) in the text layer's frame: turned, origin top-left.
    static func displayPoint(x: Double, y: Double, quarterTurns: Int, display: (width: Double, height: Double)) -> (x: Double, y: Double) {
        switch quarterTurns {
        case 1: return (y, x)
        case 2: return (display.width - x, y)
        case 3: return (display.width - y, display.height - x)
        default: return (x, display.height - y)
        }
    }

    /// The value's characters as glyphs, line by line from the field's top, at the field's
    /// font size (or one that fits), squeezed to its width; each line ends with a newline glyph.
    static func glyphs(for value: FormValue, quarterTurns: Int, display: (width: Double, height: Double)) -> [Glyph] {
        let area = value.area
        let lines = value.text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard area.width > 0, area.height > 0, !lines.isEmpty else { return [] }
        var size = value.fontSize > 0 ? value.fontSize : min(defaultFontSize, 0.7 * area.height)
        size = min(size, area.height / (Double(lines.count) * leading))
        // A single line sits in the middle of its field; several start at its top.
        var top = lines.count == 1 ? (area.y0 + area.y1 + size) / 2 : area.y1 - 0.1 * size
        var glyphs: [Glyph] = []
        for line in lines {
            let scalars = Array(line.unicodeScalars)
            let step = scalars.isEmpty ? 0 : min(advance * size, (area.width - 2) / Double(scalars.count))
            var x = area.x0 + 1
            for scalar in scalars {
                let a = displayPoint(x: x, y: top, quarterTurns: quarterTurns, display: display)
                let b = displayPoint(x: x + step, y: top - size, quarterTurns: quarterTurns, display: display)
                glyphs.append(Glyph(scalar: scalar, x0: min(a.x, b.x), y0: min(a.y, b.y), x1: max(a.x, b.x), y1: max(a.y, b.y),
                                    fontSize: size))
                x += step
            }
            glyphs.append(Glyph(scalar: "\n", x0: 0, y0: 0, x1: 0, y1: 0))
            top -= leading * size
        }
        return glyphs
    }
}
