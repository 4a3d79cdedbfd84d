import DocumentModel

/// The `barcodes:` section of a pipeline file (docs/pipeline-files.md).

public struct BarcodeSettings: Codable, Sendable, Equatable {
    public var enabled: Bool = true
    /// The symbologies to look for. Default: all.
    public var symbologies: [Symbology] = Symbology.allCases
    public var tryHarder: Bool = true
    public init() {}
}
