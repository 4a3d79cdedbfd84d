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
    }

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

    public init(multi: Bool = true, area: Area = .page, scale: Double = 1, rotation: Double = 0,
                binarizer: BarcodeBinarizer = .localAverage, linearOnly: Bool = false) {
        self.multi = multi; self.area = area; self.scale = scale; self.rotation = rotation
        self.binarizer = binarizer; self.linearOnly = linearOnly
    }

    /// The fast pass: all symbols on the whole page, as zxing does by default.
    public static let fast = BarcodePass()

    public var description: String {
        var parts = [multi ? "multi" : "single", area.rawValue]
        if scale != 1 { parts.append("scale=\(scale)") }
        if rotation != 0 { parts.append("rot=\(rotation)") }
        if binarizer != .localAverage { parts.append(binarizer.rawValue) }
        if linearOnly { parts.append("linear") }
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

    /// The passes of the staged search, in order: chosen greedily on the quality set
    /// (bench/barcode-quality/README.md), each adding recall at no or little false-positive cost.
    public static let stagedPasses: [BarcodePass] = [
        .fast,
        BarcodePass(multi: false, area: .candidates, scale: 2),
        BarcodePass(multi: false, area: .candidates),
        BarcodePass(multi: true, scale: 0.5),
        BarcodePass(multi: true, rotation: 45, linearOnly: true),
    ]

    public var passes: [BarcodePass] {
        switch self {
        case .fast: [.fast]
        case .staged: Self.stagedPasses
        case let .custom(passes): passes
        }
    }
}
