/// What a stage stores, declared once in its type (``PageStage/tables``): from it the stage's
/// rows are cleared before a page is stored again (``PageStage/clear(pageID:in:)``) and copied
/// by `quire merge` (``MergeRule``); a test fails when a table the stage's migrations create is
/// not declared (`StageTablesTests`).
enum StageTable: Equatable {
    /// A table of the page's rows (`page_id` references `pages`): deleted by page before the
    /// stage's output is stored again, copied with the page by a merge (ids remapped).
    case pageRows(String)
    /// A table whose rows belong to rows of another of the stage's tables through the column
    /// `by` (`block_id` references `blocks`, `ON DELETE CASCADE`): cleared before them (the
    /// cascade is not relied on: page commits run without foreign-key checks,
    /// ``ForeignKeyChecks/trusted``), copied after them.
    case childRows(String, of: String, by: String)
    /// Columns of `pages` the stage owns: set to NULL when cleared, copied with the page.
    case pageColumns([String])
    /// A table made from what the pages store (a document's logical documents): not cleared
    /// per page; made again after a merge, and why.
    case derived(String, reason: String)

    /// The table it names (`pages` for page columns).
    var name: String {
        switch self {
        case .pageRows(let name), .childRows(let name, _, _), .derived(let name, _): return name
        case .pageColumns: return "pages"
        }
    }

    /// How a merge copies it (nil: page columns travel with `pages`).
    var mergeRule: MergeRule? {
        switch self {
        case .pageRows, .childRows: return .pageOwned
        case .derived(_, let reason): return .rebuiltAfterMerge(reason)
        case .pageColumns: return nil
        }
    }
}

extension PageStage {
    /// The default clear: the page's rows of every table of ``tables`` deleted (last declared
    /// first, so child rows before their parents: named, not left to the cascade), every owned
    /// page column set to NULL.
    static func clear(pageID: Int64, in transaction: WriteTransaction) throws {
        for table in tables.reversed() {
            switch table {
            case .pageRows(let name):
                try transaction.execute("DELETE FROM \"\(name)\" WHERE page_id = ?", pageID)
            case .childRows(let name, let parent, let key):
                try transaction.execute("""
                    DELETE FROM "\(name)" WHERE "\(key)" IN (SELECT id FROM "\(parent)" WHERE page_id = ?)
                    """, pageID)
            case .pageColumns(let columns) where !columns.isEmpty:
                let assignments = columns.map { "\"\($0)\" = NULL" }.joined(separator: ", ")
                try transaction.execute("UPDATE pages SET \(assignments) WHERE id = ?", pageID)
            case .derived, .pageColumns:
                continue
            }
        }
    }
}
