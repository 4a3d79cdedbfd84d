/// The name of a page stage, or of a step inside one, as stored in `page_stages.stage`,
/// `pages.failed_stage` and `pages.redo_stage`, and as written after `rerun --stage`.
///
/// The names and their order come from ``StageCatalog``: a stage declares its name once, in its
/// own folder (`extension Stage { static let ocr = … }`), and the order a worker runs them in is
/// derived from what each stage reads. `preprocess` (orientation, deskew) is a step of `extract`:
/// it is stored and fingerprinted with it, and named on its own in failures so that a crash in
/// OSD is told apart from one in poppler.
public struct Stage: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// A known stage or step name; nil for anything else (a row written by a newer quire, a typo).
    public init?(rawValue: String) {
        guard StageCatalog.stepOrder.contains(where: { $0.rawValue == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    /// Declares a name; used once per stage, in its folder.
    init(declaring name: String) { rawValue = name }

    public var description: String { rawValue }

    /// Order of execution (steps included), from ``StageCatalog/stepOrder``.
    public static func < (a: Stage, b: Stage) -> Bool {
        let order = StageCatalog.stepOrder
        return (order.firstIndex(of: a) ?? .max) < (order.firstIndex(of: b) ?? .max)
    }

    /// Stages whose outputs are stored and fingerprinted (`page_stages.stage`), in execution order.
    public static var stored: [Stage] { StageCatalog.executionOrder.map { $0.stage } }

    /// Stored stages in the order they are listed to people (`rerun --stage`, docs).
    public static var declared: [Stage] { StageCatalog.declared.map { $0.stage } }

    /// Every stage and step, in execution order.
    public static var allCases: [Stage] { StageCatalog.stepOrder }

    /// The stored stage whose output this stage's work belongs to.
    public var storedStage: Stage { StageCatalog.storedStage(of: self) }

    /// Stored stages that must be redone when this one is redone (itself included): every stage
    /// that reads its output, directly or through another.
    public var withDependents: Set<Stage> { StageCatalog.dependents(of: storedStage) }
}
