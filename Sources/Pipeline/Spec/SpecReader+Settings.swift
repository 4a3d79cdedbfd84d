import OCR
import DocumentModel
import YAML

/// Values shared by several sections (languages), and the `run:` section.
extension SpecReader {
    /// Tesseract codes: a list, or one string (`eng+deu` is split at '+'). Deduplicated.
    /// Each language must have its traineddata; a two-letter code gets the Tesseract code to write.
    func checkInstalled(_ listed: [(code: String, mark: Mark)], key: String) {
        for (code, mark) in listed where !Tessdata.isInstalled(code, in: tessdataDirectory) {
            if let tesseract = Tessdata.tesseractCode(forTwoLetter: code) {
                let where_ = Tessdata.isInstalled(tesseract, in: tessdataDirectory)
                    ? "it is installed" : "install the Debian package \(Tessdata.debianPackage(for: tesseract))"
                error("\(key): '\(code)' is not a Tesseract language code; write '\(tesseract)' (\(where_))", at: mark)
            } else {
                error("\(key): language '\(code)' is not installed (no \(code).traineddata in '\(tessdataDirectory)'); "
                      + "install the Debian package \(Tessdata.debianPackage(for: code))", at: mark)
            }
        }
    }

    func languages(_ node: YAMLNode, key: String) -> [(code: String, mark: Mark)]? {
        guard let items = list(node, key) else { return nil }
        var codes: [(code: String, node: YAMLNode)] = []
        for item in items {
            for code in item.text.split(separator: "+") where !codes.contains(where: { $0.code == code }) {
                codes.append((String(code).trimmingCharacters(in: .whitespaces), item.node))
            }
        }
        guard !codes.isEmpty else {
            error("\(key): name at least one language (e.g. eng)", at: node.mark)
            return nil
        }
        var ok = true
        for (code, item) in codes where !code.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == "/" || ("0"..."9").contains($0)) }) || code.isEmpty {
            error("\(key): '\(code)' is not a Tesseract language code (such as eng, deu, chi_sim)", at: item.mark)
            ok = false
        }
        return ok ? codes.map { ($0.code, $0.node.mark) } : nil
    }

    func readRun(_ v: [String: YAMLNode], _ s: inout RunSettings) {
        if let node = v["workers"], let raw = text(node, "run.workers") {
            if raw == "auto" { s.workers = nil }
            else if let n = int(raw, node, "run.workers", in: 1...64) { s.workers = n }
        }
        set(&s.pageTimeout, v["page_timeout"]) { number($0, "run.page_timeout", in: 0...Double.infinity, exclusiveLower: true) }
        set(&s.maxAttempts, v["max_attempts"]) { int($0, "run.max_attempts", in: 1...Int.max) }
        set(&s.workerMemoryMiB, v["worker_memory_mib"]) { int($0, "run.worker_memory_mib", in: 256...1_048_576) }
    }
}
