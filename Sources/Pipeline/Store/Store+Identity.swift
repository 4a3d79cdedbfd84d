import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a run's commits check: the database path still names the file the run locked. A file
/// deleted or replaced (a restore, `mv` of a copy over it) during a run would otherwise take
/// every write into an unlinked inode while the run reports success.
final class IdentityWatch {
    let path: String
    let identity: Discovery.FileID
    /// Why the path no longer names the file ("was deleted", "was replaced by another file").
    private(set) var lost: String?

    init(path: String, identity: Discovery.FileID) {
        self.path = path
        self.identity = identity
    }

    /// True while `path` names the file; otherwise records why, for good.
    func holds() -> Bool {
        if lost != nil { return false }
        var info = stat()
        if stat(path, &info) != 0 {
            lost = errno == ENOENT ? "was deleted" : "can no longer be found (\(String(cString: strerror(errno))))"
        } else if Discovery.FileID(info) != identity {
            lost = "was replaced by another file"
        }
        return lost == nil
    }
}

extension Store {
    /// From now on every commit first checks that the database path still names `identity` (the
    /// file the run lock holds); a commit that finds it deleted or replaced is rolled back, and
    /// ``replacedError`` says so. Throws at once when it already differs.
    func pinIdentity(_ identity: Discovery.FileID) throws {
        let watch = IdentityWatch(path: path, identity: identity)
        identityWatch = watch
        db.guardCommits { watch.holds() }
        if !watch.holds(), let error = replacedError { throw error }
    }

    /// The error to end a run with when its database file was deleted or replaced, else nil.
    public var replacedError: OpenError? {
        guard let watch = identityWatch, !watch.holds(), let lost = watch.lost else { return nil }
        return .replaced(path: path, reason: lost)
    }
}
