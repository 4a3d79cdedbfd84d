import OCR
import Foundation
import YAML

/// Reads a pipeline file (docs/pipeline-files.md) into a validated ``PipelineSpec``, or
/// reports every problem in it at once as ``Diagnostic``s (`file:line:column: message`).
///
/// ```swift
/// let spec = try PipelineLoader.load(path: "nightly.yaml")   // throws PipelineFileError
/// ```
public struct PipelineLoader: Sendable {
    /// Variables for `${VAR}` expansion, `~` and password-variable checks.
    public var environment: [String: String]
    /// Folder searched for `<lang>.traineddata` (see ``Tessdata/directory(environment:)``).
    public var tessdataDirectory: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                tessdataDirectory: String? = nil) {
        self.environment = environment
        self.tessdataDirectory = tessdataDirectory ?? Tessdata.directory(environment: environment)
    }

    /// Loads with the process environment; throws ``PipelineFileError`` with all diagnostics.
    public static func load(path: String) throws(PipelineFileError) -> PipelineSpec {
        try PipelineLoader().load(path: path)
    }

    /// The spec, or a ``PipelineFileError`` holding every diagnostic (warnings included).
    public func load(path: String) throws(PipelineFileError) -> PipelineSpec {
        let result = validate(path: path)
        guard let spec = result.spec else { throw PipelineFileError(path: path, diagnostics: result.diagnostics) }
        return spec
    }

    /// Largest pipeline file read (1 MiB). Real ones are a few KiB; a bigger file is the wrong
    /// file, or an attack (millions of keys cost minutes and gigabytes to diagnose).
    public static let maxFileBytes = 1 << 20

    /// Reads and checks the file at `path` (as the user wrote it; used in diagnostics).
    public func validate(path: String) -> PipelineValidation {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > Self.maxFileBytes {
            return PipelineValidation(path: path, spec: nil, diagnostics: [Diagnostic(
                file: path, line: 0, column: 0,
                message: "the file is \(size) bytes; pipeline files are limited to \(Self.maxFileBytes) bytes (1 MiB): is it the right file?")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let message = !exists ? "no such file" : (isFolder.boolValue ? "is a folder, not a pipeline file" : "cannot read the file")
            return PipelineValidation(path: path, spec: nil,
                                      diagnostics: [Diagnostic(file: path, line: 0, column: 0, message: message)])
        }
        return validate(bytes: [UInt8](data), path: path)
    }

    /// Checks pipeline text as if it were the file at `path` (relative paths resolve against
    /// its folder; `path` need not exist).
    public func validate(text: String, path: String) -> PipelineValidation {
        validate(bytes: Array(text.utf8), path: path)
    }

    private func validate(bytes: [UInt8], path: String) -> PipelineValidation {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let reader = SpecReader(file: path, folder: (absolute as NSString).deletingLastPathComponent,
                                environment: environment, tessdataDirectory: tessdataDirectory)
        let root: YAMLNode?
        do {
            root = try YAMLParser(bytes: bytes, file: path).parseSingleDocument()
        } catch {
            return PipelineValidation(path: path, spec: nil, diagnostics: [Self.diagnostic(for: error, bytes: bytes)])
        }
        guard let root else {
            reader.error("the pipeline file is empty; it needs at least 'name', 'database' and 'inputs'",
                         at: Mark(line: 1, column: 1))
            return PipelineValidation(path: path, spec: nil, diagnostics: reader.diagnostics)
        }
        let spec = reader.readSpec(root)
        let diagnostics = reader.diagnostics.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
        return PipelineValidation(path: path, spec: reader.hasErrors ? nil : spec, diagnostics: diagnostics)
    }

    /// A YAML syntax error as a diagnostic, with a hint for the most common one (tabs).
    private static func diagnostic(for error: YAMLError, bytes: [UInt8]) -> Diagnostic {
        var message = error.problem
        if let context = error.context { message += " (\(context))" }
        if error.problem == "found character that cannot start any token", error.line > 0 {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if error.line <= lines.count, Array(lines[error.line - 1]).dropFirst(error.column - 1).first == "\t" {
                message += "; tabs are not allowed for indentation, use spaces"
            }
        }
        return Diagnostic(file: error.file, line: error.line, column: error.column, message: message)
    }
}
