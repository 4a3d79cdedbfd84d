import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension Runner {
    /// True when the file of a document changed since it was hashed (its size or mtime differ
    /// from the recorded version, and its content hash too): what workers read from it now is of
    /// another version, which must not be stored under the recorded hash. Said once per document,
    /// and listed in the summary; the next run's discovery records the new version and processes it.
    func changedSinceHashed(documentID: Int64, path: String, pathBytes: [UInt8]?, store: Store, state: inout RunState) throws -> Bool {
        if state.changed.contains(documentID) { return true }
        guard let recorded = try store.fileVersion(documentID: documentID) else { return false }
        let file = FilePath(display: path, bytes: pathBytes)
        guard let st = file.statInfo(), st.st_mode & S_IFMT == S_IFREG else { return false }   // gone: not read either
        let now = Store.FileVersion(size: Int64(st.st_size),
                                    mtimeNs: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                                    sha256: recorded.sha256)
        if now == recorded || state.verified[documentID] == now { return false }
        // Size or mtime moved: the content decides (a `touch` changes nothing that was read).
        if let hash = try? InputFile(file).sha256(), hash == recorded.sha256 {
            state.verified[documentID] = now
            return false
        }
        state.changed.insert(documentID)
        let note = "\(path): changed while it was processed; nothing read from the new content is stored "
            + "under the old version's hash; the next run processes the new version"
        state.notices.append(note)
        progress.warning(note)
        return true
    }
}
