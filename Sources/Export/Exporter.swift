import DocumentModel
import Foundation
import CTesseract
import Pipeline
import Split

/// What `quire export` was asked to do.
public struct ExportRequest: Sendable {
    public var databasePath: String
    /// The pipeline's input roots (output paths mirror paths below them); empty for a database.
    public var inputRoots: [String]
    public var formats: [ExportFormat]
    public var outDir: String
    /// `--document GLOB`: matched against the path relative to the input roots and the full path.
    public var documentGlobs: [String]
    /// `--since RUN_ID`: only documents written by that run or later.
    public var sinceRun: Int64?
    /// `--changed`: only documents whose results changed since their last export here.
    public var changedOnly: Bool
    /// `--force`: also documents a run is still working on (their pending pages are marked).
    public var force: Bool
    /// `--words`: the JSON export carries lines and words with confidences.
    public var words: Bool
    /// quire's version, named in the outputs.
    public var generatorVersion: String
    /// Passwords to try for an encrypted PDF at a path (the values of its input's `password_env`).
    public var passwords: @Sendable (String) -> [String] = { _ in [] }
    /// The pipeline's `export.pdf` settings (PDF/A, upright, deskew).
    public var pdf = PDFExportSettings()
    /// The OCR languages of a document path (its input's, else `ocr.languages`), for PDF/A metadata.
    public var languages: @Sendable (String) -> [String] = { _ in [] }
    /// What to say when no password opens the PDF at a path ("variable #1 of input 1 is not set").
    public var passwordHint: @Sendable (String) -> String? = { _ in nil }

    public init(databasePath: String, inputRoots: [String] = [], formats: [ExportFormat], outDir: String,
                documentGlobs: [String] = [], sinceRun: Int64? = nil, changedOnly: Bool = false, force: Bool = false,
                words: Bool = false, generatorVersion: String) {
        self.databasePath = databasePath; self.inputRoots = inputRoots; self.formats = formats; self.outDir = outDir
        self.documentGlobs = documentGlobs; self.sinceRun = sinceRun; self.changedOnly = changedOnly; self.force = force
        self.words = words; self.generatorVersion = generatorVersion
    }
}

/// What an export did.
public struct ExportSummary: Sendable {
    public struct Failure: Sendable { public var path: String; public var format: ExportFormat; public var message: String }
    public var documentsExported = 0
    public var filesWritten = 0
    public var unchanged = 0
    /// `--changed`: files of documents moved or missing since their export, removed.
    public var filesRemoved = 0
    /// Documents skipped because a run is still working on them (use `--force`).
    public var inProgress: [String] = []
    public var failures: [Failure] = []
}

/// An export failure that stops the whole export (not one document).
public struct ExportError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Reads one consistent snapshot of the database and writes each selected document in each
/// format under the output folder, atomically; records what was written in `exports`.
public struct Exporter {
    public let request: ExportRequest
    public init(request: ExportRequest) { self.request = request }

    public func run() throws -> ExportSummary {
        if request.formats.contains(.pdf) && request.formats.contains(.pdfa) {
            throw ExportError(message: "--format pdf and pdfa write the same file (NAME.pdf); export them to different folders")
        }
        guard FileManager.default.fileExists(atPath: request.databasePath) else {
            throw Store.OpenError.unusable(path: request.databasePath, reason: "no such file (nothing has been run yet)")
        }
        let store = try Store(path: request.databasePath)
        let root = try Self.prepareOutput(request.outDir)
        AtomicFile.removeLeftoverTemporaries(under: root)
        var summary = ExportSummary()
        var records: [ExportRecord] = []
        let newestRun = try store.readSnapshot {
            let all = try store.exportCandidates()
            let candidates = request.sinceRun == nil ? all : try store.exportCandidates(sinceRun: request.sinceRun)
            // Output paths mirror every current document, whichever are exported this time.
            let paths = OutputPaths(root: root, documentPaths: all.map(\.path), inputRoots: request.inputRoots)
            let selected = candidates.filter { matches(paths.relativePath(of: $0.path), full: $0.path) }
            var previous: [ExportFormat: [Int64: String]] = [:]
            if request.changedOnly {
                for format in request.formats {
                    previous[format] = try store.lastExportDigests(format: format.rawValue, destination: root)
                }
                summary.filesRemoved = try removeFilesOfGoneDocuments(store, paths: paths, root: root)
            }
            for candidate in selected {
                if (candidate.pendingPages > 0 || candidate.status == DocumentStatus.pending.rawValue) && !request.force {
                    summary.inProgress.append(candidate.path)
                    continue
                }
                if let other = paths.collisions[candidate.path] {
                    for format in request.formats {
                        summary.failures.append(.init(path: candidate.path, format: format,
                                                      message: "its output name cannot be told apart from that of \(other) (the same displayed path)"))
                    }
                    continue
                }
                let digest = try store.resultsDigest(documentID: candidate.id)
                let parts = try store.logicalDocuments(documentID: candidate.id)
                let firstName = parts.first.map { "." + Self.fileName(of: $0, among: parts) } ?? ""
                let formats = request.formats.filter { format in
                    // Unchanged results whose file was removed since are written again.
                    previous[format]?[candidate.id] != digest
                        || format.hasOneFile && !FileManager.default.fileExists(atPath: paths.file(for: candidate.path, suffix: firstName + format.suffix))
                }
                guard !formats.isEmpty else { summary.unchanged += 1; continue }
                let words = formats.contains { $0.needsWords(jsonWords: request.words) }
                guard let document = try store.storedDocument(id: candidate.id, words: words) else { continue }
                var exported = false
                for format in formats {
                    do {
                        let files = parts.isEmpty ? try render(format, document) : try render(format, document, parts: parts)
                        if format == .csv { try removeStaleTables(of: document.path, keeping: files, paths: paths) }
                        for file in files {
                            try AtomicFile.write(file.bytes, to: paths.file(for: document.path, suffix: file.suffix), under: root)
                        }
                        summary.filesWritten += files.count
                        records.append(ExportRecord(documentID: candidate.id, format: format.rawValue, destination: root,
                                                    resultsDigest: digest, files: files.count))
                        exported = true
                    } catch {
                        summary.failures.append(.init(path: document.path, format: format, message: "\(error)"))
                    }
                }
                if exported { summary.documentsExported += 1 }
            }
            return try store.newestRunID()
        }
        try store.recordExports(records, lastRunID: newestRun)
        return summary
    }

    func render(_ format: ExportFormat, _ document: StoredDocument) throws -> [RenderedFile] {
        switch format {
        case .json: return try JSONRenderer(generatorVersion: request.generatorVersion, includeWords: request.words,
                                                languages: request.languages(document.path)).render(document)
        case .markdown: return MarkdownRenderer().render(document)
        case .text: return TextRenderer().render(document)
        case .csv: return CSVRenderer().render(document)
        case .html: return HTMLRenderer().render(document)
        case .hocr:
            return try HOCRRenderer(generator: "quire \(request.generatorVersion) (Tesseract \(Self.tesseractVersion))").render(document)
        case .alto:
            return try ALTORenderer(quireVersion: request.generatorVersion, tesseractVersion: Self.tesseractVersion).render(document)
        case .pdf, .pdfa:
            return try pdfRenderer(format, for: document.path).render(document)
        }
    }

    /// The searchable-PDF renderer for a document: its passwords, the pipeline's `export.pdf`
    /// settings (PDF/A always for `pdfa`), its languages.
    private func pdfRenderer(_ format: ExportFormat, for path: String) -> PDFRenderer {
        var settings = request.pdf
        settings.pdfa = settings.pdfa || format == .pdfa
        return PDFRenderer(passwords: request.passwords(path), passwordHint: request.passwordHint(path),
                           options: settings, languages: request.languages(path), producer: "quire \(request.generatorVersion)")
    }

    /// A batch scan split into logical documents (`split:`): one set of files per logical
    /// document, named by its ASN (`batch.pdf.ASN00042.json`) or its place (`batch.pdf.doc-003.json`),
    /// holding only its pages (separator sheets and dropped blank pages left out).
    func render(_ format: ExportFormat, _ document: StoredDocument, parts: [LogicalDocument]) throws -> [RenderedFile] {
        try parts.flatMap { part -> [RenderedFile] in
            let keep = Set(part.pages)
            let name = "." + Self.fileName(of: part, among: parts)
            if format == .pdf || format == .pdfa {
                var renderer = pdfRenderer(format, for: document.path)
                renderer.keeping = keep
                var subset = document
                if document.kind != "pdf" { subset.pages = document.pages.filter { keep.contains($0.number) } }
                return try renderer.render(subset).map { RenderedFile(suffix: name + $0.suffix, bytes: $0.bytes) }
            }
            var subset = document
            subset.pages = document.pages.filter { keep.contains($0.number) }
            return try render(format, subset).map { RenderedFile(suffix: name + $0.suffix, bytes: $0.bytes) }
        }
    }

    /// `ASN00042` (five digits at least, as Paperless-ngx labels print them) or `doc-003`; an
    /// ASN on several parts of the file (a problem `status` shows) gets the part too: `ASN00042.doc-003`.
    static func fileName(of part: LogicalDocument, among parts: [LogicalDocument]) -> String {
        let place = String(format: "doc-%03d", part.part)
        guard let asn = part.asn else { return place }
        let name = String(format: "ASN%05d", asn)
        return parts.filter({ $0.asn == asn }).count > 1 ? name + "." + place : name
    }

    /// A document that has fewer tables than at its last export leaves no old CSV behind.
    /// Returns how many files it removed.
    @discardableResult
    func removeStaleTables(of path: String, keeping files: [RenderedFile], paths: OutputPaths) throws -> Int {
        let keep = Set(files.map { (paths.file(for: path, suffix: $0.suffix) as NSString).lastPathComponent })
        let probe = paths.file(for: path, suffix: ".csv")
        let stem = ((probe as NSString).lastPathComponent as NSString).deletingPathExtension + ".p"
        return try AtomicFile.removeFiles(besides: probe, under: paths.root) { name in
            guard name.hasPrefix(stem) && name.hasSuffix(".csv") && !keep.contains(name) else { return false }
            let rest = name.dropFirst(stem.count).dropLast(4)   // "<page>-t<n>"
            let parts = rest.split(separator: "-t")
            return parts.count == 2 && parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
        }
    }

    /// The linked Tesseract's version (the one `quire run` uses).
    static var tesseractVersion: String { String(cString: TessVersion()) }

    private func matches(_ relative: String, full: String) -> Bool {
        guard !request.documentGlobs.isEmpty else { return true }
        return request.documentGlobs.map { Glob($0) }.contains { $0.matches(relative) || $0.matches(full) }
    }

    /// Creates the output folder and returns its absolute, symlink-resolved path.
    static func prepareOutput(_ dir: String) throws -> String {
        let absolute = dir.hasPrefix("/") ? dir : FileManager.default.currentDirectoryPath + "/" + dir
        do { try FileManager.default.createDirectory(atPath: absolute, withIntermediateDirectories: true) } catch {
            throw ExportError(message: "cannot create the output folder \(dir): \(error.localizedDescription)")
        }
        guard let resolved = realpath(absolute, nil) else {
            throw ExportError(message: "cannot resolve the output folder \(dir): \(String(cString: strerror(errno)))")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
