import SQLite

/// How `quire merge` copies each table of a shard database into the canonical database.
///
/// Every table of the schema must have a rule: a stage's tables have the rule of their
/// ``StageTable`` (declared in the stage), quire's own are listed here. Until a table has one,
/// `merge` refuses to run and a test fails (`ShardMergeRuleTests`, `StageTablesTests`), so no
/// table is silently left behind.
enum MergeRule: Equatable {
    /// Shard runs become runs of the canonical database (with their shard and host).
    case runs
    /// Matched by path and content; inserted when new.
    case documents
    /// `pages` and every table whose rows belong to a page (directly, or through a table that
    /// does): copied for the pages the shard settled, ids remapped, foreign keys followed.
    case pageOwned
    /// The full-text index (rowid = `pages.id`).
    case pageFTS
    /// Rows of a document (its moves).
    case documentOwned
    /// Not copied: made again from the merged rows once every shard is in (and why).
    case rebuiltAfterMerge(String)
    /// Not copied, and why.
    case notCopied(String)

    /// Every table's rule: the tables quire itself keeps (``coreRules``), and each stage's own,
    /// from its ``PageStage/tables``.
    static let rules: [String: MergeRule] = {
        var rules = coreRules
        for type in StageCatalog.declared {
            for table in type.tables {
                guard let rule = table.mergeRule else { continue }
                precondition(rules[table.name] == nil, "table \(table.name) declared twice (\(type.stage))")
                rules[table.name] = rule
            }
        }
        return rules
    }()

    /// The tables that belong to no stage: runs, documents, pages and their bookkeeping.
    static let coreRules: [String: MergeRule] = [
        "runs": .runs,
        "documents": .documents,
        "pages": .pageOwned, "page_stages": .pageOwned,
        "page_fts": .pageFTS, "page_fts_exact": .pageFTS,
        "document_moves": .documentOwned,
        "exports": .notCopied("shards export nothing; exports are made from the canonical database"),
        "schema_migrations": .notCopied("each database has its own (the merge checks they agree)"),
        "shard_identity": .notCopied("the shard's own identity"),
        "merged_shards": .notCopied("the canonical database's own record"),
    ]

    /// Tables of `schema` in `db` that no rule covers (FTS5's shadow tables belong to `page_fts`).
    static func uncovered(in db: Database, schema: String = "main") throws -> [String] {
        try tables(in: db, schema: schema).filter { rules[$0] == nil }
    }

    static func tables(in db: Database, schema: String = "main") throws -> [String] {
        try db.query("""
            SELECT name FROM \(schema).sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
              AND name NOT IN ('page_fts_data', 'page_fts_idx', 'page_fts_content', 'page_fts_docsize', 'page_fts_config')
              AND name NOT IN ('page_fts_exact_data', 'page_fts_exact_idx', 'page_fts_exact_content',
                               'page_fts_exact_docsize', 'page_fts_exact_config')
            ORDER BY name
            """) { $0.string(0) }
    }
}

/// A table's columns and foreign keys, as SQLite reports them.
struct TableShape {
    var name: String
    var columns: [String]
    /// Column → the table it references.
    var references: [String: String]
    /// `id INTEGER PRIMARY KEY` (a rowid alias that other rows may point at).
    var hasOwnID: Bool

    init(_ name: String, in db: Database, schema: String = "main") throws {
        self.name = name
        var columns: [String] = [], ownID = false
        _ = try db.query("PRAGMA \(schema).table_info(\"\(name)\")") { row -> Void in
            columns.append(row.string(1))
            if row.string(1) == "id", row.int(5) == 1, row.string(2).uppercased() == "INTEGER" { ownID = true }
        }
        var references: [String: String] = [:]
        _ = try db.query("PRAGMA \(schema).foreign_key_list(\"\(name)\")") { row -> Void in references[row.string(3)] = row.string(2) }
        self.columns = columns; self.references = references; self.hasOwnID = ownID
    }

    /// Columns whose name says they point at a row (`…_id`) but that declare no foreign key:
    /// the merge could not remap them.
    var undeclaredReferences: [String] {
        columns.filter { $0.hasSuffix("_id") && references[$0] == nil }
    }
}
