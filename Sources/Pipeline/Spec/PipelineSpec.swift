import DocumentModel

/// A validated pipeline file (see docs/pipeline-files.md). Every value here has been checked;
/// paths are absolute (resolved against the pipeline file's folder).
extension OCRSettings {
    /// These settings with an input's own languages, when it has them.
    public func with(languages: [String]?) -> OCRSettings {
        guard let languages else { return self }
        var copy = self
        copy.languages = languages
        return copy
    }
}

extension PipelineSpec {
    /// The input a document path came from (the first whose root holds it).
    public func input(for path: String) -> InputSpec? {
        inputs.first { path == $0.root || path.hasPrefix($0.root.hasSuffix("/") ? $0.root : $0.root + "/") }
    }

    /// The OCR languages for a document path: its input's `languages`, else `ocr.languages`.
    public func ocrLanguages(for path: String) -> [String] {
        input(for: path)?.languages ?? ocr.languages
    }
}

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
    /// Seconds since a file's last change before a run takes it: younger files (still being
    /// copied in) are left for the next run. Pipeline files default to ``defaultMinFileAge``;
    /// inputs made in code to 0.
    public var minFileAge: Double
    /// Skip the files that operating systems and editors leave in shared folders
    /// (``InputSpec/junkNames``).
    public var excludeJunk: Bool
    /// A root that holds no files, or whose patterns match none, is normal for this input
    /// (otherwise the run warns and exits 66).
    public var allowEmpty: Bool
    /// OCR languages for this input's documents (nil: `ocr.languages`).
    public var languages: [String]?

    /// Default for `min_file_age` in pipeline files.
    public static let defaultMinFileAge: Double = 5
    /// File names never taken as documents unless `exclude_junk: false` (shell patterns matched
    /// against the name alone, in any folder).
    public static let junkNames = ["Thumbs.db", "ehthumbs.db", ".DS_Store", "desktop.ini", "~$*", "*.tmp", "*.part",
                                   "*.crdownload", "._*"]

    public init(root: String, include: [String] = ["**/*"], exclude: [String] = [],
                followSymlinks: Bool = false, passwordEnv: [String] = [],
                minFileAge: Double = 0, excludeJunk: Bool = true, allowEmpty: Bool = false, languages: [String]? = nil) {
        self.root = root; self.include = include; self.exclude = exclude
        self.followSymlinks = followSymlinks; self.passwordEnv = passwordEnv
        self.minFileAge = minFileAge; self.excludeJunk = excludeJunk; self.allowEmpty = allowEmpty
        self.languages = languages
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

    /// The smallest `worker_memory_mib` that processes one page of `maxPixels` pixels (render or
    /// decode, orientation, deskew, OCR, layout and barcodes), in MiB: 224 for the engines and
    /// libraries, plus 8 per megapixel. Measured with a scanned A4 page rendered at 300, 600 and
    /// 900 dpi (8.7, 34.8 and 78.3 MP): the smallest caps that worked were 257–272, 449–480 and
    /// 673–768 MiB; this rule gives 294, 503 and 851.
    public static func minimumWorkerMemoryMiB(maxPixels: Int) -> Int {
        224 + 8 * Int((Double(maxPixels) / 1_000_000).rounded(.up))
    }
}
