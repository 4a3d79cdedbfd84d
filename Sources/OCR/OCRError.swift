/// Errors from the OCR engines. Each carries Tesseract's message where it gave one.
public enum OCRError: Error, Equatable, CustomStringConvertible {
    /// A language's traineddata is not installed; `debianPackage` installs it.
    case missingLanguage(String, debianPackage: String)
    /// `TessBaseAPIInit4` failed for another reason (bad data path, corrupt model…).
    case initFailed(languages: String, dataPath: String, message: String)
    /// Tesseract rejected a variable (unknown name or bad value).
    case invalidVariable(name: String, value: String)
    /// The page was not finished within its deadline (seconds).
    case deadlineExceeded(seconds: Double)
    /// The caller's cancel check asked to stop.
    case cancelled
    /// `TessBaseAPIRecognize` failed without a deadline or cancellation.
    case recognitionFailed(String)
    /// Orientation detection could not decide (too little text, no script found).
    case orientationUndetermined(String)
    /// A user-words or user-patterns file could not be written.
    case vocabularyFile(path: String, message: String)

    public var description: String {
        switch self {
        case let .missingLanguage(lang, pkg):
            return "OCR language '\(lang)' is not installed (install the Debian package \(pkg))"
        case let .initFailed(langs, path, message):
            return "Tesseract could not start with languages '\(langs)' from \(path): \(message)"
        case let .invalidVariable(name, value):
            return "Tesseract rejected the variable \(name)=\(value)"
        case let .deadlineExceeded(seconds):
            return "OCR did not finish the page within \(seconds) s"
        case .cancelled:
            return "OCR was cancelled"
        case let .recognitionFailed(message):
            return "OCR failed: \(message)"
        case let .orientationUndetermined(message):
            return "orientation could not be determined: \(message)"
        case let .vocabularyFile(path, message):
            return "cannot write the OCR vocabulary file \(path): \(message)"
        }
    }
}
