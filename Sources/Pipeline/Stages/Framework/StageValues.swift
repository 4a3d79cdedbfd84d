/// The settings of every stage, keyed by stage, as one value: part of `PipelineSpec`, sent to the
/// workers (`StageSettings`), compared to decide when a worker's engines must be rebuilt.
/// Each stage reads its own settings with `set[SomeStage.self]`; an unset stage has its defaults.
public struct StageSettingsSet: Sendable, Equatable, Codable {
    private var values: [Stage: any Sendable] = [:]

    public init() {}

    subscript<S: PageStage>(_ type: S.Type) -> S.Settings {
        get { values[S.stage] as? S.Settings ?? S.defaultSettings }
        set { values[S.stage] = newValue }
    }

    public static func == (a: StageSettingsSet, b: StageSettingsSet) -> Bool {
        StageCatalog.declared.allSatisfy { $0.settingsEqual(a.values[$0.stage], b.values[$0.stage]) }
    }

    private struct Key: CodingKey {
        var stringValue: String
        init(_ s: String) { stringValue = s }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for type in StageCatalog.declared { try type.encodeSettings(values[type.stage], &c, Key(type.stage.rawValue)) }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        for type in StageCatalog.declared { values[type.stage] = try type.decodeSettings(c, Key(type.stage.rawValue)) }
    }
}

/// A value of one stage that crosses the worker pipe, typed by its stage through the catalog:
/// its output for a page (``StageOutput``) or its document context (``StageDocumentContext``).
public struct StageValue<Role: StageValueRole>: Sendable, Codable {
    public let stage: Stage
    let value: any Sendable

    init(stage: Stage, erased value: any Sendable) {
        self.stage = stage
        self.value = value
    }

    private enum Keys: String, CodingKey { case stage, value }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(stage, forKey: .stage)
        guard let type = StageCatalog.type(of: stage) else {
            throw EncodingError.invalidValue(stage, .init(codingPath: c.codingPath, debugDescription: "no stored stage '\(stage)'"))
        }
        if Role.self == DocumentContextRole.self {
            try type.encodeContext(value, &c, .value)
        } else {
            try type.encodeOutput(value, &c, .value)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        stage = try c.decode(Stage.self, forKey: .stage)
        guard let type = StageCatalog.type(of: stage) else {
            throw DecodingError.dataCorruptedError(forKey: .stage, in: c, debugDescription: "no stored stage '\(stage)'")
        }
        value = Role.self == DocumentContextRole.self ? try type.decodeContext(c, .value) : try type.decodeOutput(c, .value)
    }
}

/// Which of a stage's types a ``StageValue`` holds: its output or its document context.
public protocol StageValueRole: Sendable {}
public enum OutputRole: StageValueRole {}
public enum DocumentContextRole: StageValueRole {}

/// One stage's output for one page, as it crosses the worker pipe (`WorkerEvent.output`) and as
/// a page task carries stored outputs to a stage that reads them (`PageTask.stored`).
public typealias StageOutput = StageValue<OutputRole>

/// A stage's document context for one page task (`PageStage.DocumentContext`).
public typealias StageDocumentContext = StageValue<DocumentContextRole>

extension StageValue where Role == OutputRole {
    init<S: PageStage>(_ type: S.Type, _ value: S.Output) {
        self.init(stage: S.stage, erased: value)
    }

    func value<S: PageStage>(as type: S.Type) -> S.Output? { stage == S.stage ? value as? S.Output : nil }
}
