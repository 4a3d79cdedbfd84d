import DocumentModel

/// A validated pipeline file (see docs/pipeline-files.md). Every value here has been checked;
/// paths are absolute (resolved against the pipeline file's folder).
public struct PipelineSpec: Codable, Sendable, Equatable {
    public var name: String
    /// Absolute path of the SQLite database.
    public var database: String
    public var inputs: [InputSpec]
    public var extract: ExtractSettings
    public var ocr: OCRSettings
    public var layout: LayoutSettings
    public var barcodes: BarcodeSettings
    public var run: RunSettings

    public init(name: String, database: String, inputs: [InputSpec],
                extract: ExtractSettings = .init(), ocr: OCRSettings = .init(),
                layout: LayoutSettings = .init(), barcodes: BarcodeSettings = .init(),
                run: RunSettings = .init()) {
        self.name = name; self.database = database; self.inputs = inputs
        self.extract = extract; self.ocr = ocr; self.layout = layout
        self.barcodes = barcodes; self.run = run
    }
}

/// One input root with its globs.
public struct InputSpec: Codable, Sendable, Equatable {
    /// Absolute path of a folder or a single file.
    public var root: String
    /// Glob patterns relative to the root (`**` matches any number of folders). Default: everything.
    public var include: [String]
    public var exclude: [String]
    public var followSymlinks: Bool
    /// PDF passwords: names of environment variables whose values are tried in order.
    /// The values are read at run time and never stored.
    public var passwordEnv: [String]

    public init(root: String, include: [String] = ["**/*"], exclude: [String] = [],
                followSymlinks: Bool = false, passwordEnv: [String] = []) {
        self.root = root; self.include = include; self.exclude = exclude
        self.followSymlinks = followSymlinks; self.passwordEnv = passwordEnv
    }
}

public enum TextLayerMode: String, Codable, Sendable, CaseIterable {
    /// Use the text layer where it really covers the page; OCR otherwise.
    case auto
    /// Never OCR: pages without a text layer get no text.
    case always
    /// Always OCR, ignoring any text layer.
    case never
}

public struct ExtractSettings: Codable, Sendable, Equatable {
    /// Resolution PDF pages are rendered at for OCR and barcodes.
    public var dpi: Int = 300
    /// Resolution assumed for images whose file carries none; nil (`auto`, the default):
    /// estimated from the size of the page's text, which then also sets how far small text is
    /// enlarged before OCR (see `TextScale`).
    public var assumedImageDPI: Int? = nil
    public var textLayer: TextLayerMode = .auto
    /// Largest page raster, in pixels (width × height), accepted before decoding.
    public var maxPixels: Int = 100_000_000
    /// Detect and correct page orientation (0/90/180/270) with Tesseract OSD.
    public var detectOrientation: Bool = true
    /// Deskew (leptonica) up to ±10°.
    public var deskew: Bool = true
    public init() {}
}

public enum OCRLevel: String, Codable, Sendable, CaseIterable {
    case fast, balanced, accurate
}

public struct OCRSettings: Codable, Sendable, Equatable {
    public var enabled: Bool = true
    /// Tesseract language codes, in order of preference (e.g. ["eng", "deu"]).
    public var languages: [String] = ["eng"]
    public var level: OCRLevel = .balanced
    /// Lines whose confidence (0...100) is below this are re-read by the accurate pass.
    /// nil: the level's default.
    public var rereadBelow: Double? = nil
    public var customWords: [String] = []
    /// Custom patterns in Tesseract's user-patterns syntax.
    public var customPatterns: [String] = []
    public var languageCorrection: Bool = true
    public init() {}
}

public struct LayoutSettings: Codable, Sendable, Equatable {
    public var enabled: Bool = true
    public var paragraphs: Bool = true
    public var lists: Bool = true
    public var tables: Bool = true
    public init() {}
}

public struct BarcodeSettings: Codable, Sendable, Equatable {
    public var enabled: Bool = true
    /// The symbologies to look for. Default: all.
    public var symbologies: [Symbology] = Symbology.allCases
    public var tryHarder: Bool = true
    public init() {}
}

public struct RunSettings: Codable, Sendable, Equatable {
    /// Worker processes. nil: number of cores.
    public var workers: Int? = nil
    /// Seconds one page may take before its worker is stopped and the page failed.
    public var pageTimeout: Double = 120
    /// A page that failed this many times is left alone by `rerun` unless `--force`.
    public var maxAttempts: Int = 3
    /// Memory cap per worker process, in MiB (address space, RLIMIT_AS).
    public var workerMemoryMiB: Int = 4096
    public init() {}
}
