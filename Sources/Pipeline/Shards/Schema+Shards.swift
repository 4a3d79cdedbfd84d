import Foundation
import SQLite
#if canImport(Glibc)
import Glibc
#endif

extension Schema {
    /// Scale-out (docs/scale-out.md): every run records the host it ran on, and a shard run its
    /// shard; a shard database knows which plan and shard it holds; the canonical database knows
    /// which shard content it has merged (so merging twice changes nothing), and keeps the shard
    /// runs it merged, with their host and shard, as its own run history.
    static let v18Shards = """
    ALTER TABLE runs ADD COLUMN host TEXT;             -- the machine the run ran on
    ALTER TABLE runs ADD COLUMN shard TEXT;            -- 'i/N' for a shard run (and its copy in the canonical database)
    ALTER TABLE runs ADD COLUMN shard_plan TEXT;       -- a shard run merged into the canonical database: its plan
    ALTER TABLE runs ADD COLUMN shard_run_id INTEGER;  -- … and its id in the shard database
    CREATE UNIQUE INDEX runs_shard_source ON runs(shard_plan, shard, shard_run_id) WHERE shard_plan IS NOT NULL;

    CREATE TABLE shard_identity(                       -- in a shard database: the one shard it holds
      id INTEGER PRIMARY KEY CHECK (id = 1),
      pipeline TEXT NOT NULL,
      config_hash TEXT NOT NULL,
      plan TEXT NOT NULL,                              -- the plan's id (config, snapshot, shard count)
      shard INTEGER NOT NULL,                          -- 0-based
      shard_count INTEGER NOT NULL
    );

    CREATE TABLE merged_shards(                        -- in the canonical database: what `merge` folded in
      plan TEXT NOT NULL,
      shard INTEGER NOT NULL,
      path TEXT NOT NULL,                              -- the shard database
      digest TEXT NOT NULL,                            -- the shard's content when merged
      pages INTEGER NOT NULL,                          -- pages copied by that merge
      settled INTEGER NOT NULL DEFAULT 0,              -- … of them done or failed
      merged_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
      PRIMARY KEY(plan, shard)
    );
    """
}

/// This machine's short host name (as `hostname -s` prints it).
enum ShardHost {
    static let name: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
        let full = String(cString: buffer)
        return full.split(separator: ".").first.map(String.init) ?? full
    }()
}

extension Store {
    /// A shard run: its shard label on the run row.
    func markShardRun(_ runID: Int64, shard: String) throws {
        try db.execute("UPDATE runs SET shard = ? WHERE id = ?", shard, runID)
    }

    /// Stamps a shard database with the plan and shard it holds; refuses one that holds another.
    public func claimShard(plan: ShardPlan, shard: Int) throws {
        let existing = try db.queryOne("SELECT pipeline, config_hash, plan, shard FROM shard_identity") {
            ($0.string(0), $0.string(1), $0.string(2), $0.int(3))
        }
        if let (pipeline, _, planID, index) = existing {
            guard pipeline == plan.pipeline, planID == plan.id, index == shard else {
                throw ShardError("\(path): this shard database holds shard \(index) of plan \(planID) of pipeline '\(pipeline)', "
                                 + "not shard \(shard) of plan \(plan.id) of '\(plan.pipeline)'; merge it, then remove it (or point database_shards elsewhere)")
            }
            return
        }
        if try db.queryOne("SELECT count(*) FROM documents") { $0.int(0) } ?? 0 > 0 {
            throw ShardError("\(path): holds documents but is no shard database; point database_shards elsewhere")
        }
        try db.execute("INSERT INTO shard_identity(id, pipeline, config_hash, plan, shard, shard_count) VALUES (1, ?, ?, ?, ?, ?)",
                       plan.pipeline, plan.configHash, plan.id, shard, plan.shardCount)
    }
}
