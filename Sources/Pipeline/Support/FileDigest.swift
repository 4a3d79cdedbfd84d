/// SHA-256 of a file, for modules outside the pipeline (exports check that an original file is
/// still the content a run read before reusing its pages).
public enum FileDigest {
    /// The lowercase hex SHA-256 of the file's content.
    public static func sha256(ofFileAt path: String) throws -> String { try InputFile(FilePath(path)).sha256() }
}
