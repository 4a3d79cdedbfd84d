/// Facts about this build of quire.
public enum Quire {
    /// The version printed by `quire --version` and recorded with every run.
    public static let version = "0.1.0"
}
