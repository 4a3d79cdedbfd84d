import Foundation
import Pipeline

extension Exporter {
    /// `--changed` keeps the folder a mirror of the archive: the files a moved document left at
    /// its old path, and those of a document now missing, are removed. Returns how many files.
    func removeFilesOfGoneDocuments(_ store: Store, paths: OutputPaths, root: String) throws -> Int {
        var removed = 0
        for (path, name) in try store.exportedPathsNowGone(destination: root) {
            guard let format = ExportFormat(rawValue: name) else { continue }
            removed += format == .csv ? ((try? removeStaleTables(of: path, keeping: [], paths: paths)) ?? 0)
                                      : Self.remove(paths.file(for: path, suffix: format.suffix), under: root)
        }
        return removed
    }

    /// Removes `file` below `root` without following a link (`AtomicFile`): 1 when it was there.
    private static func remove(_ file: String, under root: String) -> Int {
        let name = (file as NSString).lastPathComponent
        return (try? AtomicFile.removeFiles(besides: file, under: root) { $0 == name }) ?? 0
    }

}
