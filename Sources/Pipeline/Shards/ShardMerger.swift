import Foundation
import SQLite

/// What one `quire merge` did.
public struct MergeReport: Sendable {
    public struct Merged: Sendable { public var shard: Int; public var pages: Int; public var settled: Int }
    public var merged: [Merged] = []
    /// Shards whose content was merged before, unchanged since.
    public var unchanged: [Int] = []
    /// Shards with no database yet (not run, or failed before writing).
    public var missing: [(shard: Int, path: String)] = []
    /// Shards refused, with why (naming the file); the others are merged all the same.
    public var refused: [(shard: Int, message: String)] = []
    /// The document passes run after the merge (nil when none was owed).
    public var passes: RunSummary?
    /// Pages of the plan still pending in the canonical database.
    public var pendingPages = 0
    /// Failed pages and documents (as good as failed in a single run: the merge exits 1).
    public var failed = 0
}

/// `quire merge PIPELINE`: the only writer of the canonical database. Folds each shard database
/// of the current plan in, one shard per transaction (all of it or nothing), then runs the
/// document passes that need all of a document's pages.
public final class ShardMerger {
    let spec: PipelineSpec
    let plan: ShardPlan
    let pipelinePath: String

    public init(spec: PipelineSpec, plan: ShardPlan, pipelinePath: String) {
        self.spec = spec; self.plan = plan; self.pipelinePath = pipelinePath
    }

    /// Merges every shard that is there and valid; runs the owed document passes with `request`.
    /// The page cache of the merge's connection to the canonical database.
    static let cacheMiB = 256

    public func merge(passes request: RunRequest? = nil, note: (String) -> Void = { _ in }) throws -> MergeReport {
        var report = MergeReport()
        do {
            let lock = try RunLock(databasePath: spec.database)
            defer { withExtendedLifetime(lock) {} }
            let store = try Store(path: spec.database)
            // Each shard's words go into indexes spread over the whole archive (words by text):
            // with SQLite's 2 MiB default nearly every insert misses the cache once the archive is
            // large (bench/RESULTS.md, merge).
            try store.setCacheSize(mebibytes: Self.cacheMiB)
            let uncovered = try MergeRule.uncovered(in: store.db)
            guard uncovered.isEmpty else {
                throw ShardError("\(spec.database): table(s) \(uncovered.joined(separator: ", ")) have no merge rule (MergeRules.swift); nothing merged")
            }
            let migrations = Set(try store.db.query("SELECT id FROM schema_migrations") { $0.int(0) })
            for shard in 0..<plan.shardCount {
                let path = plan.databasePath(shard: shard)
                guard FileManager.default.fileExists(atPath: path) else {
                    report.missing.append((shard, path))
                    note("shard \(shard)/\(plan.shardCount): no database yet (\(path)); its pages stay pending")
                    continue
                }
                do {
                    try validate(path, shard: shard, migrations: migrations)
                    if let merged = try copy(path, shard: shard, into: store) {
                        report.merged.append(merged)
                        note("shard \(shard)/\(plan.shardCount): merged \(merged.pages) page(s), \(merged.settled) done or failed")
                    } else {
                        report.unchanged.append(shard)
                    }
                } catch {
                    let message = "\(error)".hasPrefix(path) ? "\(error)" : "\(path): \(error)"
                    report.refused.append((shard, message))
                    note("shard \(shard)/\(plan.shardCount): not merged: \(message)")
                }
            }
        }
        // Logical documents (`split:`, rule `.rebuiltAfterMerge`): split again over all the merged
        // pages of each file, which may have come from several shards. SQL and a pure splitter, no engine.
        if spec.split.enabled {
            let store = try Store(path: spec.database)
            let documents = try store.db.query("""
                SELECT id FROM documents WHERE superseded_by IS NULL AND page_count > 0 ORDER BY id
                """) { $0.int64(0) }
            for id in documents { try store.splitDocument(documentID: id, settings: spec.split) }
        }
        // The passes are a run of their own on the canonical database (the lock is taken again).
        let owing = try Store(path: spec.database).documentsOwingPass()
        if !owing.isEmpty, var request {
            request.passesOnly = true
            request.command = .rerun(failedOnly: false, stage: nil, documents: [], force: false)
            report.passes = try Runner(spec: spec, pipelinePath: pipelinePath, request: request).run()
        }
        let after = try Store(path: spec.database, readOnly: true)
        report.pendingPages = try after.db.queryOne("SELECT count(*) FROM pages WHERE status = 'pending'") { $0.int(0) } ?? 0
        report.failed = try after.db.queryOne("""
            SELECT (SELECT count(*) FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.status = 'failed' AND d.superseded_by IS NULL)
                 + (SELECT count(*) FROM documents WHERE status = 'failed' AND page_count IS NULL AND superseded_by IS NULL)
            """) { $0.int(0) } ?? 0
        return report
    }

    /// A shard database that is no SQLite file, is damaged, comes from another pipeline, plan or
    /// shard, or from another schema is refused before anything is copied.
    func validate(_ path: String, shard: Int, migrations: Set<Int>) throws {
        var options = Database.OpenOptions()
        options.readOnly = true
        let db: Database
        do { db = try Database(path: path, options: options) } catch {
            throw ShardError("\(path): cannot open the shard database: \(error)")
        }
        do {
            let appID = try db.queryOne("PRAGMA application_id") { $0.int(0) } ?? 0
            guard appID == Int(Store.applicationID) else { throw ShardError("\(path): not a quire database") }
            let check = try db.query("PRAGMA quick_check") { $0.string(0) }
            guard check == ["ok"] else {
                throw ShardError("\(path): the shard database is damaged (\(check.prefix(3).joined(separator: "; "))); run the shard again after removing it")
            }
            let theirs = Set(try db.query("SELECT id FROM schema_migrations") { $0.int(0) })
            guard theirs == migrations else {
                throw ShardError("\(path): written by another version of quire (schema \(theirs.max() ?? 0), this one \(migrations.max() ?? 0)); run the shard again with this quire")
            }
            guard let identity = try db.queryOne("SELECT pipeline, config_hash, plan, shard FROM shard_identity", [], {
                ($0.string(0), $0.string(1), $0.string(2), $0.int(3))
            }) else { throw ShardError("\(path): not a shard database (no shard identity)") }
            guard identity.0 == plan.pipeline, identity.1 == plan.configHash else {
                throw ShardError("\(path): a shard of pipeline '\(identity.0)' (config \(identity.1.prefix(8))), not of '\(plan.pipeline)' (config \(plan.configHash.prefix(8)))")
            }
            guard identity.2 == plan.id, identity.3 == shard else {
                throw ShardError("\(path): holds shard \(identity.3) of plan \(identity.2), not shard \(shard) of the current plan \(plan.id)")
            }
        } catch let error as ShardError { throw error } catch {
            throw ShardError("\(path): unreadable shard database: \(error)")
        }
    }

    /// Copies one shard in one transaction; nil when its content is what was merged last time.
    func copy(_ path: String, shard: Int, into store: Store) throws -> MergeReport.Merged? {
        let db = store.db
        try db.execute("ATTACH DATABASE ? AS s", path)
        defer { try? db.execute("DETACH DATABASE s") }
        return try store.write { _ -> MergeReport.Merged? in
            let digest = try contentDigest(db)
            if try db.queryOne("SELECT digest FROM merged_shards WHERE plan = ? AND shard = ?", [plan.id, shard], { $0.string(0) }) == digest {
                return nil
            }
            try ShardCopy(db: db, plan: plan, shard: shard).run()
            let counts = try db.queryOne("""
                SELECT count(*), COALESCE(sum(p.status != 'pending'), 0) FROM s.pages p JOIN temp.merge_pages m ON m.old = p.id
                """) { ($0.int(0), $0.int(1)) } ?? (0, 0)
            for document in try db.query("SELECT new FROM temp.merge_doc_map", [], { $0.int64(0) }) {
                try store.refreshDocumentStatus(documentID: document)
            }
            try db.execute("""
                INSERT OR REPLACE INTO merged_shards(plan, shard, path, digest, pages, settled) VALUES (?, ?, ?, ?, ?, ?)
                """, plan.id, shard, path, digest, counts.0, counts.1)
            return MergeReport.Merged(shard: shard, pages: counts.0, settled: counts.1)
        }
    }

    /// What the shard holds now, in a few numbers: its runs, its pages' progress, its documents' passes.
    func contentDigest(_ db: Database) throws -> String {
        let parts = try db.queryOne("""
            SELECT (SELECT group_concat(id || ':' || status || ':' || pages_done || ':' || pages_failed || ':' || COALESCE(ended_at, ''), ',') FROM s.runs),
                   (SELECT count(*) || ':' || total(attempts) || ':' || COALESCE(max(updated_at), '') || ':' || total(status = 'done') FROM s.pages),
                   (SELECT group_concat(id || ':' || status || ':' || COALESCE(layout_pass, '') || ':' || COALESCE(page_count, ''), ',') FROM s.documents)
            """) { [$0.optionalString(0) ?? "", $0.optionalString(1) ?? "", $0.optionalString(2) ?? ""] } ?? []
        return SHA256.hex(of: parts.joined(separator: "\n"))
    }
}

extension ShardMerger {
    /// A shard database left by an earlier plan whose content the canonical database has merged
    /// as it is now (last night's shard): removed, so that tonight's shard starts afresh. One that
    /// was not merged is kept (and the run refuses it, naming it).
    public static func removeIfMerged(shardPath: String, canonical: String, currentPlan: String) throws -> Bool {
        guard FileManager.default.fileExists(atPath: shardPath), FileManager.default.fileExists(atPath: canonical) else { return false }
        let store = try Store(path: canonical, readOnly: true)
        let db = store.db
        try db.execute("ATTACH DATABASE ? AS s", shardPath)
        defer { try? db.execute("DETACH DATABASE s") }
        guard let identity = try? db.queryOne("SELECT plan, shard FROM s.shard_identity", [], { ($0.string(0), $0.int(1)) }),
              identity.0 != currentPlan else { return false }
        let merged = try db.queryOne("SELECT digest FROM merged_shards WHERE plan = ? AND shard = ?", [identity.0, identity.1]) { $0.string(0) }
        let probe = ShardMerger(spec: PipelineSpec(name: "", database: canonical, inputs: []),
                                plan: ShardPlan(pipeline: "", configHash: "", snapshot: "", shardCount: 0, shardDatabase: "", shards: []),
                                pipelinePath: "")
        guard let merged, try probe.contentDigest(db) == merged else { return false }
        try? db.execute("DETACH DATABASE s")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: shardPath + suffix) }
        return true
    }
}
