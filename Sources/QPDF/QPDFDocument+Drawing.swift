import CQPDF

extension QPDFDocument {
    /// What 0-based page `index` draws besides text (``PageDrawing``), read from its content
    /// streams and the form XObjects they draw, without rendering. The walk stops once the
    /// content is over `budget` (``PageDrawing/complete`` is then false).
    ///
    /// Resources are looked up on the page, else on its ancestors (/Parent, inherited per
    /// ISO 32000-1 §7.7.3.4); a form without /Resources uses its drawer's. Each form's content
    /// is decoded once however often it is drawn. Throws when the page's content cannot be read.
    ///
    /// qpdf: every `qpdf_oh_get_key` makes a handle that lives until released; the walk
    /// releases them all when done (`qpdf_oh_release_all`), so a document read for its drawing
    /// must not hold object handles across calls.
    public func drawing(ofPage index: Int, budget: DrawingBudget = DrawingBudget()) throws -> PageDrawing {
        defer { releaseAllHandles() }
        let page = try self.page(index)
        guard let content = pageContent(page) else {
            throw QPDFError(message: "cannot read the content streams", context: "page \(index + 1)")
        }
        let pageResources = inherited(page, "/Resources")
        var forms: [Int: (matrix: ContentScanner.Matrix, content: [UInt8], resources: qpdf_oh?)] = [:]
        var softMasks: [String: Bool] = [:]
        // Resources are passed to the scanner as handles (0: none).
        func resources(_ handle: Int) -> Object? { handle == 0 ? nil : Object(handle: qpdf_oh(handle)) }
        var scanner = ContentScanner(budget: budget, lookup: { name, res in
            guard let dict = resources(res), let xobjects = self.key(dict, "/XObject"),
                  let object = self.key(xobjects, "/" + name), self.isStream(object) else { return .none }
            let id = self.objectID(object)
            if id != 0, let form = forms[id] {
                return .form(matrix: form.matrix, content: form.content, resources: Int(form.resources ?? qpdf_oh(res)))
            }
            let header = Object(handle: qpdf_oh_get_dict(self.raw, object.handle))
            let subtype = self.key(header, "/Subtype").flatMap(self.name)
            if subtype == "/Image" {
                let width = self.key(header, "/Width").flatMap(self.integer) ?? 0
                let height = self.key(header, "/Height").flatMap(self.integer) ?? 0
                return .image(pixels: width > 0 && height > 0 ? width.multipliedReportingOverflow(by: height).partialValue : 0)
            }
            guard subtype == "/Form", let data = self.streamData(object) else { return .none }
            var matrix = ContentScanner.Matrix()
            if let m = self.key(header, "/Matrix").flatMap(self.numbers), m.count == 6 {
                matrix = ContentScanner.Matrix(a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5])
            }
            let own = self.key(header, "/Resources").map(\.handle)
            if id != 0 { forms[id] = (matrix, data, own) }
            return .form(matrix: matrix, content: data, resources: Int(own ?? qpdf_oh(res)))
        }, softMask: { name, res in
            let key = "\(res) \(name)"
            if let known = softMasks[key] { return known }
            var masked = false
            if let dict = resources(res), let states = self.key(dict, "/ExtGState"),
               let state = self.key(states, "/" + name), let mask = self.key(state, "/SMask") {
                masked = self.name(mask) != "/None"
            }
            softMasks[key] = masked
            return masked
        })
        scanner.scan(content, ctm: ContentScanner.Matrix(), resources: Int(pageResources?.handle ?? 0))
        if let failure = scanner.failure {
            throw QPDFError(message: failure.message, context: "page \(index + 1) \(failure.context)")
        }
        var drawing = scanner.drawing
        if let box = (inherited(page, "/CropBox") ?? inherited(page, "/MediaBox")).flatMap(self.numbers), box.count == 4 {
            drawing.pageBox = PageDrawing.Rect(minX: min(box[0], box[2]), minY: min(box[1], box[3]),
                                               maxX: max(box[0], box[2]), maxY: max(box[1], box[3]))
        }
        let rotate = inherited(page, "/Rotate").flatMap(self.integer) ?? 0
        drawing.rotation = ((rotate % 360) + 360) % 360
        drawing.hidesLayers = hidesLayers
        return drawing
    }

    /// True when the document has optional content (layers) that is off in its default
    /// configuration, the one a viewer and poppler's render show: the catalog's `/OCProperties /D`
    /// has `/BaseState /OFF` or lists groups in `/OFF` (PDF 32000-1 §8.11.4.3). Layers that are
    /// all on hide nothing.
    public var hidesLayers: Bool {
        guard let properties = key(root, "/OCProperties"), let config = key(properties, "/D") else { return false }
        if key(config, "/BaseState").flatMap(name) == "/OFF" { return true }
        guard let off = key(config, "/OFF"), isArray(off) else { return false }
        return !items(off).isEmpty
    }

    /// The value of `key` on `page` or, when absent, on the nearest ancestor that has it.
    private func inherited(_ page: Object, _ key: String) -> Object? {
        var node: Object? = page
        for _ in 0..<64 {
            guard let current = node else { return nil }
            if let value = self.key(current, key) { return value }
            node = self.key(current, "/Parent")
        }
        return nil
    }
}
