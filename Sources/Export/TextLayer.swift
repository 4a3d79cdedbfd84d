import DocumentModel
import Foundation

/// An affine map `(x, y) → (a·x + c·y + e, b·x + d·y + f)`, PDF's matrix convention.
struct Affine: Equatable {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0

    func apply(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + e, b * x + d * y + f) }

    /// First `self`, then `next`.
    func then(_ next: Affine) -> Affine {
        Affine(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
               c: next.a * c + next.c * d, d: next.b * c + next.d * d,
               e: next.a * e + next.c * f + next.e, f: next.b * e + next.d * f + next.f)
    }

    static func translation(_ x: Double, _ y: Double) -> Affine { Affine(e: x, f: y) }

    /// The inverse map (the matrix is never singular here: scales, turns and shifts).
    var inverted: Affine {
        let det = a * d - b * c
        return Affine(a: d / det, b: -b / det, c: -c / det, d: a / det, e: (c * f - d * e) / det, f: (b * e - a * f) / det)
    }

    /// `self` conjugated by `frame`: the same map expressed in the space `frame` maps into.
    func expressed(through frame: Affine) -> Affine { frame.inverted.then(self).then(frame) }

    /// As a PDF `cm` operator.
    var cm: String { String(format: "%.6f %.6f %.6f %.6f %.4f %.4f cm\n", a, b, c, d, e, f) }

    /// A rotation by `degrees` clockwise as seen on an image whose y axis points down
    /// (leptonica's `pixRotate` convention).
    static func rotation(clockwiseDegrees degrees: Double) -> Affine {
        let r = degrees * .pi / 180
        return Affine(a: cos(r), b: sin(r), c: -sin(r), d: cos(r))
    }
}

/// Where a page's stored words lie on the original page: the inverse of what preprocessing did
/// (turned upright by `rotation`, then deskewed by `skew`), then pixels to PDF user space.
enum PageGeometry {
    /// From the stored (upright, deskewed) raster back to the original raster, in pixels.
    /// `width`×`height` is the stored raster; the original is the same size turned back.
    static func storedToOriginal(width: Int, height: Int, rotation: Int, skew: Double) -> (Affine, originalWidth: Int, originalHeight: Int) {
        let (w, h) = (Double(width), Double(height))
        // Deskew rotated the upright image by -skew about its centre, keeping its size.
        var m = Affine.translation(-w / 2, -h / 2).then(.rotation(clockwiseDegrees: skew)).then(.translation(w / 2, h / 2))
        // Orientation turned the original clockwise by `rotation`: undo it.
        switch ((rotation % 360) + 360) % 360 {
        case 90:   // U = (H_O - y, x)  ⇒  O = (U.y, H_O - U.x), with H_O = w
            m = m.then(Affine(a: 0, b: -1, c: 1, d: 0, e: 0, f: w))
            return (m, height, width)
        case 180:
            m = m.then(Affine(a: -1, b: 0, c: 0, d: -1, e: w, f: h))
            return (m, width, height)
        case 270:  // U = (y, W_O - x)  ⇒  O = (W_O - U.y, U.x), with W_O = h
            m = m.then(Affine(a: 0, b: 1, c: -1, d: 0, e: h, f: 0))
            return (m, height, width)
        default:
            return (m, width, height)
        }
    }

    /// What deskew did to the original raster (`width`×`height`, original orientation): a turn by
    /// `-skew` degrees about its centre (turns about the centre commute with the quarter turns).
    static func deskew(width: Int, height: Int, skew: Double) -> Affine {
        let (w, h) = (Double(width), Double(height))
        return Affine.translation(-w / 2, -h / 2).then(.rotation(clockwiseDegrees: -skew)).then(.translation(w / 2, h / 2))
    }

    /// From original-raster pixels (top-left origin, y down) to PDF user space for a page whose
    /// visible box is `box` (llx, lly, urx, ury) shown with `/Rotate` `rotate`.
    static func pixelsToUserSpace(originalWidth: Int, originalHeight: Int, box: [Double], rotate: Int) -> Affine {
        let (llx, lly, urx, ury) = (box[0], box[1], box[2], box[3])
        let turned = rotate == 90 || rotate == 270
        let shownWidth = turned ? ury - lly : urx - llx, shownHeight = turned ? urx - llx : ury - lly
        let scale = Affine(a: shownWidth / Double(max(1, originalWidth)), d: shownHeight / Double(max(1, originalHeight)))
        // Shown points (dx, dy), y down from the shown top-left, to user space.
        let shown: Affine
        switch rotate {
        case 90: shown = Affine(a: 0, b: 1, c: 1, d: 0, e: llx, f: lly)
        case 180: shown = Affine(a: -1, b: 0, c: 0, d: 1, e: urx, f: lly)
        case 270: shown = Affine(a: 0, b: -1, c: -1, d: 0, e: urx, f: ury)
        default: shown = Affine(a: 1, b: 0, c: 0, d: -1, e: llx, f: ury)
        }
        return scale.then(shown)
    }
}

/// The invisible text of one page as a PDF content stream, from the stored words: each word
/// in text render mode 3 (invisible), in a glyph-less font whose glyphs are half an em wide,
/// stretched (`Tz`) to exactly its box, as Tesseract's PDF renderer lays its text out; between
/// two words of a line a space glyph stretched over the gap, so that text extraction finds
/// the word breaks without the words' boxes growing into the gaps.
enum TextLayer {
    static let fontName = "/QuireGlyphLessFont"

    static func content(lines: [Line], map: Affine) -> [UInt8] {
        var out = "BT\n3 Tr\n"
        func n(_ v: Double) -> String { String(format: "%.4f", v) }
        func show(_ units: [UInt16], x: Int, width: Int, baseline: Double, size: Double) {
            let (e, f) = map.apply(Double(x), baseline)
            let stretch = 100 * Double(max(1, width)) / (size * 0.5 * Double(units.count))
            out += "\(n(stretch)) Tz\n\(n(map.a)) \(n(map.b)) \(n(-map.c)) \(n(-map.d)) \(n(e)) \(n(f)) Tm\n<"
            for u in units { out += String(format: "%04X", u) }
            out += "> Tj\n"
        }
        for line in lines where !line.words.isEmpty {
            let size = Double(max(1, line.box.height))
            let baseline = Double(line.box.maxY)
            out += "/\(fontName.dropFirst()) \(n(size)) Tf\n"
            for (i, word) in line.words.enumerated() {
                let units = Array(word.text.utf16)
                guard !units.isEmpty else { continue }
                show(units, x: word.box.minX, width: word.box.width, baseline: baseline, size: size)
                if i + 1 < line.words.count {
                    let gap = line.words[i + 1].box.minX - word.box.maxX
                    show([0x20], x: word.box.maxX, width: max(1, gap), baseline: baseline, size: size)
                }
            }
        }
        out += "ET\n"
        return Array(out.utf8)
    }
}
