import CTesseract
import DocumentModel
import Foundation
import Imaging

/// One Tesseract handle (`TessBaseAPI`), initialised once and reused for many pages.
///
/// Tesseract C API: https://github.com/tesseract-ocr/tesseract/blob/main/include/tesseract/capi.h
/// `TessBaseAPIEnd` frees the recogniser's data, `TessBaseAPIDelete` the handle (both in `deinit`).
/// Instances are independent of each other (one per thread or worker process); one instance
/// must not be used by two threads at once, so it is not `Sendable`.
///
/// The process that loads libtesseract must have `OMP_THREAD_LIMIT=1` in its environment
/// (see PLATFORM-NOTES): OpenMP makes it 7–10× slower on small machines.
public final class TesseractEngine {
    /// `TessBaseAPI*` (an incomplete C type, hence opaque).
    private let api: OpaquePointer
    /// The languages, in the order given (`eng+deu`).
    public let languages: [String]
    public let dataPath: String
    public let engineMode: OCREngineMode
    /// Whether the last `recognize` re-read weak lines inverted (`RecognitionOptions.invertedLines`).
    public internal(set) var lastReadInvertedLines = true

    /// Starts Tesseract.
    /// - Parameters:
    ///   - languages: model names, joined with `+` (the first is the primary language).
    ///   - dataPath: folder holding `<lang>.traineddata`.
    ///   - variables: Tesseract variables set *at initialisation* (`TessBaseAPIInit4`), which is
    ///     where init-only ones like `load_system_dawg` or `user_words_file` take effect.
    ///   - userWords: words written to a temporary `user_words_file` read at initialisation.
    ///   - userPatterns: patterns written to a temporary `user_patterns_file`.
    /// - Throws: `OCRError.missingLanguage` naming the Debian package when a model is absent,
    ///   `OCRError.initFailed` otherwise.
    public init(languages: [String] = ["eng"], dataPath: String = Tessdata.defaultPath,
                engineMode: OCREngineMode = .lstm, variables: [String: String] = [:],
                userWords: [String] = [], userPatterns: [String] = []) throws {
        precondition(!languages.isEmpty, "TesseractEngine needs at least one language")
        for lang in languages where !Tessdata.isInstalled(lang, in: dataPath) {
            throw OCRError.missingLanguage(lang, debianPackage: Tessdata.debianPackage(for: lang))
        }
        self.languages = languages
        self.dataPath = dataPath
        self.engineMode = engineMode
        guard let handle = TessBaseAPICreate() else {
            throw OCRError.initFailed(languages: languages.joined(separator: "+"), dataPath: dataPath,
                                      message: "TessBaseAPICreate returned NULL")
        }
        api = handle

        var vars = variables
        var tempFiles: [String] = []
        defer { for f in tempFiles { try? FileManager.default.removeItem(atPath: f) } }
        if !userWords.isEmpty {
            let f = try Self.writeTemporaryList(userWords, suffix: "user-words")
            tempFiles.append(f); vars["user_words_file"] = f
        }
        if !userPatterns.isEmpty {
            let f = try Self.writeTemporaryList(userPatterns, suffix: "user-patterns")
            tempFiles.append(f); vars["user_patterns_file"] = f
        }
        let langString = languages.joined(separator: "+")
        let status = Self.withCStringArrays(Array(vars.keys), Array(vars.values)) { names, values in
            // TessBaseAPIInit4: returns 0 on success, -1 when a model cannot be loaded. Tesseract
            // prints its own reason on stderr; the C API does not hand it back.
            TessBaseAPIInit4(handle, dataPath, langString, engineMode.tess, nil, 0,
                             names, values, vars.count, 0)
        }
        if status != 0 {
            // Every stored property is set, so throwing runs `deinit`, which ends and deletes
            // the handle (deleting it here as well would free it twice).
            throw OCRError.initFailed(languages: langString, dataPath: dataPath,
                                      message: "TessBaseAPIInit4 returned \(status) (Tesseract's reason is on stderr)")
        }
        // The C API starts in PSM_SINGLE_BLOCK; pages need automatic segmentation.
        TessBaseAPISetPageSegMode(handle, PSM_AUTO)
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Sets a variable after initialisation (`TessBaseAPISetVariable`; init-only variables
    /// are silently without effect here: pass those to `init`).
    public func setVariable(_ name: String, to value: String) throws {
        guard TessBaseAPISetVariable(api, name, value) != 0 else {
            throw OCRError.invalidVariable(name: name, value: value)
        }
    }

    /// A variable's current value as text, nil when Tesseract has no such variable.
    public func stringVariable(_ name: String) -> String? {
        var i: Int32 = 0
        if TessBaseAPIGetIntVariable(api, name, &i) != 0 { return String(i) }
        var b: Int32 = 0
        if TessBaseAPIGetBoolVariable(api, name, &b) != 0 { return b != 0 ? "1" : "0" }
        var d: Double = 0
        if TessBaseAPIGetDoubleVariable(api, name, &d) != 0 { return String(d) }
        // Borrowed from the parameter (not to be freed).
        return TessBaseAPIGetStringVariable(api, name).map { String(cString: $0) }
    }

    /// False when the engine was started with the dictionaries switched off (`load_system_dawg`
    /// 0: language correction off). Callers that honour that setting ask `isDictionaryWord`
    /// only when this is true: Tesseract 5.3 still answers it from the LSTM model's own word
    /// list then (measured with Debian's eng model: "information" is valid either way).
    public var dictionaryEnabled: Bool { stringVariable("load_system_dawg") == "1" }

    /// Whether `word` is a word of the loaded languages' dictionaries — `TessBaseAPIIsValidWord`,
    /// "true if the given word is valid in the currently loaded languages' dictionaries"
    /// (baseapi.h `IsValidWord`; with LSTM models the word list inside each model, plus user
    /// words). Tesseract accepts a capitalised or all-capitals form of a lowercase entry
    /// ("Information", "INFORMATION") and ignores trailing punctuation ("analysis,").
    /// About 3 µs per call: no cache.
    public func isDictionaryWord(_ word: String) -> Bool {
        guard !word.isEmpty else { return false }
        return TessBaseAPIIsValidWord(api, word) != 0
    }

    /// Gives the handle to `body` (sibling code in this module only; it must not be kept).
    func withAPI<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R { try body(api) }

    private static func writeTemporaryList(_ lines: [String], suffix: String) throws -> String {
        let path = NSTemporaryDirectory() + "quire-\(getpid())-\(UUID().uuidString).\(suffix)"
        do {
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw OCRError.vocabularyFile(path: path, message: "\(error)")
        }
        return path
    }

    /// Two `char**` arrays valid during `body` (strdup'ed, freed afterwards).
    private static func withCStringArrays<R>(_ a: [String], _ b: [String],
                                             _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                                      UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> R) -> R {
        var ca: [UnsafeMutablePointer<CChar>?] = a.map { strdup($0) }
        var cb: [UnsafeMutablePointer<CChar>?] = b.map { strdup($0) }
        defer { (ca + cb).forEach { free($0) } }
        return ca.withUnsafeMutableBufferPointer { pa in
            cb.withUnsafeMutableBufferPointer { pb in
                body(a.isEmpty ? nil : pa.baseAddress, b.isEmpty ? nil : pb.baseAddress)
            }
        }
    }
}
