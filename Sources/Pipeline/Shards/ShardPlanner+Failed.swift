import Foundation

extension ShardPlanner {
    /// `quire rerun PIPELINE --failed --shards N`: the failed pages (and failed documents) of the
    /// canonical database, planned into shards as `plan` plans new work. Each shard runs them
    /// into a database of its own, and `merge` puts them back in place of the failed ones.
    public static func planFailed(_ spec: PipelineSpec, shards count: Int, maxAttempts: Int, force: Bool) throws -> ShardPlan {
        guard count >= 1 else { throw ShardError("--shards: expects a whole number of at least 1") }
        let store = try Store(path: spec.database, readOnly: true)
        var work: [ShardWork] = []
        var listed: [String] = []
        // Failed pages, in runs of consecutive page numbers per document.
        let pages = try store.db.query("""
            SELECT d.path, d.sha256, d.page_count, p.page_number, p.text_source FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE p.status = 'failed' AND (? OR p.attempts < ?) AND d.superseded_by IS NULL AND d.status != 'missing'
            ORDER BY d.path, p.page_number
            """, [force ? 1 : 0, maxAttempts]) { ($0.string(0), $0.optionalString(1), $0.optionalInt(2), $0.int(3), $0.optionalString(4)) }
        for (path, sha, pageCount, number, source) in pages {
            listed.append("\(path)\u{0}\(number)")
            let cost = source == "text_layer" ? ShardCost.bornDigitalPage : ShardCost.scannedPage
            if var last = work.last, last.path == path, last.firstPage + last.pageCosts.count == number {
                last.pageCosts.append(cost)
                work[work.count - 1] = last
            } else {
                work.append(ShardWork(path: path, sha256: sha, pageCosts: [cost], firstPage: number, documentPages: pageCount))
            }
        }
        // Documents that failed as a whole (could not be opened): opened again by a shard.
        for (path, sha) in try store.db.query("""
            SELECT path, sha256 FROM documents WHERE status = 'failed' AND page_count IS NULL AND superseded_by IS NULL ORDER BY path
            """, [], { ($0.string(0), $0.optionalString(1)) }) {
            listed.append("\(path)\u{0}document")
            work.append(ShardWork(path: path, sha256: sha, pageCosts: []))
        }
        guard !work.isEmpty else { throw ShardError("\(spec.database): no failed pages or documents to rerun") }
        // The plan is named by the failed pages and by the archive's run history: made again before
        // anything was merged, it is the same plan; made after its shards were merged and pages
        // failed again, it is a new plan, whose shards start from new databases (the old ones hold
        // those pages failed, and a shard run does not retry a failed page).
        listed.append("runs through #\(try store.db.queryOne("SELECT COALESCE(max(id), 0) FROM runs") { $0.int(0) } ?? 0)")
        var plan = ShardPlan(pipeline: spec.name, configHash: configHash(of: spec), snapshot: SHA256.hex(of: listed.joined(separator: "\n")),
                             shardCount: count, shardDatabase: shardPattern(for: spec), shards: ShardBalancer.balance(work, count: count))
        plan.failedOnly = true
        return plan
    }
}

/// `status --check` on a database with a shard plan: shards not merged yet are problems.
public enum ShardStatus {
    public static func problems(database: String) -> [String] {
        let path = ShardPlanFile.currentPath(database: database)
        guard FileManager.default.fileExists(atPath: path), let store = try? Store(path: database, readOnly: true) else { return [] }
        // Every shard merged and no page pending (the usual morning): the plan's items (one per
        // document, 100,000 in a million-page archive) need not be read.
        if let header = try? ShardPlanFile.readHeader(path: path),
           (try? store.db.queryOne("SELECT count(*) FROM merged_shards WHERE plan = ?", [header.id]) { $0.int(0) }) == header.shardCount,
           (try? store.db.queryOne("SELECT EXISTS (SELECT 1 FROM pages WHERE status = 'pending')") { $0.int(0) }) == 0 {
            return []
        }
        guard let plan = try? ShardPlanFile.read(path: path) else { return [] }
        let merged = Set((try? store.db.query("SELECT shard FROM merged_shards WHERE plan = ?", [plan.id]) { $0.int(0) }) ?? [])
        let pending = (try? store.db.query("""
            SELECT d.path, p.page_number FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE p.status = 'pending' AND d.superseded_by IS NULL
            """) { ($0.string(0), $0.int(1)) }) ?? []
        var unfinished: [String] = []
        for shard in plan.shards where merged.contains(shard.index) {
            let selection = plan.selection(shard: shard.index)
            let waiting = pending.filter { selection.includes(path: $0.0, page: $0.1) }.count
            if waiting > 0 {
                unfinished.append("shard \(shard.index)/\(plan.shardCount) of plan \(plan.id): \(waiting) page(s) still pending "
                                  + "(the shard stopped before them); run it again (quire run PIPELINE --shard \(shard.index)/\(plan.shardCount)), then quire merge PIPELINE")
            }
        }
        return unfinished + plan.shards.filter { !merged.contains($0.index) }.map { shard in
            let pages = shard.items.reduce(0) { $0 + (($1.lastPage ?? 0) - ($1.firstPage ?? 1) + 1) }
            let path = plan.databasePath(shard: shard.index)
            let state = FileManager.default.fileExists(atPath: path) ? "not merged yet" : "no shard database yet"
            return "shard \(shard.index)/\(plan.shardCount) of plan \(plan.id): \(state) (\(path)); its \(pages) page(s) wait: "
                + "run it (quire run PIPELINE --shard \(shard.index)/\(plan.shardCount)), then quire merge PIPELINE"
        }
    }
}
