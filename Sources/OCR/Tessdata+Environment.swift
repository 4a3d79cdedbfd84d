/// Tessdata lookups for code that is handed an environment (pipeline validation, tests)
/// rather than reading the process's own.
extension Tessdata {
    /// Debian 12's folder for `tesseract-ocr-*` models.
    public static var debianDirectory: String { debianPath }

    /// `$TESSDATA_PREFIX` of `environment` when set (Tesseract 5 reads models from it directly),
    /// else Debian's folder.
    public static func directory(environment: [String: String]) -> String {
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty { return prefix }
        return debianPath
    }
}
