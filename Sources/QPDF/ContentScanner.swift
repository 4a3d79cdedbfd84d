/// A walk over a PDF content stream's operators (tokens from qpdf's tokenizer, `ContentTokens`)
/// that follows the graphics state far enough to know where images and painted shapes land
/// (ISO 32000-1 §8.4 graphics state, §8.5 path construction and painting, §8.9.7 inline images).
/// Text, colours and clipping are not followed: only the boxes of what is drawn, in the page's
/// user space.
///
/// `ContentScanner.scan` calls `lookup` for each `Do` so the owner (``QPDFDocument``) can look
/// the name up in the resources, and recurses into forms.
struct ContentScanner {
    /// The current transformation matrix [a b c d e f].
    struct Matrix {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0
        /// `m` applied first, then `self` (the `cm` operator: CTM' = m × CTM).
        func prepending(_ m: Matrix) -> Matrix {
            Matrix(a: m.a * a + m.b * c, b: m.a * b + m.b * d,
                   c: m.c * a + m.d * c, d: m.c * b + m.d * d,
                   e: m.e * a + m.f * c + e, f: m.e * b + m.f * d + f)
        }
        func apply(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + c * y + e, b * x + d * y + f) }
        /// The box of the rectangle (x, y, w, h) once transformed.
        func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> PageDrawing.Rect {
            let p = [apply(x, y), apply(x + w, y), apply(x, y + h), apply(x + w, y + h)]
            return PageDrawing.Rect(minX: p.map(\.0).min()!, minY: p.map(\.1).min()!,
                                    maxX: p.map(\.0).max()!, maxY: p.map(\.1).max()!)
        }
        /// How much a unit length grows (for line widths): the root of the determinant.
        var scale: Double { abs(a * d - b * c).squareRoot() }
    }

    /// What a `Do` names: an image (its /Width × /Height, 0 when unknown), a form (with its
    /// matrix and content), or nothing known.
    enum XObject {
        case image(pixels: Int)
        case form(matrix: Matrix, content: [UInt8], resources: Int)
        case none
    }

    var drawing = PageDrawing()
    let budget: DrawingBudget
    /// Looks up an XObject name in the resources numbered `resources` (the owner's handle).
    let lookup: (_ name: String, _ resources: Int) -> XObject
    /// Whether an ExtGState name sets a soft mask.
    let softMask: (_ name: String, _ resources: Int) -> Bool

    init(budget: DrawingBudget, lookup: @escaping (String, Int) -> XObject, softMask: @escaping (String, Int) -> Bool) {
        self.budget = budget; self.lookup = lookup; self.softMask = softMask
    }

    /// The colours' gray levels in the current graphics state (``PageDrawing/markTones``).
    private var tones = PaintTones()

    /// The first error qpdf's tokenizer reported (the walk stopped there).
    private(set) var failure: QPDFDocument.QPDFError?

    private var overBudget: Bool {
        drawing.operators > budget.operators || drawing.forms > budget.forms || drawing.softMasks > budget.softMasks
    }

    /// Scans one content stream drawn with `ctm` and the resources numbered `resources`;
    /// `depth` bounds nested forms. When qpdf cannot read the stream, the walk stops and
    /// `failure` says why.
    mutating func scan(_ bytes: [UInt8], ctm start: Matrix, resources: Int, depth: Int = 0) {
        do {
            try walk(bytes, ctm: start, resources: resources, depth: depth)
        } catch {
            failure = failure ?? error
        }
    }

    private mutating func walk(_ bytes: [UInt8], ctm start: Matrix, resources: Int, depth: Int) throws(QPDFDocument.QPDFError) {
        var ctm = start, stack: [(Matrix, Double, Int, PaintTones)] = []
        var lineWidth = 1.0
        var renderMode = 0
        var numbers: [Double] = []
        var name = ""
        var path = Path()
        func point(_ x: Double, _ y: Double) {
            let (px, py) = ctm.apply(x, y)
            path.extend(PageDrawing.Rect(minX: px, minY: py, maxX: px, maxY: py))
        }
        /// A straight segment from the current point to (`x`, `y`) (user space after `ctm`).
        func line(to x: Double, _ y: Double) {
            let (px, py) = ctm.apply(x, y)
            path.line(to: (px, py))
        }
        func move(to x: Double, _ y: Double) {
            let (px, py) = ctm.apply(x, y)
            path.move(to: (px, py))
        }
        try ContentTokens.forEach(in: bytes) { token in
            if failure != nil { return false }
            if overBudget { drawing.complete = false; return false }
            switch token {
            case let .number(value):
                numbers.append(value)
                if numbers.count > 6 { numbers.removeFirst() }
            case let .name(bytes):
                name = String(decoding: bytes, as: UTF8.self)
            case .inlineImage, .other:
                break
            case let .op(op):
                drawing.operators += 1
                defer { numbers.removeAll(keepingCapacity: true) }
                if op.count <= 3, tones.apply(op, numbers) { return true }
                switch op.count == 1 ? op[0] : (op.count == 2 ? 0xFF : 0xFE) {
                case UInt8(ascii: "q"): stack.append((ctm, lineWidth, renderMode, tones))
                case UInt8(ascii: "Q"): if let top = stack.popLast() { (ctm, lineWidth, renderMode, tones) = top }
                case UInt8(ascii: "'"), UInt8(ascii: "\""):
                    showText(mode: renderMode)
                case UInt8(ascii: "w"): if let w = numbers.last { lineWidth = w }
                case UInt8(ascii: "m"):
                    if numbers.count >= 2 {
                        point(numbers[numbers.count - 2], numbers[numbers.count - 1])
                        move(to: numbers[numbers.count - 2], numbers[numbers.count - 1])
                        path.subpaths += 1; path.onlyRectangles = false
                    }
                case UInt8(ascii: "l"):
                    if numbers.count >= 2 {
                        point(numbers[numbers.count - 2], numbers[numbers.count - 1])
                        line(to: numbers[numbers.count - 2], numbers[numbers.count - 1])
                    }
                case UInt8(ascii: "c"), UInt8(ascii: "v"), UInt8(ascii: "y"):
                    var k = 0
                    while k + 1 < numbers.count { point(numbers[k], numbers[k + 1]); k += 2 }
                    if numbers.count >= 2 { move(to: numbers[numbers.count - 2], numbers[numbers.count - 1]) }
                    path.curved = true
                case UInt8(ascii: "h"):
                    path.close()
                case UInt8(ascii: "f"), UInt8(ascii: "F"):
                    paint(&path, stroke: nil)
                case UInt8(ascii: "B"), UInt8(ascii: "b"):
                    if op[0] == UInt8(ascii: "b") { path.close() }
                    paint(&path, stroke: nil, also: lineWidth * ctm.scale)
                case UInt8(ascii: "S"):
                    paint(&path, stroke: lineWidth * ctm.scale)
                case UInt8(ascii: "s"):
                    path.close()
                    paint(&path, stroke: lineWidth * ctm.scale)
                case UInt8(ascii: "n"):
                    path = Path()
                default:
                    if op.elementsEqual("re".utf8), numbers.count >= 4 {
                        let k = numbers.count - 4
                        let box = ctm.box(numbers[k], numbers[k + 1], numbers[k + 2], numbers[k + 3])
                        path.extend(box)
                        path.rectangles.append(box)
                        path.rectangle(ctm, numbers[k], numbers[k + 1], numbers[k + 2], numbers[k + 3])
                        path.subpaths += 1
                    } else if op.elementsEqual("cm".utf8), numbers.count == 6 {
                        ctm = ctm.prepending(Matrix(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3],
                                                    e: numbers[4], f: numbers[5]))
                    } else if op.elementsEqual("f*".utf8) {
                        paint(&path, stroke: nil)
                    } else if op.elementsEqual("B*".utf8) || op.elementsEqual("b*".utf8) {
                        if op[0] == UInt8(ascii: "b") { path.close() }
                        paint(&path, stroke: nil, also: lineWidth * ctm.scale)
                    } else if op.elementsEqual("Tj".utf8) || op.elementsEqual("TJ".utf8) {
                        showText(mode: renderMode)
                    } else if op.elementsEqual("Tr".utf8) {
                        if let m = numbers.last { renderMode = Int(m) }
                    } else if op.elementsEqual("Do".utf8) {
                        draw(name, ctm: ctm, resources: resources, depth: depth)
                    } else if op.elementsEqual("gs".utf8) {
                        if softMask(name, resources) { drawing.softMasks += 1 }
                    } else if op.elementsEqual("BI".utf8) {
                        drawing.images.append(ctm.box(0, 0, 1, 1))
                        drawing.imageOperators.append(drawing.operators)
                        drawing.imagePlacements.append(ctm.placement)
                        drawing.imagePixels.append(0)
                    }
                }
            }
            return true
        }
    }

    /// The path being built: its box, its subpaths, and its rectangles while it has only those;
    /// its straight segments (for rulings), and whether it has curves.
    struct Path {
        var box: PageDrawing.Rect?
        var subpaths = 0
        var rectangles: [PageDrawing.Rect] = []
        var onlyRectangles = true
        /// Straight segments, each as its two ends (user space).
        var segments: [(from: (Double, Double), to: (Double, Double))] = []
        var curved = false
        var current: (Double, Double)?
        var start: (Double, Double)?
        mutating func extend(_ r: PageDrawing.Rect) { box = box.map { $0.union(r) } ?? r }
        mutating func move(to p: (Double, Double)) { current = p; start = p }
        mutating func line(to p: (Double, Double)) {
            if let c = current { segments.append((c, p)) }
            current = p
        }
        /// `h`: a segment back to the subpath's start.
        mutating func close() {
            if let s = start, let c = current, s != c { segments.append((c, s)) }
            current = start
        }
        /// `re`: its four sides (a closed subpath of its own).
        mutating func rectangle(_ ctm: Matrix, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
            let corners = [ctm.apply(x, y), ctm.apply(x + w, y), ctm.apply(x + w, y + h), ctm.apply(x, y + h)]
            for i in 0..<4 { segments.append((corners[i], corners[(i + 1) % 4])) }
            current = corners[0]; start = corners[0]
        }
    }

    /// Records the painted path: each rectangle on its own when the path is only rectangles (the
    /// bars of a code drawn as one path), else one shape. A stroke counts only when wider than a
    /// hairline (half a point), its box widened by half its width.
    private mutating func paint(_ path: inout Path, stroke width: Double?, also strokeWidth: Double? = nil) {
        defer { path = Path() }
        guard let box = path.box else { return }
        recordMarks(path, stroke: width ?? strokeWidth, filled: width == nil)
        if let width, width < 0.5 { return }
        let pad = (width ?? 0) / 2
        if path.onlyRectangles, !path.rectangles.isEmpty {
            for r in path.rectangles { drawing.shapes.append(PageDrawing.Shape(box: r.expanded(by: pad), subpaths: 1)) }
        } else {
            drawing.shapes.append(PageDrawing.Shape(box: box.expanded(by: pad), subpaths: max(1, path.subpaths)))
        }
    }

    /// A text-showing operator in render mode `mode`: visible unless 3 (invisible) or 7 (clip only).
    private mutating func showText(mode: Int) {
        if mode != 3 && mode != 7 { drawing.lastVisibleText = drawing.operators }
    }

    /// Records what a painted path adds to the page's straight marks (``PageDrawing/marks``), or
    /// counts it in ``PageDrawing/otherPaint``: a stroked straight axis-aligned segment is a mark
    /// as wide as its stroke (a hairline, width 0, one 300-dpi pixel); a filled path whose box is
    /// no thicker than ``PageDrawing/thinMark`` is a mark of that box. Curves, slanted strokes
    /// and filled areas are other paint.
    private mutating func recordMarks(_ path: Path, stroke width: Double?, filled: Bool) {
        guard let box = path.box else { return }
        if filled {
            if path.onlyRectangles, !path.rectangles.isEmpty,
               path.rectangles.allSatisfy({ min($0.width, $0.height) <= PageDrawing.thinMark }) {
                drawing.marks += path.rectangles
                drawing.markTones += Array(repeating: tones.fill, count: path.rectangles.count)
            } else if min(box.width, box.height) <= PageDrawing.thinMark, !path.curved {
                drawing.marks.append(box)
                drawing.markTones.append(tones.fill)
            } else {
                drawing.otherPaint += 1
                return
            }
        }
        guard let width else { return }
        if path.curved { drawing.otherPaint += 1; return }
        let half = max(width, 72.0 / 300) / 2
        for (a, b) in path.segments {
            let dx = abs(a.0 - b.0), dy = abs(a.1 - b.1)
            guard dx <= 0.01 * dy + 1e-6 || dy <= 0.01 * dx + 1e-6 else { drawing.otherPaint += 1; continue }
            let r = PageDrawing.Rect(minX: min(a.0, b.0), minY: min(a.1, b.1), maxX: max(a.0, b.0), maxY: max(a.1, b.1))
            drawing.marks.append(dx >= dy ? PageDrawing.Rect(minX: r.minX, minY: r.minY - half, maxX: r.maxX, maxY: r.maxY + half)
                                          : PageDrawing.Rect(minX: r.minX - half, minY: r.minY, maxX: r.maxX + half, maxY: r.maxY))
            drawing.markTones.append(tones.stroke)
        }
    }

    private mutating func draw(_ name: String, ctm: Matrix, resources: Int, depth: Int) {
        switch lookup(name, resources) {
        case .image(let pixels):
            drawing.images.append(ctm.box(0, 0, 1, 1))
            drawing.imageOperators.append(drawing.operators)
            drawing.imagePlacements.append(ctm.placement)
            drawing.imagePixels.append(pixels)
        case let .form(matrix, content, formResources):
            drawing.forms += 1
            guard depth < 16 else { drawing.formsTooDeep += 1; return }
            // A form is drawn within its own q … Q.
            let saved = tones
            scan(content, ctm: ctm.prepending(matrix), resources: formResources, depth: depth + 1)
            tones = saved
        case .none:
            break
        }
    }
}
