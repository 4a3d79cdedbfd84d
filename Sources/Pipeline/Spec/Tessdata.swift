import Foundation

/// Where Tesseract's language models live and which Debian package provides each.
public enum Tessdata {
    /// Debian 12's folder for tesseract-ocr-* models.
    public static let debianDirectory = "/usr/share/tesseract-ocr/5/tessdata"

    /// `$TESSDATA_PREFIX` when set (Tesseract 5 reads models from it directly), else Debian's folder.
    public static func directory(environment: [String: String]) -> String {
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty { return prefix }
        return debianDirectory
    }

    /// True when `<code>.traineddata` exists in `directory`.
    public static func isInstalled(_ code: String, in directory: String) -> Bool {
        FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("\(code).traineddata"))
    }

    /// Debian's package for a language code: `chi_sim` → `tesseract-ocr-chi-sim`.
    public static func debianPackage(for code: String) -> String {
        "tesseract-ocr-" + code.lowercased().replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: "/", with: "-")
    }
}
