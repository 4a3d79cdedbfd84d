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

    /// What a `Do` names: an image, a form (with its matrix and content), or nothing known.
    enum XObject {
        case image
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
        var ctm = start, stack: [(Matrix, Double)] = []
        var lineWidth = 1.0
        var numbers: [Double] = []
        var name = ""
        var path = Path()
        func point(_ x: Double, _ y: Double) {
            let (px, py) = ctm.apply(x, y)
            path.extend(PageDrawing.Rect(minX: px, minY: py, maxX: px, maxY: py))
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
                switch op.count == 1 ? op[0] : (op.count == 2 ? 0xFF : 0xFE) {
                case UInt8(ascii: "q"): stack.append((ctm, lineWidth))
                case UInt8(ascii: "Q"): if let top = stack.popLast() { (ctm, lineWidth) = top }
                case UInt8(ascii: "w"): if let w = numbers.last { lineWidth = w }
                case UInt8(ascii: "m"):
                    if numbers.count >= 2 {
                        point(numbers[numbers.count - 2], numbers[numbers.count - 1])
                        path.subpaths += 1; path.onlyRectangles = false
                    }
                case UInt8(ascii: "l"):
                    if numbers.count >= 2 { point(numbers[numbers.count - 2], numbers[numbers.count - 1]) }
                case UInt8(ascii: "c"), UInt8(ascii: "v"), UInt8(ascii: "y"):
                    var k = 0
                    while k + 1 < numbers.count { point(numbers[k], numbers[k + 1]); k += 2 }
                case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "B"), UInt8(ascii: "b"):
                    paint(&path, stroke: nil)
                case UInt8(ascii: "S"), UInt8(ascii: "s"):
                    paint(&path, stroke: lineWidth * ctm.scale)
                case UInt8(ascii: "n"):
                    path = Path()
                default:
                    if op.elementsEqual("re".utf8), numbers.count >= 4 {
                        let k = numbers.count - 4
                        let box = ctm.box(numbers[k], numbers[k + 1], numbers[k + 2], numbers[k + 3])
                        path.extend(box)
                        path.rectangles.append(box)
                        path.subpaths += 1
                    } else if op.elementsEqual("cm".utf8), numbers.count == 6 {
                        ctm = ctm.prepending(Matrix(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3],
                                                    e: numbers[4], f: numbers[5]))
                    } else if op.elementsEqual("f*".utf8) || op.elementsEqual("B*".utf8) || op.elementsEqual("b*".utf8) {
                        paint(&path, stroke: nil)
                    } else if op.elementsEqual("Do".utf8) {
                        draw(name, ctm: ctm, resources: resources, depth: depth)
                    } else if op.elementsEqual("gs".utf8) {
                        if softMask(name, resources) { drawing.softMasks += 1 }
                    } else if op.elementsEqual("BI".utf8) {
                        drawing.images.append(ctm.box(0, 0, 1, 1))
                    }
                }
            }
            return true
        }
    }

    /// The path being built: its box, its subpaths, and its rectangles while it has only those.
    struct Path {
        var box: PageDrawing.Rect?
        var subpaths = 0
        var rectangles: [PageDrawing.Rect] = []
        var onlyRectangles = true
        mutating func extend(_ r: PageDrawing.Rect) { box = box.map { $0.union(r) } ?? r }
    }

    /// Records the painted path: each rectangle on its own when the path is only rectangles (the
    /// bars of a code drawn as one path), else one shape. A stroke counts only when wider than a
    /// hairline (half a point), its box widened by half its width.
    private mutating func paint(_ path: inout Path, stroke width: Double?) {
        defer { path = Path() }
        guard let box = path.box else { return }
        if let width, width < 0.5 { return }
        let pad = (width ?? 0) / 2
        if path.onlyRectangles, !path.rectangles.isEmpty {
            for r in path.rectangles { drawing.shapes.append(PageDrawing.Shape(box: r.expanded(by: pad), subpaths: 1)) }
        } else {
            drawing.shapes.append(PageDrawing.Shape(box: box.expanded(by: pad), subpaths: max(1, path.subpaths)))
        }
    }

    private mutating func draw(_ name: String, ctm: Matrix, resources: Int, depth: Int) {
        switch lookup(name, resources) {
        case .image:
            drawing.images.append(ctm.box(0, 0, 1, 1))
        case let .form(matrix, content, formResources):
            drawing.forms += 1
            guard depth < 16 else { return }
            scan(content, ctm: ctm.prepending(matrix), resources: formResources, depth: depth + 1)
        case .none:
            break
        }
    }
}
