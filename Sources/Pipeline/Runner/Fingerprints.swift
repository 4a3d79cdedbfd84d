import Foundation

/// A stage's fingerprint: the SHA-256 of its name, revision, settings, and the engine and model
/// behind it (`PageStage.fingerprintInputs`). A page whose stored fingerprint differs from the
/// current one has that stage (and the stages that read it) redone; nothing else is.
enum Fingerprints {
    /// Every enabled stage's fingerprint. `languages`: an input's own OCR languages (replacing
    /// `ocr.languages`).
    static func compute(_ spec: PipelineSpec, languages: [String]? = nil) -> [Stage: String] {
        var result: [Stage: String] = [:]
        for type in StageCatalog.declared {
            if let text = type.fingerprintText(spec, languages: languages) { result[type.stage] = SHA256.hex(of: text) }
        }
        return result
    }

}
