import OCR
import DocumentModel
import Foundation
import YAML

/// The sections of a pipeline file. Each starts from the product defaults
/// (PipelineSpec.swift) and overrides what the file sets; a null value keeps the default.
extension SpecReader {
    func readSpec(_ root: YAMLNode) -> PipelineSpec? {
        guard let top = fields(of: root, section: nil, known: SpecKeys.top) else { return nil }
        for key in ["name", "database", "inputs"] where top[key] == nil {
            error("missing required key '\(key)'", at: root.mark)
        }
        let name = top["name"].flatMap { text($0, "name") }
        if let node = top["name"], name?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            error("name: must not be empty", at: node.mark)
        }
        let database = top["database"].flatMap(readDatabase)
        let inputs = top["inputs"].flatMap(readInputs)
        // Each stage's section, over its defaults; a null value keeps the default.
        var stages = StageSettingsSet()
        var sectionsRead = true
        for type in StageCatalog.declared {
            guard let node = top[type.section] else { continue }
            guard let values = fields(of: node, section: type.section, known: type.keys) else { sectionsRead = false; continue }
            type.readErased(values.filter { !$0.value.isNull }, into: &stages, with: self)
        }
        let run = section(top["run"], "run", SpecKeys.run, RunSettings(), readRun)
        let export = section(top["export"], "export", ExportSettings.keys, ExportSettings(), readExport)
        let extract = stages[ExtractPageStage.self]
        if extract.detectOrientation, !Tessdata.isInstalled("osd", in: tessdataDirectory) {
            warning("extract.detect_orientation: orientation detection needs osd.traineddata, which is not in '\(tessdataDirectory)' "
                    + "(install the Debian package \(Tessdata.debianPackage(for: "osd"))); pages will not be rotated",
                    at: top["extract"]?.mark ?? root.mark)
        }
        if let database, let inputs, let node = top["database"] { checkDatabaseIsNoInput(database, inputs, at: node) }
        if let run { checkWorkerMemory(extract, run, top) }
        guard let name, let database, let inputs, sectionsRead, let run, let export else { return nil }
        var spec = PipelineSpec(name: name, database: database, inputs: inputs, stages: stages, run: run, export: export)
        spec.databaseShards = top["database_shards"].flatMap(readShardPattern)
        return spec
    }

    /// `database_shards: out/shards/nightly-{shard}.sqlite`: where `run --shard` writes (docs/scale-out.md).
    private func readShardPattern(_ node: YAMLNode) -> String? {
        guard let raw = text(node, "database_shards") else { return nil }
        guard raw.contains("{shard}") else {
            error("database_shards: '\(raw)' must contain {shard} (replaced by each shard's number)", at: node.mark)
            return nil
        }
        return resolve(raw)
    }

    /// A worker capped below what one page at the largest allowed raster needs fails every big
    /// page: say so, and what to change, at the key that was written.
    private func checkWorkerMemory(_ extract: ExtractSettings, _ run: RunSettings, _ top: [String: YAMLNode]) {
        let needed = RunSettings.minimumWorkerMemoryMiB(maxPixels: extract.maxPixels)
        guard run.workerMemoryMiB < needed else { return }
        func node(_ section: String, _ key: String) -> YAMLNode? {
            top[section]?.mapping?.first { $0.key.scalarValue == key }?.value
        }
        let megapixels = SpecReader.format(Double(extract.maxPixels) / 1_000_000)
        var message = "one page of up to \(megapixels) megapixels (extract.max_megapixels) needs at least \(needed) MiB "
            + "per worker, more than run.worker_memory_mib (\(run.workerMemoryMiB)); raise run.worker_memory_mib to \(needed)"
        // Under 388 MiB no pixel budget fits: only the cap can change.
        let affordable = RunSettings.affordableMegapixels(workerMemoryMiB: run.workerMemoryMiB)
        if affordable > 0 { message += " or lower extract.max_megapixels to \(affordable)" }
        if let memory = node("run", "worker_memory_mib") {
            error("run.worker_memory_mib: \(message)", at: memory.mark)
        } else {
            error("extract.max_megapixels: \(message)", at: (node("extract", "max_megapixels") ?? top["extract"])?.mark ?? Mark(line: 1, column: 1))
        }
    }

    private func section<T>(_ node: YAMLNode?, _ name: String, _ known: [String], _ defaults: T,
                            _ read: ([String: YAMLNode], inout T) -> Void) -> T? {
        guard let node else { return defaults }
        guard let values = fields(of: node, section: name, known: known) else { return nil }
        var settings = defaults
        read(values.filter { !$0.value.isNull }, &settings)
        return settings
    }

    /// `export:` (`pdf:` with `pdfa`, `upright`, `deskew`).
    private func readExport(_ values: [String: YAMLNode], _ settings: inout ExportSettings) {
        guard let node = values["pdf"], let pdf = section(node, "export.pdf", PDFExportSettings.keys, settings.pdf, { v, s in
            set(&s.pdfa, v["pdfa"]) { bool($0, "export.pdf.pdfa") }
            set(&s.upright, v["upright"]) { bool($0, "export.pdf.upright") }
            set(&s.deskew, v["deskew"]) { bool($0, "export.pdf.deskew") }
        }) else { return }
        settings.pdf = pdf
    }

    /// Sets `target` from `node` when present and valid.
    func set<T>(_ target: inout T, _ node: YAMLNode?, _ convert: (YAMLNode) -> T?) {
        if let node, let value = convert(node) { target = value }
    }

    // MARK: database and inputs

    private func readDatabase(_ node: YAMLNode) -> String? {
        guard let raw = text(node, "database") else { return nil }
        let path = resolve(raw)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            error("database: '\(path)' is a folder; give a file path such as '\(path)/quire.db'", at: node.mark)
            return nil
        }
        // A missing folder is created by the run (e.g. a git-ignored out/); a file in its place is not.
        var parent = (path as NSString).deletingLastPathComponent
        while !parent.isEmpty && parent != "/" && !FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder) {
            parent = (parent as NSString).deletingLastPathComponent
        }
        if FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), !isFolder.boolValue {
            error("database: '\(parent)' is a file, not a folder", at: node.mark)
            return nil
        }
        // The run must be able to create what is missing: probe the nearest existing folder with a
        // temporary folder, removed at once (access(2) says yes to root even on /proc).
        if !FileManager.default.fileExists(atPath: path), let problem = Self.cannotCreate(in: parent) {
            error("database: '\(path)' cannot be created: \(parent): \(problem)", at: node.mark)
            return nil
        }
        return path
    }

    /// Why nothing can be made in `folder`, or nil when a folder can be.
    private static func cannotCreate(in folder: String) -> String? {
        var template = Array((folder == "/" ? "" : folder).utf8CString.dropLast()) + Array("/.quire-validate-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { return String(cString: strerror(errno)) }
        rmdir(template)
        return nil
    }

    /// The database is never a document: naming it (or a link to it) as an input is an error.
    private func checkDatabaseIsNoInput(_ database: String, _ inputs: [InputSpec], at node: YAMLNode) {
        guard let db = FilePath(database).statInfo() else { return }
        for input in inputs {
            guard let root = FilePath(input.root).statInfo(), root.st_dev == db.st_dev, root.st_ino == db.st_ino else { continue }
            error("database: '\(database)' is also an input ('\(input.root)'); the database is never a document: "
                  + "name another database file or remove it from inputs", at: node.mark)
        }
    }

    private func readInputs(_ node: YAMLNode) -> [InputSpec]? {
        let items: [YAMLNode]
        if let sequence = node.sequence { items = sequence }
        else if node.scalarValue != nil, !node.isNull { items = [node] }
        else {
            error("inputs: expected a list of folders, found \(node.kindDescription)", at: node.mark)
            return nil
        }
        if items.isEmpty { error("inputs: the list is empty; name at least one folder", at: node.mark) }
        let inputs = items.enumerated().map { readInput($1, number: $0 + 1) }
        return inputs.contains(where: { $0 == nil }) || items.isEmpty ? nil : inputs.compactMap { $0 }
    }

    private func readInput(_ node: YAMLNode, number: Int) -> InputSpec? {
        if node.scalarValue != nil {
            return text(node, "inputs").flatMap { checkedRoot($0, at: node) }
                .map { InputSpec(root: $0, minFileAge: InputSpec.defaultMinFileAge) }
        }
        guard let written = fields(of: node, section: "inputs", known: SpecKeys.input) else { return nil }
        guard let pathNode = written["path"] else {
            error("inputs: missing required key 'path'", at: node.mark)
            return nil
        }
        guard let root = text(pathNode, "inputs.path").flatMap({ checkedRoot($0, at: pathNode) }) else { return nil }
        var input = InputSpec(root: root, minFileAge: InputSpec.defaultMinFileAge)
        let before = diagnostics.count
        let values = written.filter { !$0.value.isNull }  // a key without a value keeps its default
        set(&input.include, values["include"]) { globs($0, "inputs.include") }
        set(&input.exclude, values["exclude"]) { globs($0, "inputs.exclude") }
        set(&input.followSymlinks, values["follow_symlinks"]) { bool($0, "inputs.follow_symlinks") }
        set(&input.passwordEnv, values["passwords"]) { passwords($0, input: number) }
        set(&input.minFileAge, values["min_file_age"]) { self.number($0, "inputs.min_file_age", in: 0...86_400) }
        set(&input.excludeJunk, values["exclude_junk"]) { bool($0, "inputs.exclude_junk") }
        set(&input.allowEmpty, values["allow_empty"]) { bool($0, "inputs.allow_empty") }
        if let node = values["link_targets"], let items = list(node, "inputs.link_targets") {
            for item in items {
                let path = resolve(item.text)
                var isFolder: ObjCBool = false
                if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) || !isFolder.boolValue {
                    error("inputs.link_targets: '\(path)' is not an existing folder", at: item.node.mark)
                } else {
                    input.linkTargets.append(URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
                }
            }
            if !input.followSymlinks {
                warning("inputs.link_targets: has no effect without follow_symlinks: true", at: node.mark)
            }
        }
        if let node = values["languages"], let codes = languages(node, key: "inputs.languages") {
            input.languages = codes.map(\.code)
            checkInstalled(codes, key: "inputs.languages")
        }
        return diagnostics[before...].contains { $0.severity == .error } ? nil : input
    }

    private func checkedRoot(_ raw: String, at node: YAMLNode) -> String? {
        let path = resolve(raw)
        guard FileManager.default.fileExists(atPath: path) else {
            error("input folder does not exist: '\(path)'", at: node.mark)
            return nil
        }
        return path
    }

    private func globs(_ node: YAMLNode, _ path: String) -> [String]? {
        guard let items = list(node, path) else { return nil }
        var ok = true
        for item in items {
            if let problem = Glob.problem(with: item.text) {
                error("\(path): '\(item.text)': \(problem)", at: item.node.mark)
                ok = false
            }
        }
        return ok ? items.map(\.text) : nil
    }

    /// Names of environment variables, never the passwords themselves. Entries are never
    /// echoed (one may be a password written there by mistake): messages say "variable #2 of
    /// input 1".
    private func passwords(_ node: YAMLNode, input: Int) -> [String]? {
        guard let items = list(node, "inputs.passwords", expand: false) else { return nil }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let entry = "variable #\(index + 1) of input \(input)"
            if item.text.hasPrefix("${"), item.text.hasSuffix("}"), !item.text.contains(":-") {
                error("inputs.passwords: \(entry) is written as '${…}'; write the variable's name without '${}'", at: item.node.mark)
            } else if !EnvironmentExpansion.isVariableName(item.text) {
                error("inputs.passwords: \(entry) is not an environment variable name; list the NAMES of "
                      + "variables holding passwords, never the passwords themselves", at: item.node.mark)
            } else {
                if environment[item.text] == nil {
                    warning("inputs.passwords: \(entry) is not set now; PDFs needing it will fail unless it is set for the run", at: item.node.mark)
                }
                names.append(item.text)
            }
        }
        return names.count == items.count ? names : nil
    }

    /// Absolute, standardised path; `~/` is the home folder; relative paths start at the
    /// pipeline file's folder.
    func resolve(_ raw: String) -> String {
        var path = raw
        if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] {
            path = home + path.dropFirst()
        }
        if !path.hasPrefix("/") { path = folder + "/" + path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
