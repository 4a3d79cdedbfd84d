import DocumentModel

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

public struct PipelineSpec: Codable, Sendable, Equatable, StageSettingsHolder {
    public var name: String
    /// Absolute path of the SQLite database.
    public var database: String
    public var inputs: [InputSpec]
    /// Each stage's section (`spec.ocr`, `spec.layout`, … are typed views of it, declared with
    /// their stages).
    public var stages: StageSettingsSet
    public var run: RunSettings
    /// How `quire export` writes (`export:`).
    public var export = ExportSettings()
    /// `database_shards`: the pattern of the shard databases (`{shard}` → the shard's number);
    /// nil: `<database stem>.shards/shard-{shard}.sqlite` beside the database (docs/scale-out.md).
    public var databaseShards: String? = nil

    public init(name: String, database: String, inputs: [InputSpec],
                extract: ExtractSettings = .init(), ocr: OCRSettings = .init(),
                layout: LayoutSettings = .init(), barcodes: BarcodeSettings = .init(),
                run: RunSettings = .init()) {
        self.name = name; self.database = database; self.inputs = inputs
        self.stages = StageSettingsSet()
        self.run = run
        self.extract = extract; self.ocr = ocr; self.layout = layout; self.barcodes = barcodes
    }

    public init(name: String, database: String, inputs: [InputSpec], stages: StageSettingsSet, run: RunSettings,
                export: ExportSettings = ExportSettings()) {
        self.name = name; self.database = database; self.inputs = inputs; self.stages = stages; self.run = run
        self.export = export
    }
}

/// A value that carries every stage's settings: the typed views (`ocr`, `layout`, …) are
/// declared once per stage, in its folder, for every holder.
public protocol StageSettingsHolder {
    var stages: StageSettingsSet { get set }
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
    /// Folders outside the input roots that symbolic links may lead into (`link_targets`, with
    /// `follow_symlinks: true`); absolute and resolved. A link leading anywhere else is not followed.
    public var linkTargets: [String] = []

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
    /// libraries plus 8 per megapixel, and at least 384 plus 4 per megapixel (the larger of the
    /// two; the second rules below 40 megapixels).
    ///
    /// The first was measured with one scanned A4 page at 300, 600 and 900 dpi (8.7, 34.8 and
    /// 78.3 MP: the smallest caps that worked were 257–272, 449–480 and 673–768 MiB). A scan on
    /// pages of five sizes, A5 to A3 (`Tests/Fixtures/extract/mixed_sizes.pdf`, one worker,
    /// rendered above the budget and scaled to it) needs more at small budgets: the smallest caps
    /// that read every page, in steps of 16 MiB, were 352, 360, 368 and 440 MiB at 4, 9, 16 and
    /// 25 MP, where the first rule alone allowed 256, 296, 352 and 424 (pages failed out of
    /// memory, one worker crashed); at 35, 50 and 79 MP the first rule's caps worked. The second
    /// term leaves 44–80 MiB above those.
    public static func minimumWorkerMemoryMiB(maxPixels: Int) -> Int {
        let megapixels = Int((Double(maxPixels) / 1_000_000).rounded(.up))
        return max(224 + 8 * megapixels, 384 + 4 * megapixels)
    }

    /// The largest pixel budget (whole megapixels) that `minimumWorkerMemoryMiB` fits in
    /// `mebibytes`; 0 when none does.
    public static func affordableMegapixels(workerMemoryMiB mebibytes: Int) -> Int {
        max(0, min((mebibytes - 224) / 8, (mebibytes - 384) / 4))
    }
}
