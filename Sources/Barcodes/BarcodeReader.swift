import DocumentModel
import Imaging
import ZXingShim

/// Reads barcodes from page images with zxing-cpp 1.4 (through the ZXingShim C API).
///
/// Asks zxing only for the requested symbologies, runs the passes of its ``BarcodeSearch`` in
/// order and merges their results (the same symbology and payload at an overlapping position is
/// one symbol). Create one per worker and reuse it; not `Sendable` (it caches zxing options).
///
/// zxing-cpp docs: https://github.com/zxing-cpp/zxing-cpp (1.4: `ReadBarcodes`, `DecodeHints`).
/// Debian's 1.4 may abort the process on some inputs (stacked GS1 DataBar); that is contained by
/// running the reader in a worker process, and a rerun can exclude the offending symbology.
public final class BarcodeReader {
    /// The symbologies zxing is asked for.
    public let symbologies: Set<Symbology>
    /// Symbologies read by ZBar alone (its linear pass), never asked of zxing: a page re-read after
    /// zxing-cpp 1.4 aborted on it leaves GS1 DataBar out of zxing but ZBar still reads it.
    public let zbarOnly: Set<Symbology>
    public let tryHarder: Bool
    public let search: BarcodeSearch
    private var optionsCache: [OptionsKey: ZXingOptions] = [:]
    private lazy var zbar = ZBarScanner()
    /// Code-like regions and L-finder symbols read by the last ``read(_:textPage:)`` (each once per
    /// pass that reads it).
    package internal(set) var candidateReads = 0
    /// Whole-image reads of the last ``read(_:textPage:codeTexture:)`` made because every
    /// candidate region failed the code-texture check (0 or 1).
    package internal(set) var textureFallbackReads = 0
    /// Passes of the last ``read(_:textPage:codeTexture:)`` that read the whole image (each
    /// blanked re-read counted).
    package internal(set) var wholeImageReads = 0
    /// Whole-image gray planes of the last ``read(_:textPage:codeTexture:)`` made by leptonica
    /// (clip, gray, scale) and taken again from ``lastWholePlane`` instead.
    package internal(set) var wholePlanesMade = 0
    package internal(set) var wholePlanesReused = 0
    /// The last plain whole-image plane made and the image and scale it was made from: passes that
    /// differ only in zxing's binariser (the quick look's two, on a quarter-size copy) read the
    /// same pixels, which are made once. Holding the image keeps its identity from being reused.
    private var lastWholePlane: (image: Image, scale: Double, plane: BarcodeGrayPlane)?

    private struct OptionsKey: Hashable {
        var formats: Int32
        var binarizer: BarcodeBinarizer
        var multi: Bool
    }

    public init(symbologies: Set<Symbology> = Set(Symbology.allCases), tryHarder: Bool = true,
                search: BarcodeSearch = .staged, zbarOnly: Set<Symbology> = []) {
        self.symbologies = symbologies
        self.zbarOnly = zbarOnly.subtracting(symbologies).intersection(Self.zbarLinear)
        self.tryHarder = tryHarder
        self.search = search
    }

    /// All barcodes found on `image`, corners in the image's pixels, in the order found.
    ///
    /// On a large image (≥ 1500 px on a side: a page rendered or scanned at 150 dpi or more, or
    /// a camera photo) the staged search reads where there is evidence of a code. The evidence
    /// is looked for cheaply first: regions that look like codes, a quick look for matrix
    /// codes on a quarter-size copy (``BarcodeSearch/quickLook``), and QR finder-pattern
    /// triples (``QRFinderLocator``; not looked for on a text page). Nothing found by any (text
    /// pages): the page is not read further. The quick look found a symbol or there are
    /// finder-pattern triples (a photo): every pass reads the whole image. Only code-like
    /// regions: the first pass reads the whole page and the others only those regions (cropped,
    /// then scaled or rotated). Smaller images get every pass in full, the photo passes only
    /// with some evidence of a code; a smaller text page (a receipt, a low-resolution scan) only
    /// the first in full, the others on its code-like regions. The finder-pattern passes read
    /// the areas around the triples. Custom searches run every pass as given.
    ///
    /// A pass that finds something new is run again with every symbol found so far painted
    /// white, until it finds nothing new (``maxBlankingRounds`` at most per image).
    ///
    /// `textPage`: the page read as a text document (OCR found plenty of words). Its symbols are
    /// printed, not photographed: the first pass reads a page over 12 megapixels on a copy halved
    /// until it is not (on the dev set's two 35-megapixel receipts the whole-page reads were most
    /// of the barcode stage's 0.7 s a page), the passes after the first read only the code-like regions
    /// instead of the whole page (the photo passes cost ≈ 2 s on a 300-dpi page and add nothing
    /// on scans; on the dev set's small receipts the whole-page passes were three quarters of
    /// the barcode time, the 45° turn alone a quarter), and finder patterns are not looked for.
    ///
    /// `codeTexture`: a candidate region is read only when it shows a code's texture
    /// (``CodeTexture``: a born-digital page's pictures, whose photo texture and big glyphs the
    /// region search takes for codes); a large image whose regions all fail is still read whole
    /// once, and a smaller one gets the passes after the first only with some evidence of a code.
    public func read(_ image: Image, textPage: Bool = false, codeTexture: Bool = false) throws(BarcodeError) -> [Barcode] {
        guard !symbologies.isEmpty || !zbarOnly.isEmpty else { return [] }
        guard image.width > 0, image.height > 0 else { return [] }
        var page = try Self.page(image, codeTexture: codeTexture)
        candidateReads = 0
        textureFallbackReads = 0
        wholeImageReads = 0
        wholePlanesMade = 0
        wholePlanesReused = 0
        defer { lastWholePlane = nil }
        let gated = search == .staged && page.isLarge
        var result: [Barcode] = []
        var rounds = 0
        /// One pass, repeated on the blanked page while it finds something new.
        func run(_ pass: BarcodePass, onlyCandidates: Bool) throws(BarcodeError) {
            var onlyCandidates = onlyCandidates
            while true {
                let before = result.count
                BarcodeGeometry.merge(try read(page, pass: pass, onlyCandidates: onlyCandidates), into: &result)
                guard result.count > before, rounds < Self.maxBlankingRounds,
                      let blanked = page.gray.whitened(result.map(Self.blankingArea)) else { break }
                rounds += 1
                page = page.blanked(blanked)
                // A text document's codes are printed apart: its re-read reads only the code-like
                // regions the symbols found leave unexplained (a code fused into a read one's
                // region), not the whole page again (≈ 55 ms on a 300-dpi scan, nothing found).
                if search == .staged && textPage {
                    page = page.keepingUnexplained(by: result)
                    onlyCandidates = true
                }
            }
        }
        var passes = search.passes
        var wholePage = !gated && !(search == .staged && textPage)
        if gated {
            for pass in BarcodeSearch.quickLook { try run(pass, onlyCandidates: false) }
            passes.removeAll(where: BarcodeSearch.quickLook.contains)
            let finderEvidence = !textPage && !page.finderCrops.isEmpty
            if result.isEmpty && page.candidates.isEmpty && !finderEvidence && page.matrixFinderSymbols.isEmpty {
                // Regions left out for their texture: the first pass reads the whole page once.
                if page.textureRejected > 0, let first = passes.first {
                    textureFallbackReads += 1
                    try run(textPage ? Self.halvedForTextPage(first, page) : first, onlyCandidates: false)
                }
                return result
            }
            wholePage = (!result.isEmpty || finderEvidence) && !textPage
            // Only code-like regions: the photo passes read just those regions.
        }
        var photoEvidence = true
        for (index, planned) in passes.enumerated() {
            // A born-digital page's smaller picture is read whole once; the passes after the first
            // only with some evidence of a code in it (``BarcodePage/showsCodeEvidence(textPage:)``):
            // a photo, a chart or a logo beside a report's text holds none, and its later passes
            // cost more than the rest of the page.
            if search == .staged, codeTexture, !gated, index == 1, result.isEmpty,
               !page.showsCodeEvidence(textPage: textPage) { break }
            var pass = planned
            // A very large text page (a 600-dpi scan, a 35-megapixel photo of a receipt) is read
            // whole on a halved copy: its printed codes keep modules of several pixels.
            if search == .staged, textPage, index == 0 { pass = Self.halvedForTextPage(pass, page) }
            if pass.isFinderArea {
                // Finder-pattern areas are for photos: a text document's codes are printed and read
                // by the passes before. Any other image gets them, and they read only QR codes. The
                // perspective passes read any triple (their finder outlines are the evidence).
                if textPage || (pass.area == .finderPerspective ? page.finderTriples.isEmpty : page.finderCrops.isEmpty) { continue }
                try run(pass, onlyCandidates: false)
                continue
            }
            // A smaller image gets the photo passes only with some evidence of a code: a symbol
            // found already, or a region that looks like one (receipts and small text scans
            // have neither, and the photo passes would double their time).
            if search == .staged, !gated, BarcodeSearch.photoPasses.first == pass {
                photoEvidence = !result.isEmpty || !page.candidates.isEmpty || (!textPage && !page.finderCrops.isEmpty)
            }
            if !photoEvidence { continue }
            try run(pass, onlyCandidates: !wholePage && index > 0)
            // A text page's regions whose symbol is read are not read again by the later passes.
            if search == .staged, textPage, !result.isEmpty {
                page = page.keepingUnexplained(by: result)
            }
        }
        return result
    }

    /// A text page's first, whole-page read covers at most this many pixels (see ``read(_:textPage:)``).
    static let textPageReadPixels = 12_000_000

    /// A whole-page `pass` on a copy halved until it covers at most ``textPageReadPixels``.
    private static func halvedForTextPage(_ pass: BarcodePass, _ page: BarcodePage) -> BarcodePass {
        var pass = pass
        guard pass.area == .page else { return pass }
        while Double(page.width * page.height) * pass.scale * pass.scale > Double(textPageReadPixels) { pass.scale /= 2 }
        return pass
    }

    /// At most this many finder triples, the best-shaped, are read upright (on a cluttered 12-megapixel
    /// photo each costs some 30 ms; the dev set's symbols read upright were all among the first).
    static let maxUpright = 20
    /// Every triple found is tried in perspective (at most 40): only those whose three finder
    /// patterns have square outlines lined up with the triple are read (``PerspectiveSymbol``),
    /// and among a photo's several codes the right triples may come after many made of two codes' finders.
    static let maxPerspective = 40

    /// At most this many re-reads of a page with found symbols painted out.
    static let maxBlankingRounds = 16

    /// The area painted white for a found symbol: its quadrilateral grown about its centre by a
    /// quiet zone (10 % plus 3 px). A linear symbol's corners may span only the scan lines it
    /// was read on, so its area is grown across the bars to a third of its length.
    package static func blankingArea(_ barcode: Barcode) -> [Point] {
        let c = barcode.corners
        guard c.count == 4 else { return c }
        let (cx, cy) = barcode.centre
        var grown = c.map { p -> (x: Double, y: Double) in
            let dx = Double(p.x) - cx, dy = Double(p.y) - cy
            let d = max(1, (dx * dx + dy * dy).squareRoot())
            return (cx + dx * 1.1 + 3 * dx / d, cy + dy * 1.1 + 3 * dy / d)
        }
        if barcode.symbology.isLinear {
            // Reading direction (tl→tr) and its normal; stretch the quad along the normal.
            let ux = (grown[1].x + grown[2].x - grown[0].x - grown[3].x) / 2
            let uy = (grown[1].y + grown[2].y - grown[0].y - grown[3].y) / 2
            let length = max(1, (ux * ux + uy * uy).squareRoot())
            let nx = -uy / length, ny = ux / length
            let vx = (grown[3].x + grown[2].x - grown[0].x - grown[1].x) / 2
            let vy = (grown[3].y + grown[2].y - grown[0].y - grown[1].y) / 2
            let height = abs(vx * nx + vy * ny)
            let extra = max(0, length / 3 - height) / 2 + 3
            grown = [(grown[0].x - nx * extra, grown[0].y - ny * extra), (grown[1].x - nx * extra, grown[1].y - ny * extra),
                     (grown[2].x + nx * extra, grown[2].y + ny * extra), (grown[3].x + nx * extra, grown[3].y + ny * extra)]
        }
        return grown.map { Point(x: Int($0.x.rounded()), y: Int($0.y.rounded())) }
    }

    /// The barcodes one pass finds on `image` (benchmarks measure passes one by one).
    public func read(_ image: Image, pass: BarcodePass) throws(BarcodeError) -> [Barcode] {
        guard image.width > 0, image.height > 0 else { return [] }
        defer { lastWholePlane = nil }
        return try read(Self.page(image), pass: pass, onlyCandidates: false)
    }

    /// The page in gray, or `unusableImage` when leptonica cannot convert it.
    private static func page(_ image: Image, codeTexture: Bool = false) throws(BarcodeError) -> BarcodePage {
        do { return try BarcodePage(image, codeTexture: codeTexture) } catch { throw .unusableImage(width: image.width, height: image.height) }
    }

    /// One pass over `page`; `onlyCandidates` turns a whole-page pass into reads of the
    /// candidate regions.
    private func read(_ page: BarcodePage, pass: BarcodePass, onlyCandidates: Bool) throws(BarcodeError) -> [Barcode] {
        // DataBar Limited and MicroPDF417 are read by quire's own decoders alone (the DataBar pass), never asked of zxing.
        let asked = symbologies.subtracting([.gs1DataBarLimited, .microPDF417])
        let wanted = pass.area == .dataBarRows ? symbologies.union(zbarOnly).intersection([.gs1DataBar, .gs1DataBarLimited, .microPDF417])
            : pass.zbar && pass.linearOnly ? asked.union(zbarOnly).intersection(Self.zbarLinear)
            : pass.zbar || pass.isFinderArea ? asked.intersection([.qr])
            : pass.linearOnly ? asked.filter(\.isLinear)
            : pass.matrixOnly ? asked.filter { !$0.isLinear } : asked
        guard !wanted.isEmpty else { return [] }
        if pass.area == .finderSymbols || pass.area == .finderPerspective { return try readUpright(page, pass: pass, wanted: wanted) }
        if pass.area == .smallModules { return try readSmallModules(page, pass: pass, wanted: wanted) }
        if pass.area == .matrixFinders { return try readMatrixFinders(page, pass: pass, wanted: wanted) + readAztecRunes(page, wanted: wanted) }
        if pass.area == .dataBarRows { return try readDataBarRows(page, pass: pass, wanted: wanted) + readMicroPDF417(page, pass: pass, wanted: wanted) }
        if pass.area == .blurredRetail { return try readBlurredRetail(page, pass: pass, wanted: wanted) }
        if pass.area == .blurredCodeAreas { return try readBlurredCodeAreas(page, pass: pass, wanted: wanted) }
        var found: [Barcode] = []
        let areas: [Box?] = onlyCandidates ? page.candidates(for: pass) : areas(of: page, pass)
        for area in areas {
            if area != nil && (onlyCandidates || pass.area == .candidates) { candidateReads += 1 }
            if area == nil { wholeImageReads += 1 }
            let barcodes = try read(page.gray, crop: area, pass: pass, wanted: wanted)
            BarcodeGeometry.merge(barcodes, into: &found)
        }
        return found
    }

    private func areas(of page: BarcodePage, _ pass: BarcodePass) -> [Box?] {
        switch pass.area {
        case .page:
            return [nil]
        case .tiles:
            let w = page.width, h = page.height
            let tw = w * 6 / 10, th = h * 6 / 10
            return [Box(x: 0, y: 0, width: tw, height: th), Box(x: w - tw, y: 0, width: tw, height: th),
                    Box(x: 0, y: h - th, width: tw, height: th), Box(x: w - tw, y: h - th, width: tw, height: th)]
        case .candidates:
            return page.candidates(for: pass)
        case .finderPatterns:
            return page.finderCrops
        case .finderSymbols, .finderPerspective, .smallModules, .matrixFinders, .dataBarRows, .blurredRetail, .blurredCodeAreas:
            return []   // read by readUpright, readSmallModules
        }
    }

    private func read(_ image: Image, crop: Box?, pass: BarcodePass,
                      wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        let radians = pass.rotation * .pi / 180
        let area = crop ?? Box(x: 0, y: 0, width: image.width, height: image.height)
        // A pass that shrinks a tiny image or crop below a few pixels has nothing to read.
        guard Double(min(area.width, area.height)) * pass.scale >= 4 || pass.scale >= 1 else { return [] }
        let converted = try plane(of: image, crop: crop, pass: pass, rotation: radians)
        guard let plane = converted else {
            if crop != nil || pass.scale != 1 || pass.rotation != 0 || pass.normalize || pass.invert { return [] }  // degenerate transform, not an error
            throw .unusableImage(width: image.width, height: image.height)
        }
        let cropBox = crop ?? Box(x: 0, y: 0, width: image.width, height: image.height)
        let scaledW = Double(cropBox.width) * pass.scale, scaledH = Double(cropBox.height) * pass.scale
        let transform = PassTransform(originX: Double(cropBox.x), originY: Double(cropBox.y), scale: pass.scale,
                                      rotation: radians, scaledWidth: scaledW, scaledHeight: scaledH,
                                      readWidth: Double(plane.width), readHeight: Double(plane.height))
        let context = "reading \(image.width)x\(image.height) image, pass \(pass)"
        var symbols = pass.zbar ? zbar.read(gray: plane.bytes, width: plane.width, height: plane.height, symbologies: wanted)
            : try readPlane(plane, pass: pass, wanted: wanted, context: context)
        if pass.invert && pass.linearOnly { symbols = Self.onDarkGround(symbols, plane: plane) }
        symbols = Self.withPDF417RightEdges(symbols, plane: plane)
        return barcodes(symbols, wanted: wanted, area: cropBox, pagePoint: transform.pagePoint)
    }

    /// The pixels `pass` reads of `image` (``Image/barcodeGrayPlane``); a plain whole-image plane
    /// (no crop, turn, normalisation or inversion) of the same image at the same scale as the last
    /// one is that one again.
    private func plane(of image: Image, crop: Box?, pass: BarcodePass, rotation: Double) throws(BarcodeError) -> BarcodeGrayPlane? {
        let plain = crop == nil && rotation == 0 && !pass.normalize && !pass.invert
        if plain, let last = lastWholePlane, last.image === image, last.scale == pass.scale {
            wholePlanesReused += 1
            return last.plane
        }
        let made: BarcodeGrayPlane?
        do {
            made = try image.barcodeGrayPlane(crop: crop, scale: pass.scale, rotation: rotation,
                                              normalize: pass.normalize, invert: pass.invert)
        } catch {
            throw .unusableImage(width: image.width, height: image.height)
        }
        if plain, let made {
            wholePlanesMade += 1
            lastWholePlane = (image, pass.scale, made)
        }
        return made
    }

    /// Each finder triple's symbol read upright at a good module size (``UprightSymbol``): by the
    /// affine map of its finder centres, or (`.finderPerspective`) by each projective estimate
    /// from its finder outlines (``PerspectiveSymbol``) until one decodes.
    private func readUpright(_ page: BarcodePage, pass: BarcodePass, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        var found: [Barcode] = []
        let perspective = pass.area == .finderPerspective
        // One finder is in many triples: its outline is found once.
        var outlines: [(finder: QRFinderLocator.Finder, outline: FinderOutline?)] = []
        func outline(_ finder: QRFinderLocator.Finder) -> FinderOutline? {
            if let known = outlines.first(where: { $0.finder == finder }) { return known.outline }
            let made = FinderOutline(page.gray, finder: finder)
            outlines.append((finder, made))
            return made
        }
        for triple in page.finderTriples.prefix(perspective ? Self.maxPerspective : Self.maxUpright) {
            // The copies, made one at a time until one decodes.
            let copies: [() -> UprightSymbol?] = perspective
                ? PerspectiveSymbol.estimates(page.gray, triple: triple, outline: outline).map { estimate in
                    { UprightSymbol(page.gray, symbol: estimate.symbol, modules: Double(estimate.modules), pageModule: estimate.pageModule) } }
                : [{ UprightSymbol(page.gray, triple: triple) }]
            for copy in copies {
                guard let upright = copy() else { continue }
                let symbols = try readPlane(upright.plane, pass: pass, wanted: wanted,
                                            context: "reading \(page.width)x\(page.height) image, pass \(pass), area \(triple.area)")
                BarcodeGeometry.merge(barcodes(symbols, wanted: wanted, area: triple.area, pagePoint: upright.pagePoint), into: &found)
                if !symbols.isEmpty { break }
            }
        }
        return found
    }

    /// zxing's symbols as barcodes, corners mapped to page pixels by `pagePoint`; `area`: the
    /// page area read (the position of a symbol zxing gives none for).
    func barcodes(_ symbols: [ZXingSymbol], wanted: Set<Symbology>, area cropBox: Box,
                          pagePoint: (Double, Double) -> (x: Double, y: Double)) -> [Barcode] {
        symbols.compactMap { symbol -> Barcode? in
            guard let family = Symbology(zxingFormat: symbol.format),
                  let (symbology, payload) = SymbologyVariants.resolve(family: family, text: symbol.text, wanted: wanted)
            else { return nil }
            var corners = symbol.corners.map { corner -> Point in
                let p = pagePoint(corner.x, corner.y)
                return Point(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
            }
            // zxing 1.4 reports no position for some symbols (MaxiCode: four equal points):
            // fall back to the area that was read.
            if Set(corners).count == 1 {
                corners = [Point(x: cropBox.minX, y: cropBox.minY), Point(x: cropBox.maxX, y: cropBox.minY),
                           Point(x: cropBox.maxX, y: cropBox.maxY), Point(x: cropBox.minX, y: cropBox.maxY)]
            }
            return Barcode(symbology: symbology, payload: payload,
                           rawBytes: BarcodeGeometry.rawBytes(symbol),
                           corners: corners, orientation: BarcodeGeometry.orientation(of: corners),
                           supplementalPayload: symbol.addOn.isEmpty ? nil : symbol.addOn,
                           symbologyIdentifier: SymbologyVariants.identifier(symbol.symbologyIdentifier, for: symbology,
                                                                                     eci: symbol.hasECI),
                           sequence: symbol.sequence)
        }
    }

    /// zxing 1.4 aborts (assertion `lineCount() == 1` in `Result::operator==`) when a
    /// multi-symbol read compares two partial reads of one linear symbol: measured with any
    /// linear code on a page > 500 px with `tryDownscale` (the pyramid finds it twice), a linear
    /// code near 45° with `tryRotate`, and GS1 DataBar (stacked, rotated) always. Single-symbol
    /// reads return at the first symbol and never compare. So multi reads run with rotation and
    /// downscaling off (the 90° turn is a second read here, scaling is a pass of its own) and
    /// without DataBar, which is read one symbol at a time, whiting out each symbol found.
    func readPlane(_ plane: BarcodeGrayPlane, pass: BarcodePass, wanted: Set<Symbology>,
                           context: String) throws(BarcodeError) -> [ZXingSymbol] {
        guard pass.multi else {
            return try ZXingRead.read(gray: plane.bytes, width: plane.width, height: plane.height,
                                      options: options(formats: wanted.zxingFormats, binarizer: pass.binarizer, multi: false),
                                      multi: false, context: context)
        }
        var symbols: [ZXingSymbol] = []
        let others = wanted.subtracting(Self.dataBarFamily)
        if !others.isEmpty {
            symbols += try ZXingRead.read(gray: plane.bytes, width: plane.width, height: plane.height,
                                          options: options(formats: others.zxingFormats, binarizer: pass.binarizer, multi: true),
                                          multi: true, context: context)
        }
        let linear = others.filter(\.isLinear)
        if !linear.isEmpty {
            symbols += try ZXingRead.read(gray: plane.bytes, width: plane.width, height: plane.height,
                                          options: options(formats: linear.zxingFormats, binarizer: pass.binarizer, multi: true),
                                          multi: true, rotate90: true, context: context)
        }
        let dataBar = wanted.intersection(Self.dataBarFamily)
        if !dataBar.isEmpty {
            symbols += try readOneByOne(plane, formats: dataBar.zxingFormats, binarizer: pass.binarizer, context: context)
        }
        return symbols
    }

    static let dataBarFamily: Set<Symbology> = [.gs1DataBar, .gs1DataBarExpanded]

    /// What a linear ZBar pass reads: the retail codes (EAN/UPC, with check digits), where
    /// ZBar's edge-based scanner reads blurred and curved photos zxing-cpp cannot, and GS1
    /// DataBar and DataBar Expanded (check characters too), on which zxing-cpp 1.4 aborts the
    /// process now and then (dev set: one photo of a DataBar Expanded label in 18).
    static let zbarLinear: Set<Symbology> = [.ean13, .upca, .ean8, .upce, .gs1DataBar, .gs1DataBarExpanded]

    /// Repeated single-symbol reads, whiting out each symbol found (at most `limit` symbols).
    private func readOneByOne(_ plane: BarcodeGrayPlane, formats: zxing_BarcodeFormats, binarizer: BarcodeBinarizer,
                              context: String, limit: Int = 6) throws(BarcodeError) -> [ZXingSymbol] {
        let options = options(formats: formats, binarizer: binarizer, multi: false)
        var gray = plane.bytes
        var found: [ZXingSymbol] = []
        for _ in 0..<limit {
            guard let symbol = try ZXingRead.read(gray: gray, width: plane.width, height: plane.height,
                                                  options: options, multi: false, context: context).first else { break }
            let repeated = found.contains { $0.text == symbol.text && $0.format.rawValue == symbol.format.rawValue
                && Self.overlaps($0.corners, symbol.corners) }
            if !repeated { found.append(symbol) }
            Self.whiteOut(&gray, width: plane.width, height: plane.height, corners: symbol.corners, grow: repeated ? 2 : 1)
        }
        return found
    }

    private static func overlaps(_ a: [(x: Double, y: Double)], _ b: [(x: Double, y: Double)]) -> Bool {
        let ax = a.map(\.x), ay = a.map(\.y), bx = b.map(\.x), by = b.map(\.y)
        return ax.min()! <= bx.max()! + 8 && bx.min()! <= ax.max()! + 8 && ay.min()! <= by.max()! + 8 && by.min()! <= ay.max()! + 8
    }

    /// Paints the corners' bounds white, grown generously: a linear code's position may cover
    /// only the few scan lines it was read on.
    private static func whiteOut(_ gray: inout [UInt8], width: Int, height: Int,
                                 corners: [(x: Double, y: Double)], grow: Int) {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let w = xs.max()! - xs.min()!, h = ys.max()! - ys.min()!
        let mx = (w * 0.1 + 4) * Double(grow), my = (max(h, w / 3) + 4) * Double(grow)
        let x0 = max(0, Int(xs.min()! - mx)), x1 = min(width, Int(xs.max()! + mx) + 1)
        let y0 = max(0, Int(ys.min()! - my)), y1 = min(height, Int(ys.max()! + my) + 1)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 { for x in x0..<x1 { gray[y * width + x] = 255 } }
    }

    private func options(formats: zxing_BarcodeFormats, binarizer: BarcodeBinarizer, multi: Bool) -> ZXingOptions {
        let key = OptionsKey(formats: formats.rawValue, binarizer: binarizer, multi: multi)
        if let cached = optionsCache[key] { return cached }
        // Multi reads: no rotation, no downscaling (see readPlane); single reads: zxing's defaults.
        let made = ZXingOptions(formats: formats, tryHarder: tryHarder, tryRotate: !multi, tryDownscale: !multi,
                                binarizer: binarizer, maxSymbols: multi ? 255 : 1)
        optionsCache[key] = made
        return made
    }
}
