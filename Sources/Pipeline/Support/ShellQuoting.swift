import Foundation

/// `path` quoted for a POSIX shell when it needs it, for commands we suggest to the user.
public func shellQuoted(_ path: String) -> String {
    let safe = path.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+:,@%=".unicodeScalars.contains($0) }
    return safe && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
