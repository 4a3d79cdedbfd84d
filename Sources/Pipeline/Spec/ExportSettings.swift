/// The pipeline file's `export:` section: how `quire export` writes what it writes.
public struct ExportSettings: Codable, Sendable, Equatable {
    public var pdf = PDFExportSettings()
    public init() {}
    static let keys = ["pdf"]
}

/// `export.pdf`: the searchable PDF (`--format pdf`; `--format pdfa` always writes PDF/A).
public struct PDFExportSettings: Codable, Sendable, Equatable {
    /// Write PDF/A-2b (ISO 19005-2, level B) also for `--format pdf`.
    public var pdfa = false
    /// Turn scanned pages as OCR found them (90/180/270) so that they are shown upright.
    public var upright = true
    /// Deskew scanned pages by the angle the preprocess stage measured (`pages.skew`).
    public var deskew = false
    public init(pdfa: Bool = false, upright: Bool = true, deskew: Bool = false) {
        self.pdfa = pdfa; self.upright = upright; self.deskew = deskew
    }
    static let keys = ["pdfa", "upright", "deskew"]
}
