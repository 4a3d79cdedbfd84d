/// One way of looking at a page for barcodes: which pixels (whole page, tiles or candidate
/// regions), transformed how (scale, rotation), binarised how, and whether zxing looks for all
/// symbols or stops at the first.
public struct BarcodePass: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Which part of the page is read.
    public enum Area: String, Sendable, Hashable, Codable {
        /// The whole page.
        case page
        /// Four overlapping quadrants (each about 60 % of the page per side).
        case tiles
        /// Regions that look like codes (dense, fine-grained dark texture found with leptonica
        /// morphology), each padded and read on its own.
        case candidates
        /// Areas around three QR finder patterns that make the corner of a symbol
        /// (``QRFinderLocator``), each read on its own, for QR codes only.
        case finderPatterns
        /// The symbol each finder-pattern triple marks, turned upright and resampled to 4 px a
        /// module (``UprightSymbol``), each read on its own, for QR codes only.
        case finderSymbols
        /// The symbol each finder-pattern triple marks, flattened by a projective map of its
        /// finder patterns' outlines (``PerspectiveSymbol``: keystone, curved labels) to 4 px a
        /// module, each read on its own, for QR codes only.
        case finderPerspective
        /// Code-like regions whose modules are under 2 px, enlarged 3× (then 4×) with a cubic
        /// kernel (``ModuleScale``), each read on its own.
        case smallModules
        /// Small Data Matrix symbols found by their L finder (``DataMatrixLocator``), each cropped,
        /// enlarged and read on its own (matrix codes only).
        case matrixFinders
        /// Code-like regions read along scan lines by quire's own GS1 DataBar decoder
        /// (``DataBarDecoder``: the stacked forms zxing-cpp 1.4 and ZBar cannot read).
        case dataBarRows
        /// Code-like regions with parallel bars where nothing was read, read as EAN-13/UPC-A by
        /// fitting a blurred model of the symbol to many scan lines (``BlurredEANDecoder``).
        case blurredRetail
        /// Areas of straight parallel bars that no code-like region covers (``LinearCodeAreas``),
        /// read as blurred EAN-13/UPC-A like ``blurredRetail`` (images under 1500 px only).
        case blurredCodeAreas
    }

    /// Reads around QR finder-pattern triples (photos only; QR codes only).
    public var isFinderArea: Bool { area == .finderPatterns || area == .finderSymbols || area == .finderPerspective }

    /// true: zxing `ReadBarcodes` (all symbols); false: `ReadBarcode` (the first symbol).
    public var multi: Bool
    public var area: Area
    /// Resampling factor applied before reading (< 1 shrinks big modules, > 1 enlarges tiny ones).
    public var scale: Double
    /// Rotation in degrees, clockwise, applied after scaling (zxing itself tries 90° steps).
    public var rotation: Double
    public var binarizer: BarcodeBinarizer
    /// Restrict this pass to linear (1-D) symbologies among those requested.
    public var linearOnly: Bool
    /// Restrict this pass to matrix (2-D) symbologies among those requested.
    public var matrixOnly: Bool
    /// Flatten uneven light first (leptonica background normalisation).
    public var normalize: Bool
    /// Read the inverted image (light symbols on a dark ground).
    public var invert: Bool
    /// Read with ZBar instead of zxing-cpp: QR codes, or with `linearOnly` EAN/UPC and DataBar codes.
    public var zbar: Bool

    public init(multi: Bool = true, area: Area = .page, scale: Double = 1, rotation: Double = 0,
                binarizer: BarcodeBinarizer = .localAverage, linearOnly: Bool = false, matrixOnly: Bool = false,
                normalize: Bool = false, invert: Bool = false, zbar: Bool = false) {
        self.multi = multi; self.area = area; self.scale = scale; self.rotation = rotation
        self.binarizer = binarizer; self.linearOnly = linearOnly; self.matrixOnly = matrixOnly
        self.normalize = normalize; self.invert = invert; self.zbar = zbar
    }

    /// The fast pass: all symbols on the whole page, as zxing does by default.
    public static let fast = BarcodePass()

    public var description: String {
        var parts = [multi ? "multi" : "single", area.rawValue]
        if scale != 1 { parts.append("scale=\(scale)") }
        if rotation != 0 { parts.append("rot=\(rotation)") }
        if binarizer != .localAverage { parts.append(binarizer.rawValue) }
        if linearOnly { parts.append("linear") }
        if matrixOnly { parts.append("matrix") }
        if normalize { parts.append("normalize") }
        if invert { parts.append("invert") }
        if zbar { parts.append("zbar") }
        return parts.joined(separator: ",")
    }
}

/// How hard ``BarcodeReader`` searches a page.
public enum BarcodeSearch: Sendable, Hashable, Codable {
    /// One multi-symbol pass over the whole page.
    case fast
    /// The fast pass, then the extra passes measured to add recall without false positives
    /// (see ``BarcodeSearch/stagedPasses`` and bench/barcode-quality/README.md). On large pages
    /// (≥ 1500 px on a side) it is gated by evidence: nothing is read on a page without code-like regions,
    /// and the extra passes read only those regions (see ``BarcodeReader/read(_:)``).
    case staged
    /// Exactly these passes, in order (benchmarks, experiments).
    case custom([BarcodePass])

    /// The passes of the staged search, in order. The first five were chosen greedily on
    /// generated pages (bench/barcode-quality/README.md); the matrix-code passes after them on
    /// real photos (the dev set's BoofCV QR photos, with the dev set's real text pages and
    /// receipts as code-free negatives: docs/pipeline-files.md has the measurements). zxing
    /// 1.4's multi reads do not shrink the image themselves (see `readPlane`), so big modules
    /// in a camera photo are read on 1/2, 1/3 and 1/4 copies; its local-average binariser
    /// loses symbols on unevenly lit photos that one global threshold keeps, so the matrix
    /// passes are made with both; a background-normalised half-size copy, a single-symbol read
    /// (zxing's own rotation and pyramid), 3/4- and 3/2-size copies add a few more. Last, ZBar
    /// reads QR codes zxing-cpp 1.4 cannot (high versions): see ``ZBarScanner``. Then areas
    /// around QR finder-pattern triples are read one by one, with both binarisers: in cluttered
    /// or unevenly lit photos a crop decodes where the whole image does not (``QRFinderLocator``).
    public static let stagedPasses: [BarcodePass] = pagePasses + quickLook + photoPasses

    /// The passes for pages (scans, renders), first: all symbols on the whole page, single
    /// reads of code-like regions, a half-size copy, linear codes turned 45°, matrix codes
    /// on an inverted copy (light on dark: zxing-cpp 1.4 has no tryInvert), linear codes on
    /// inverted copies of the code-like regions (a label printed in negative: only where the
    /// cheap look found a region), and EAN/UPC and GS1 DataBar codes with ZBar, whose edge
    /// scanner keeps faint bars under uneven light that zxing-cpp's row binariser loses (a
    /// retail label on a bottle; the symbols found before are painted out by then, so it reads
    /// only what zxing missed) and which never aborts on DataBar as zxing-cpp 1.4 may. Last, the
    /// code-like regions with modules too small for zxing, enlarged (``ModuleScale``), small Data
    /// Matrix symbols by their L finder, GS1 DataBar by quire's own decoder (``DataBarDecoder``),
    /// and the regions where still nothing was read, as blurred EAN/UPC symbols (``BlurredEANDecoder``),
    /// then, on smaller images, areas of straight bars no region covers (``LinearCodeAreas``).
    public static let pagePasses: [BarcodePass] = [
        .fast,
        BarcodePass(multi: false, area: .candidates, scale: 2),
        BarcodePass(multi: false, area: .candidates),
        BarcodePass(multi: true, scale: 0.5),
        BarcodePass(multi: true, rotation: 45, linearOnly: true),
        BarcodePass(multi: true, matrixOnly: true, invert: true),
        BarcodePass(multi: false, area: .candidates, linearOnly: true, invert: true),
        BarcodePass(linearOnly: true, zbar: true),
        BarcodePass(multi: false, area: .smallModules),
        BarcodePass(multi: false, area: .matrixFinders, matrixOnly: true),
        BarcodePass(multi: false, area: .dataBarRows, linearOnly: true),
        BarcodePass(multi: false, area: .blurredRetail, linearOnly: true),
        BarcodePass(multi: false, area: .blurredCodeAreas, linearOnly: true),
    ]

    /// The passes for photos: matrix codes at other scales and thresholds, and ZBar.
    public static let photoPasses: [BarcodePass] = [
        BarcodePass(multi: true, scale: 1.0 / 3, matrixOnly: true),
        BarcodePass(multi: true, binarizer: .globalHistogram, matrixOnly: true),
        BarcodePass(multi: true, scale: 0.5, binarizer: .globalHistogram, matrixOnly: true),
        BarcodePass(multi: true, scale: 1.0 / 3, binarizer: .globalHistogram, matrixOnly: true),
        BarcodePass(multi: true, scale: 0.5, matrixOnly: true, normalize: true),
        BarcodePass(multi: false, matrixOnly: true),
        BarcodePass(multi: true, scale: 1.5, matrixOnly: true),
        BarcodePass(multi: true, scale: 0.75, matrixOnly: true),
        BarcodePass(multi: true, scale: 0.75, binarizer: .globalHistogram, matrixOnly: true),
        BarcodePass(zbar: true),
        BarcodePass(multi: false, area: .finderPatterns),
        BarcodePass(multi: false, area: .finderPatterns, binarizer: .globalHistogram),
        BarcodePass(multi: false, area: .finderSymbols),
        BarcodePass(multi: false, area: .finderSymbols, binarizer: .globalHistogram),
        BarcodePass(multi: false, area: .finderPerspective),
        BarcodePass(multi: false, area: .finderPerspective, binarizer: .globalHistogram),
    ]

    /// The cheap first look at a large image: matrix codes on a quarter-size copy, with both
    /// binarisers (a few tens of milliseconds on a 300-dpi page).
    public static let quickLook: [BarcodePass] = [
        BarcodePass(multi: true, scale: 0.25, matrixOnly: true),
        BarcodePass(multi: true, scale: 0.25, binarizer: .globalHistogram, matrixOnly: true),
    ]

    public var passes: [BarcodePass] {
        switch self {
        case .fast: [.fast]
        case .staged: Self.stagedPasses
        case let .custom(passes): passes
        }
    }
}
