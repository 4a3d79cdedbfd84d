import Foundation
import SQLite

/// The copy of one attached shard database (`s`) into the canonical database (`main`), inside
/// the merge's transaction. Tables are found in the schema and copied by their ``MergeRule``:
/// ids are remapped (runs and documents through maps, page-owned rows by an offset past the
/// canonical database's largest id), foreign keys followed as SQLite declares them.
struct ShardCopy {
    let db: Database
    let plan: ShardPlan
    let shard: Int

    func run() throws {
        try db.execute(script: """
            DROP TABLE IF EXISTS temp.merge_run_map; DROP TABLE IF EXISTS temp.merge_doc_map;
            DROP TABLE IF EXISTS temp.merge_pages; DROP TABLE IF EXISTS temp.merge_ranges;
            CREATE TEMP TABLE merge_run_map(old INTEGER PRIMARY KEY, new INTEGER NOT NULL);
            CREATE TEMP TABLE merge_doc_map(old INTEGER PRIMARY KEY, new INTEGER NOT NULL);
            CREATE TEMP TABLE merge_pages(old INTEGER PRIMARY KEY, replaced INTEGER, prior_attempts INTEGER NOT NULL DEFAULT 0);
            CREATE TEMP TABLE merge_ranges(path TEXT NOT NULL, first INTEGER, last INTEGER, whole INTEGER NOT NULL);
            CREATE INDEX temp.merge_ranges_path ON merge_ranges(path);
            """)
        let ranges = try db.cachedStatement("INSERT INTO temp.merge_ranges(path, first, last, whole) VALUES (?, ?, ?, ?)")
        for item in plan.shards[shard].items { try ranges.execute([item.path, item.firstPage, item.lastPage, item.isWhole ? 1 : 0]) }

        let tables = try MergeRule.tables(in: db)
        var shapes: [String: TableShape] = [:]
        for table in tables { shapes[table] = try TableShape(table, in: db) }
        let shardColumns = Dictionary(uniqueKeysWithValues: try MergeRule.tables(in: db, schema: "s").map {
            ($0, Set(try TableShape($0, in: db, schema: "s").columns))
        })
        let owned = tables.filter { MergeRule.rules[$0] == .pageOwned }
        var offsets: [String: Int64] = [:]
        for table in owned where shapes[table]!.hasOwnID {
            offsets[table] = try db.queryOne("SELECT COALESCE(max(id), 0) FROM main.\"\(table)\"") { $0.int64(0) } ?? 0
        }
        let expressions = Expressions(shapes: shapes, offsets: offsets, shardColumns: shardColumns)

        try copyRuns(expressions)
        try copyDocuments(expressions)
        try db.execute("""
            INSERT INTO temp.merge_pages(old, replaced, prior_attempts)
            SELECT p.id, mp.id,
                   CASE WHEN mp.run_id IN (SELECT new FROM temp.merge_run_map) THEN 0 ELSE COALESCE(mp.attempts, 0) END
            FROM s.pages p JOIN s.documents d ON d.id = p.document_id
              JOIN temp.merge_doc_map m ON m.old = d.id
              LEFT JOIN main.pages mp ON mp.document_id = m.new AND mp.page_number = p.page_number
            WHERE EXISTS (SELECT 1 FROM temp.merge_ranges r WHERE r.path = d.path
                          AND (r.first IS NULL OR p.page_number BETWEEN r.first AND r.last))
              AND (p.status != 'pending' OR mp.id IS NULL OR mp.status = 'pending')
            """)
        // Pages replaced: their rows go first (children before parents), then the pages.
        let order = try insertOrder(owned, shapes: shapes)
        let replaced = "SELECT replaced FROM temp.merge_pages WHERE replaced IS NOT NULL"
        for table in order.reversed() {
            try db.execute("DELETE FROM main.\"\(table)\" AS t WHERE \(expressions.filter(table, alias: "t", schema: "main", pages: replaced))")
        }
        for fts in ["page_fts", "page_fts_exact"] {
            try db.execute("DELETE FROM main.\(fts) WHERE rowid IN (\(replaced))")
        }
        let copied = "SELECT old FROM temp.merge_pages"
        for table in order {
            let columns = expressions.columns(of: table)
            try db.execute("""
                INSERT INTO main.\"\(table)\"(\(columns.map { "\"\($0)\"" }.joined(separator: ", ")))
                SELECT \(columns.map { expressions.value($0, of: table) }.joined(separator: ", "))
                FROM s.\"\(table)\" AS src WHERE \(expressions.filter(table, alias: "src", schema: "s", pages: copied))
                """)
        }
        for fts in ["page_fts", "page_fts_exact"] {
            try db.execute("""
                INSERT INTO main.\(fts)(rowid, text) SELECT rowid + \(offsets["pages"] ?? 0), text FROM s.\(fts)
                WHERE rowid IN (\(copied))
                """)
        }
        try copyDocumentOwned(expressions, tables: tables.filter { MergeRule.rules[$0] == .documentOwned })
        try addPendingPages()
    }

    /// Shard runs: inserted once, updated on later merges (a run still going then has ended since).
    private func copyRuns(_ e: Expressions) throws {
        let columns = e.columns(of: "runs").filter { !["shard_plan", "shard_run_id"].contains($0) }
        let label = "\(shard)/\(plan.shardCount)"
        let values = columns.map { $0 == "shard" ? "'\(label)'" : e.value($0, of: "runs") }
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        for id in try db.query("SELECT id FROM s.runs ORDER BY id", [], { $0.int64(0) }) {
            if let existing = try db.queryOne("SELECT id FROM main.runs WHERE shard_plan = ? AND shard = ? AND shard_run_id = ?",
                                              [plan.id, label, id], { $0.int64(0) }) {
                try db.execute("UPDATE main.runs SET (\(list)) = (SELECT \(values.joined(separator: ", ")) FROM s.runs AS src WHERE src.id = ?) WHERE id = ?", id, existing)
                try db.execute("INSERT INTO temp.merge_run_map(old, new) VALUES (?, ?)", id, existing)
            } else {
                try db.execute("INSERT INTO main.runs(\(list), shard_plan, shard_run_id) SELECT \(values.joined(separator: ", ")), ?, src.id FROM s.runs AS src WHERE src.id = ?",
                               plan.id, id)
                try db.execute("INSERT INTO temp.merge_run_map(old, new) VALUES (?, ?)", id, db.lastInsertRowID)
            }
        }
    }

    /// Documents of the shard's plan items: matched by path and content, inserted when new. A
    /// document the canonical database has not opened yet takes the shard's fields.
    private func copyDocuments(_ e: Expressions) throws {
        let columns = e.columns(of: "documents").filter { $0 != "layout_pass" }
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let values = columns.map { e.value($0, of: "documents") }.joined(separator: ", ")
        let rows = try db.query("""
            SELECT d.id, d.path, d.sha256, d.layout_pass, (SELECT max(whole) FROM temp.merge_ranges r WHERE r.path = d.path)
            FROM s.documents d WHERE d.path IN (SELECT path FROM temp.merge_ranges) ORDER BY d.id
            """) { ($0.int64(0), $0.string(1), $0.optionalString(2), $0.optionalString(3), $0.int(4) == 1) }
        for (id, path, sha, shardPass, whole) in rows {
            let canonical: Int64
            if let existing = try db.queryOne("SELECT id, page_count IS NULL FROM main.documents WHERE path = ? AND sha256 IS ?",
                                              [path, sha], { ($0.int64(0), $0.int(1) == 1) }) {
                canonical = existing.0
                if existing.1 {
                    try db.execute("UPDATE main.documents SET (\(list)) = (SELECT \(values) FROM s.documents AS src WHERE src.id = ?) WHERE id = ?", id, canonical)
                }
            } else {
                try db.execute("INSERT INTO main.documents(\(list)) SELECT \(values) FROM s.documents AS src WHERE src.id = ?", id)
                canonical = db.lastInsertRowID
            }
            try db.execute("INSERT INTO temp.merge_doc_map(old, new) VALUES (?, ?)", id, canonical)
            // A document all in this shard keeps the pass the shard ran; one cut across shards owes
            // the pass over all its pages, run once every page is in.
            let pass: String? = shardPass == nil ? nil : (whole && shardPass == "done" ? "done" : "pending")
            if let pass {
                try db.execute("UPDATE main.documents SET layout_pass = ? WHERE id = ? AND (layout_pass IS NULL OR ? = 'pending' OR layout_pass = 'done')",
                               pass, canonical, pass)
            }
        }
    }

    /// Rows of a document recorded by a shard run (its moves): those of this shard's runs merged
    /// before are replaced.
    private func copyDocumentOwned(_ e: Expressions, tables: [String]) throws {
        for table in tables {
            let columns = e.columns(of: table)
            try db.execute("DELETE FROM main.\"\(table)\" WHERE run_id IN (SELECT new FROM temp.merge_run_map)")
            try db.execute("""
                INSERT INTO main.\"\(table)\"(\(columns.map { "\"\($0)\"" }.joined(separator: ", ")))
                SELECT \(columns.map { e.value($0, of: table) }.joined(separator: ", ")) FROM s.\"\(table)\" AS src
                WHERE src.document_id IN (SELECT old FROM temp.merge_doc_map)
                """)
        }
    }

    /// Every page of a document the shard opened exists in the canonical database: pages other
    /// shards have not delivered yet are pending (and `status` names them).
    private func addPendingPages() throws {
        try db.execute("""
            WITH RECURSIVE n(document_id, k, last) AS (
              SELECT d.id, 1, d.page_count FROM main.documents d
              WHERE d.id IN (SELECT new FROM temp.merge_doc_map) AND d.page_count > 0 AND d.status IN ('pending', 'done', 'failed')
              UNION ALL SELECT document_id, k + 1, last FROM n WHERE k < last)
            INSERT INTO main.pages(document_id, page_number)
            SELECT document_id, k FROM n
            WHERE NOT EXISTS (SELECT 1 FROM main.pages p WHERE p.document_id = n.document_id AND p.page_number = n.k)
            """)
    }

    /// Page-owned tables, each after the tables it references.
    private func insertOrder(_ owned: [String], shapes: [String: TableShape]) throws -> [String] {
        var order: [String] = [], left = owned
        while !left.isEmpty {
            let ready = left.filter { t in shapes[t]!.references.values.allSatisfy { $0 == t || !left.contains($0) } }
            guard !ready.isEmpty else { throw ShardError("merge: the page tables \(left) reference each other in a cycle") }
            order += ready
            left.removeAll { ready.contains($0) }
        }
        return order
    }
}

/// SQL for one column's value when copied, and for the rows of a table that belong to a set of pages.
private struct Expressions {
    let shapes: [String: TableShape]
    let offsets: [String: Int64]
    let shardColumns: [String: Set<String>]

    /// The canonical table's columns that the shard also has (a column added by a later
    /// migration takes its default).
    func columns(of table: String) -> [String] {
        let theirs = shardColumns[table] ?? []
        return shapes[table]!.columns.filter { theirs.contains($0) && !($0 == "id" && offsets[table] == nil) }
    }

    func value(_ column: String, of table: String) -> String {
        let shape = shapes[table]!
        let source = "src.\"\(column)\""
        if column == "id", shape.hasOwnID, let offset = offsets[table] { return "\(source) + \(offset)" }
        // A page that replaces one made elsewhere (last night's shard, a single run) keeps counting
        // its failed attempts: a page failing in every `rerun --failed --shards` run stops at
        // run.max_attempts, as on one machine. A page this shard delivered before is not counted twice.
        if table == "pages", column == "attempts" {
            return "\(source) + COALESCE((SELECT prior_attempts FROM temp.merge_pages WHERE old = src.id), 0)"
        }
        guard let target = shape.references[column] else { return source }
        switch target {
        case "documents": return "(SELECT new FROM temp.merge_doc_map WHERE old = \(source))"
        case "runs": return "(SELECT new FROM temp.merge_run_map WHERE old = \(source))"
        default: return offsets[target].map { "\(source) + \($0)" } ?? source
        }
    }

    /// The rows of `table` (as `alias` in `schema`) that belong to the pages `pages` selects.
    func filter(_ table: String, alias: String, schema: String, pages: String) -> String {
        if table == "pages" { return "\(alias).id IN (\(pages))" }
        let shape = shapes[table]!
        if let column = shape.references.first(where: { $0.value == "pages" })?.key {
            return "\(alias).\"\(column)\" IN (\(pages))"
        }
        let (column, parent) = shape.references.filter { $0.value != table && MergeRule.rules[$0.value] == .pageOwned }
            .sorted { $0.key < $1.key }.first!
        let inner = "x\(alias)"
        return "\(alias).\"\(column)\" IN (SELECT \(inner).id FROM \(schema).\"\(parent)\" AS \(inner) WHERE \(filter(parent, alias: inner, schema: schema, pages: pages)))"
    }
}
