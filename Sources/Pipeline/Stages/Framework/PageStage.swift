import Foundation
import SQLite
import YAML

/// One stage of a page's processing, declared in its own folder under `Sources/Pipeline/Stages`.
///
/// A stage says everything the pipeline needs to know about it: its name and pipeline-file
/// section, what its fingerprint covers, what it reads, how it runs on one page (in a worker
/// process), and how its output is stored, cleared and read back (by the coordinator, the only
/// writer). `PageWork`, the dispatcher, the store, fingerprints, the pipeline-file reader and
/// `rerun --stage` loop over ``StageCatalog`` and never name a stage.
protocol PageStage: AnyObject {
    /// The stage's settings: its pipeline-file section, sent to workers, part of its fingerprint.
    associatedtype Settings: Codable & Sendable & Equatable
    /// What it produces for one page: sent from the worker, stored by the coordinator.
    associatedtype Output: Codable & Sendable
    /// What it reads from the rest of the page's document (e.g. how the document's other pages
    /// write their dates), loaded by the coordinator with each page task. Most stages need none.
    associatedtype DocumentContext: Codable & Sendable = NoDocumentContext

    static var stage: Stage { get }

    // MARK: Settings
    /// Its section in a pipeline file (`ocr:`, `data_detection:`) and the keys it may hold.
    static var section: String { get }
    static var keys: [String] { get }
    static var defaultSettings: Settings { get }
    /// Reads the section's values (null values already removed) over `settings`, reporting every
    /// problem to `reader`.
    static func read(_ values: [String: YAMLNode], into settings: inout Settings, with reader: SpecReader)
    /// A disabled stage has no fingerprint, is never planned and never runs.
    static func isEnabled(_ settings: Settings) -> Bool

    // MARK: Fingerprint
    /// Bump when the stage's algorithm changes what it produces for the same settings.
    static var revision: Int { get }
    /// What the fingerprint covers besides the name and revision: settings, engine and model
    /// versions. `languages`: an input's own OCR languages, when it has them.
    static func fingerprintInputs(_ spec: PipelineSpec, languages: [String]?) -> String

    // MARK: Dependencies
    /// Stored stages whose outputs it reads. It runs after them and is redone whenever one of
    /// them is; when they are not redone, their stored outputs are loaded for it (``load``).
    static var inputs: [Stage] { get }
    /// It works on the page image: extraction runs for it (stored or not).
    static var needsImage: Bool { get }
    /// It makes the page image (`PageContext.image`) the stages needing one work on: it runs
    /// whenever one of them is due, and when it fails nothing else runs.
    static var producesImage: Bool { get }

    // MARK: Running (worker process)
    /// One instance per worker process, kept across pages: it may hold engines.
    init()
    /// Runs on one page. Returns nil when a step failed; the failure is already reported
    /// (``PageContext/step(_:_:)``).
    func run(_ page: PageContext, settings: Settings) throws -> Output?

    // MARK: Storage (coordinator, inside the page's write transaction)
    /// The tables (and columns of `pages`) the stage stores its output in: how they are
    /// cleared and merged follows from this (StageTable.swift). Every table its migrations
    /// create is declared here (`StageTablesTests`).
    static var tables: [StageTable] { get }
    /// Replaces the page's stored output with `output` and marks the stage's row, through
    /// `commit.transaction`.
    static func store(_ output: Output, _ commit: StageCommit) throws
    /// Deletes the page's stored output. Default: from ``tables``.
    static func clear(pageID: Int64, in transaction: WriteTransaction) throws
    /// Reads the page's stored output back (nil when there is none).
    static func load(pageID: Int64, from store: Store) throws -> Output?
    /// Whether storing `output` changes the page's text (`page_text`, full-text index).
    static func changesPageText(_ output: Output) -> Bool
    /// The migrations that create the stage's own tables (ids unique across quire; never edited
    /// once shipped). The first stages' tables were created by `Schema`'s early migrations,
    /// before stages had their own; they are declared in the stages' ``tables`` all the same.
    static var migrations: [Migrator.Migration] { get }
    /// What the rest of the document tells this stage about `page` (nil: nothing).
    static func documentContext(for page: PlannedPage, from store: Store) throws -> DocumentContext?
    /// Whether the document pass (once all the document's pages are settled) must redo this
    /// stage on a page: what the rest of the document tells it changed since it ran there
    /// (pages of one document are processed in parallel, so a page may run before the others).
    static func redoInDocumentPass(pageID: Int64, from store: Store) throws -> Bool
    /// Whether storing its output owes the page's document the document pass, which runs once
    /// all the document's pages are settled (layout: running headers and footers; a stage that
    /// reads the document: pages stored before the rest of it). The store marks it, durable with
    /// the page. Default: `readsDocument`.
    static var owesDocumentPass: Bool { get }
}

/// A value handed to a stage through the catalog's type erasure was not of the stage's type: a
/// bug in quire (a stage registered under another's name, an output sent for the wrong stage),
/// never to be passed over silently.
struct StageTypeError: Error, CustomStringConvertible {
    var stage: Stage
    var expected: String
    var got: String
    init(stage: Stage, expected: String, got value: Any) {
        self.stage = stage; self.expected = expected; self.got = "\(type(of: value))"
    }
    var description: String { "internal error: stage \(stage.rawValue) expected \(expected), got \(got)" }
}

/// The document context of a stage that needs none.
public struct NoDocumentContext: Codable, Sendable {}

extension PageStage where DocumentContext == NoDocumentContext {
    static func documentContext(for page: PlannedPage, from store: Store) throws -> NoDocumentContext? { nil }
    static func redoInDocumentPass(pageID: Int64, from store: Store) throws -> Bool { false }
}

extension PageStage {
    static var migrations: [Migrator.Migration] { [] }
    static var needsImage: Bool { false }
    static var producesImage: Bool { false }
    static func changesPageText(_ output: Output) -> Bool { false }
    static var owesDocumentPass: Bool { readsDocument }
}

/// What a stage's `store` gets: the page, its fingerprints and the run, and the write
/// transaction the page is stored in.
struct StageCommit {
    let transaction: WriteTransaction
    let page: PlannedPage
    let fingerprints: [Stage: String]
    let runID: Int64
    let durationMS: Int?
    var pageID: Int64 { page.pageID }
    /// The store, for its readers and write helpers (inside `transaction`).
    var store: Store { transaction.store }

    /// Marks `stage`'s row on this page (its fingerprint, this run, the duration when it is the
    /// stage being stored).
    func mark(_ stage: Stage, _ status: StageStatus) throws {
        try store.setStage(pageID, stage, status, fingerprints, runID, ms: status == .done ? durationMS : nil)
    }

}

// MARK: - Type-erased helpers (the catalog's existentials opened for generic code)

extension PageStage {
    static func erasedDefault() -> any Sendable { defaultSettings }

    static func settingsEqual(_ a: (any Sendable)?, _ b: (any Sendable)?) -> Bool {
        (a as? Settings ?? defaultSettings) == (b as? Settings ?? defaultSettings)
    }

    static func isEnabled(in set: StageSettingsSet) -> Bool { isEnabled(set[Self.self]) }

    static func encodeSettings<K: CodingKey>(_ value: (any Sendable)?, _ c: inout KeyedEncodingContainer<K>, _ key: K) throws {
        try c.encode(value as? Settings ?? defaultSettings, forKey: key)
    }

    static func decodeSettings<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> any Sendable {
        try c.decodeIfPresent(Settings.self, forKey: key) ?? defaultSettings
    }

    static func encodeOutput<K: CodingKey>(_ value: any Sendable, _ c: inout KeyedEncodingContainer<K>, _ key: K) throws {
        guard let output = value as? Output else {
            throw EncodingError.invalidValue(value, .init(codingPath: c.codingPath, debugDescription: "not a \(stage) output"))
        }
        try c.encode(output, forKey: key)
    }

    static func decodeOutput<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> any Sendable {
        try c.decode(Output.self, forKey: key)
    }

    static func encodeContext<K: CodingKey>(_ value: any Sendable, _ c: inout KeyedEncodingContainer<K>, _ key: K) throws {
        guard let context = value as? DocumentContext else {
            throw EncodingError.invalidValue(value, .init(codingPath: c.codingPath, debugDescription: "not a \(stage) context"))
        }
        try c.encode(context, forKey: key)
    }

    static func decodeContext<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> any Sendable {
        try c.decode(DocumentContext.self, forKey: key)
    }

    /// Whether it reads the rest of the document (a `DocumentContext` of its own).
    static var readsDocument: Bool { DocumentContext.self != NoDocumentContext.self }

    static func documentContextErased(for page: PlannedPage, from store: Store) throws -> (any Sendable)? {
        try documentContext(for: page, from: store)
    }

    static func storeErased(_ value: any Sendable, _ commit: StageCommit) throws {
        guard let output = value as? Output else { throw StageTypeError(stage: stage, expected: "\(Output.self)", got: value) }
        try store(output, commit)
    }

    static func changesPageTextErased(_ value: any Sendable) -> Bool {
        (value as? Output).map(changesPageText) ?? false
    }

    static func loadErased(pageID: Int64, from store: Store) throws -> (any Sendable)? {
        try load(pageID: pageID, from: store)
    }

    static func readErased(_ values: [String: YAMLNode], into set: inout StageSettingsSet, with reader: SpecReader) {
        var settings = set[Self.self]
        read(values, into: &settings, with: reader)
        set[Self.self] = settings
    }

    static func fingerprintText(_ spec: PipelineSpec, languages: [String]?) -> String? {
        guard isEnabled(spec.stages[Self.self]) else { return nil }
        return "\(stage.rawValue) r\(revision) \(fingerprintInputs(spec, languages: languages))"
    }

    /// Runs this stage's instance on a page, typed.
    static func runErased(_ instance: any PageStage, _ page: PageContext) throws -> (any Sendable)? {
        guard let me = instance as? Self else { throw StageTypeError(stage: stage, expected: "\(Self.self)", got: instance) }
        return try me.run(page, settings: page.settings.stages[Self.self])
    }

    /// JSON of a settings value with sorted keys: what fingerprints cover.
    static func canonicalJSON<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}
