/// The `layout:` section of a pipeline file (docs/pipeline-files.md).

public struct LayoutSettings: Codable, Sendable, Equatable {
    public var enabled: Bool = true
    public var paragraphs: Bool = true
    public var lists: Bool = true
    public var tables: Bool = true
    public init() {}
}
