import DocumentModel
import Foundation
import Layout
import SQLite

extension Store {
    /// The keys (`HeadersFooters.key`) of lines in the top or bottom margin zone that repeat on
    /// two or more pages of a document, and the pages holding such lines (`HeadersFooters.repeated`
    /// decides; the query only narrows the stored lines to the margin zones).
    func repeatedMarginLines(documentID: Int64) throws -> (keys: Set<String>, pages: [(id: Int64, number: Int)]) {
        var lines: [(page: Int64, text: String, box: Box, pageHeight: Int)] = []
        var pageNumbers: [Int64: Int] = [:]
        try db.cachedStatement("""
            SELECT p.id, p.page_number, l.text, l.x, l.y, l.width, l.height, p.height
            FROM lines l JOIN pages p ON p.id = l.page_id
            WHERE p.document_id = ?1 AND p.height > 0
              AND (l.y + l.height <= p.height * ?2 OR l.y >= p.height * (1 - ?2))
            """).forEachRow([documentID, HeadersFooters.zoneFraction]) { r in
            lines.append((r.int64(0), r.string(2), Box(x: r.int(3), y: r.int(4), width: r.int(5), height: r.int(6)), r.int(7)))
            pageNumbers[r.int64(0)] = r.int(1)
        }
        let repeated = HeadersFooters.repeated(lines)
        let pageIDs = repeated.values.reduce(into: Set<Int64>()) { $0.formUnion($1) }
        return (Set(repeated.keys), pageIDs.sorted().map { ($0, pageNumbers[$0] ?? 0) })
    }

    /// The pages of a document whose stored layout has a running header or footer block other
    /// than a bare page number: a page laid out with running keys (a worker's, from the
    /// document's earlier pages) that the document pass cannot ask the run about (the run was
    /// killed before its pass) is laid out again with the document's own.
    func pagesWithRunningMarginBlocks(documentID: Int64) throws -> [(id: Int64, number: Int)] {
        var pages: [Int64: Int] = [:]
        try db.cachedStatement("""
            SELECT p.id, p.page_number, b.text FROM blocks b JOIN pages p ON p.id = b.page_id
            WHERE p.document_id = ? AND b.kind IN (?, ?)
            """).forEachRow([documentID, BlockKind.header.rawValue, BlockKind.footer.rawValue]) { r in
            if !HeadersFooters.isPageNumber(r.string(2)) { pages[r.int64(0)] = r.int(1) }
        }
        return pages.map { ($0.key, $0.value) }
    }

    /// Stores a document-pass task's outputs (a better layout, and what it redid before it) in
    /// one transaction; the page's status and attempts stay as they are.
    func commitDocumentPass(_ outcome: PageOutcome, fingerprints: [Stage: String], runID: Int64) throws {
        try write(foreignKeys: .trusted) {
            try storeDocumentPass(outcome, fingerprints: fingerprints, runID: runID, in: $0)
            try refreshPageText(outcome.page.pageID)
        }
    }

    /// Stores several document-pass tasks as ``commitDocumentPass(_:fingerprints:runID:)`` does,
    /// together (``writeTogether(_:each:alone:after:)``): a 2,000-page document's pass lays out
    /// every page again (its running headers), and one transaction each wrote the same index
    /// pages to the WAL 2,000 times.
    func commitDocumentPass(_ outcomes: [PageOutcome], fingerprints: (PageOutcome) -> [Stage: String], runID: Int64) throws {
        _ = try writeTogether(outcomes, foreignKeys: .trusted, each: { try storeDocumentPass($0, fingerprints: fingerprints($0), runID: runID, in: $1) },
                              alone: { try commitDocumentPass($0, fingerprints: fingerprints($0), runID: runID) },
                              after: { try refreshPageTexts(outcomes.map(\.page.pageID)) })   // see `refreshPageTexts`
    }

    /// One document-pass task's rows, inside `transaction` (its full-text rows are the caller's).
    func storeDocumentPass(_ outcome: PageOutcome, fingerprints: [Stage: String], runID: Int64,
                           in transaction: WriteTransaction) throws {
        try transaction.requirePage(outcome.page.pageID)
        for type in StageCatalog.executionOrder {
            guard let output = outcome.outputs[type.stage] else { continue }
            try type.storeErased(output, StageCommit(transaction: transaction, page: outcome.page, fingerprints: fingerprints,
                                                     runID: runID, durationMS: nil))
            if type.owesDocumentPass { try oweDocumentPass(documentID: outcome.page.documentID) }
        }
    }

    /// The pages of a document: id and number.
    func pages(documentID: Int64) throws -> [(id: Int64, number: Int)] {
        try db.query("SELECT id, page_number FROM pages WHERE document_id = ? ORDER BY page_number", [documentID]) {
            ($0.int64(0), $0.int(1))
        }
    }

    /// Marks the document pass owed, in the transaction of the page commit that owes it.
    func oweDocumentPass(documentID: Int64) throws {
        try db.execute("UPDATE documents SET layout_pass = ? WHERE id = ?", LayoutPassStatus.pending, documentID)
    }

    /// Marks the document's running header/footer pass done, with the paragraphs continued
    /// from one page to the next (`markContinuedPages`), in one transaction.
    func finishDocumentPass(documentID: Int64) throws {
        try write { _ in
            try markContinuedPages(documentID: documentID)
            try recordDocumentDate(documentID: documentID)
            try db.execute("UPDATE documents SET layout_pass = \(LayoutPassStatus.done.sql) WHERE id = ? AND layout_pass = \(LayoutPassStatus.pending.sql)", documentID)
        }
    }

    /// A page's first paragraph carries on the previous page's last paragraph when the text
    /// stops mid-sentence there and goes on in lowercase (`Continuations.textContinues`);
    /// running headers and footers, footnotes, figures, tables and captions are looked past
    /// (`Continuations.lookedPast`).
    /// Sets `blocks.continues` on the first body paragraph of each page (clearing it where it no
    /// longer holds: a page laid out again); only consecutive pages that are done count.
    func markContinuedPages(documentID: Int64) throws {
        let skipped = "(" + Continuations.lookedPast.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ") + ")"
        let pages = try db.query("""
            SELECT id, page_number FROM pages WHERE document_id = ? AND status = \(PageStatus.done.sql) ORDER BY page_number
            """, [documentID]) { (id: $0.int64(0), number: $0.int(1)) }
        var previous: (number: Int, last: (kind: String, text: String)?)?
        for page in pages {
            let body = try db.query("""
                SELECT id, kind, text FROM blocks WHERE page_id = ? AND kind NOT IN \(skipped) ORDER BY reading_order
                """, [page.id]) { (id: $0.int64(0), kind: $0.string(1), text: $0.string(2)) }
            if let first = body.first, first.kind == BlockKind.paragraph.rawValue {
                var carries = false
                if let p = previous, p.number == page.number - 1, let last = p.last, last.kind == BlockKind.paragraph.rawValue {
                    carries = Continuations.textContinues(last.text, first.text)
                }
                // A page's first body paragraph follows no paragraph of its own page: only the
                // previous page can make it continue.
                try db.execute("UPDATE blocks SET continues = ? WHERE id = ?", carries, first.id)
            }
            previous = (page.number, body.last.map { ($0.kind, $0.text) })
        }
    }

    /// True when the document's pass is owed (a page's layout changed since it last ran).
    func documentOwesPass(documentID: Int64) throws -> Bool {
        try db.queryOne("SELECT layout_pass = \(LayoutPassStatus.pending.sql) FROM documents WHERE id = ?", [documentID]) { $0.int(0) != 0 } ?? false
    }

    /// Current documents whose pass is owed and none of whose pages is pending (an earlier run
    /// stopped after their last page), each as a template page for `Runner.documentPass`.
    func documentsOwingPass() throws -> [PlannedPage] {
        try db.query("""
            SELECT id, path, kind, path_bytes FROM documents d
            WHERE layout_pass = \(LayoutPassStatus.pending.sql) AND superseded_by IS NULL AND duplicate_of IS NULL AND status != \(DocumentStatus.missing.sql)
              AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.document_id = d.id AND p.status = \(PageStatus.pending.sql))
            ORDER BY id
            """) { r in
            PlannedPage(pageID: 0, documentID: r.int64(0), path: r.string(1), kind: FileKind(rawValue: r.string(2)) ?? .unknown,
                        pageNumber: 0, pathBytes: r.optionalBlob(3), stages: [.layout], conservativeBarcodes: false)
        }
    }
}
