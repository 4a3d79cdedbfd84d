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
    public let tryHarder: Bool
    public let search: BarcodeSearch
    private var optionsCache: [OptionsKey: ZXingOptions] = [:]

    private struct OptionsKey: Hashable {
        var formats: Int32
        var binarizer: BarcodeBinarizer
        var multi: Bool
    }

    public init(symbologies: Set<Symbology> = Set(Symbology.allCases), tryHarder: Bool = true,
                search: BarcodeSearch = .staged) {
        self.symbologies = symbologies
        self.tryHarder = tryHarder
        self.search = search
    }

    /// All barcodes found on `image`, corners in the image's pixels, in the order found.
    ///
    /// On a large page (≥ 1500 px on a side, e.g. an A4 page rendered or scanned at 150 dpi or more) the staged search
    /// reads only where there is evidence of a code: a page without any region that looks like a
    /// code (text pages) is not read at all, and the passes after the first read only the
    /// candidate regions (cropped, then scaled or rotated), never the whole page again. Smaller
    /// images get every pass in full. Custom searches run every pass as given.
    public func read(_ image: Image) throws(BarcodeError) -> [Barcode] {
        guard !symbologies.isEmpty else { return [] }
        guard image.width > 0, image.height > 0 else { return [] }
        let page = BarcodePage(image)
        let gated = search == .staged
        if gated && !page.isWorthReading { return [] }
        var result: [Barcode] = []
        for (index, pass) in search.passes.enumerated() {
            let onlyCandidates = gated && index > 0 && page.isLarge
            BarcodeGeometry.merge(try read(page, pass: pass, onlyCandidates: onlyCandidates), into: &result)
        }
        return result
    }

    /// The barcodes one pass finds on `image` (benchmarks measure passes one by one).
    public func read(_ image: Image, pass: BarcodePass) throws(BarcodeError) -> [Barcode] {
        guard image.width > 0, image.height > 0 else { return [] }
        return try read(BarcodePage(image), pass: pass, onlyCandidates: false)
    }

    /// One pass over `page`; `onlyCandidates` turns a whole-page pass into reads of the
    /// candidate regions.
    private func read(_ page: BarcodePage, pass: BarcodePass, onlyCandidates: Bool) throws(BarcodeError) -> [Barcode] {
        let wanted = pass.linearOnly ? symbologies.filter(\.isLinear) : symbologies
        guard !wanted.isEmpty else { return [] }
        var found: [Barcode] = []
        let areas: [Box?] = onlyCandidates ? page.candidates : areas(of: page, pass.area)
        for area in areas {
            let barcodes = try read(page.gray, crop: area, pass: pass, wanted: wanted)
            BarcodeGeometry.merge(barcodes, into: &found)
        }
        return found
    }

    private func areas(of page: BarcodePage, _ area: BarcodePass.Area) -> [Box?] {
        switch area {
        case .page:
            return [nil]
        case .tiles:
            let w = page.width, h = page.height
            let tw = w * 6 / 10, th = h * 6 / 10
            return [Box(x: 0, y: 0, width: tw, height: th), Box(x: w - tw, y: 0, width: tw, height: th),
                    Box(x: 0, y: h - th, width: tw, height: th), Box(x: w - tw, y: h - th, width: tw, height: th)]
        case .candidates:
            return page.candidates
        }
    }

    private func read(_ image: Image, crop: Box?, pass: BarcodePass,
                      wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        let radians = pass.rotation * .pi / 180
        let area = crop ?? Box(x: 0, y: 0, width: image.width, height: image.height)
        // A pass that shrinks a tiny image or crop below a few pixels has nothing to read.
        guard Double(min(area.width, area.height)) * pass.scale >= 4 || pass.scale >= 1 else { return [] }
        guard let plane = image.barcodeGrayPlane(crop: crop, scale: pass.scale, rotation: radians) else {
            if crop != nil || pass.scale != 1 || pass.rotation != 0 { return [] }  // degenerate transform, not an error
            throw .unusableImage(width: image.width, height: image.height)
        }
        let cropBox = crop ?? Box(x: 0, y: 0, width: image.width, height: image.height)
        let scaledW = Double(cropBox.width) * pass.scale, scaledH = Double(cropBox.height) * pass.scale
        let transform = PassTransform(originX: Double(cropBox.x), originY: Double(cropBox.y), scale: pass.scale,
                                      rotation: radians, scaledWidth: scaledW, scaledHeight: scaledH,
                                      readWidth: Double(plane.width), readHeight: Double(plane.height))
        let context = "reading \(image.width)x\(image.height) image, pass \(pass)"
        let symbols = try readPlane(plane, pass: pass, wanted: wanted, context: context)
        return symbols.compactMap { symbol -> Barcode? in
            guard let family = Symbology(zxingFormat: symbol.format),
                  let (symbology, payload) = SymbologyVariants.resolve(family: family, text: symbol.text, wanted: wanted)
            else { return nil }
            var corners = symbol.corners.map { corner -> Point in
                let p = transform.pagePoint(x: corner.x, y: corner.y)
                return Point(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
            }
            // zxing 1.4 reports no position for some symbols (MaxiCode: four equal points):
            // fall back to the area that was read.
            if Set(corners).count == 1 {
                corners = [Point(x: cropBox.minX, y: cropBox.minY), Point(x: cropBox.maxX, y: cropBox.minY),
                           Point(x: cropBox.maxX, y: cropBox.maxY), Point(x: cropBox.minX, y: cropBox.maxY)]
            }
            return Barcode(symbology: symbology, payload: payload,
                           rawBytes: BarcodeGeometry.binaryBytes(symbol.bytes, text: symbol.text),
                           corners: corners, orientation: BarcodeGeometry.orientation(of: corners),
                           supplementalPayload: symbol.addOn.isEmpty ? nil : symbol.addOn)
        }
    }

    /// zxing 1.4 aborts (assertion `lineCount() == 1` in `Result::operator==`) when a
    /// multi-symbol read compares two partial reads of one linear symbol: measured with any
    /// linear code on a page > 500 px with `tryDownscale` (the pyramid finds it twice), a linear
    /// code near 45° with `tryRotate`, and GS1 DataBar (stacked, rotated) always. Single-symbol
    /// reads return at the first symbol and never compare. So multi reads run with rotation and
    /// downscaling off (the 90° turn is a second read here, scaling is a pass of its own) and
    /// without DataBar, which is read one symbol at a time, whiting out each symbol found.
    private func readPlane(_ plane: BarcodeGrayPlane, pass: BarcodePass, wanted: Set<Symbology>,
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
