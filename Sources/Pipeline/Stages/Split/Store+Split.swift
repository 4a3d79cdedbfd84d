import DocumentModel
import Foundation
import SQLite
import Split

extension Store {
    /// The document pass's split: the document's pages (their barcodes, blankness and patch
    /// codes as stored) cut into logical documents, replacing the ones stored, with the
    /// problems found, in one transaction. Deterministic: the same stored pages give the same rows.
    public func splitDocument(documentID: Int64, settings: SplitSettings) throws {
        let pages = try splitSignals(documentID: documentID)
        let (documents, problems) = DocumentSplitter(settings: settings).split(pages)
        try write { _ in
            try db.execute("DELETE FROM document_splits WHERE document_id = ?", documentID)
            try db.execute("DELETE FROM split_problems WHERE document_id = ?", documentID)
            let insert = try db.cachedStatement("""
                INSERT INTO document_splits(document_id, part, first_page, last_page, pages, separator, separator_page, asn, tags, title)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            for d in documents {
                try insert.execute([documentID, d.part, d.firstPage, d.lastPage, d.pages.map(String.init).joined(separator: ","),
                                    d.separator, d.separatorPage, d.asn, d.tags.joined(separator: ","),
                                    try splitTitle(documentID: documentID, pages: d.pages)])
            }
            for p in problems {
                try db.execute("INSERT INTO split_problems(document_id, page_number, kind, message) VALUES (?, ?, ?, ?)",
                               documentID, p.page, p.kind.rawValue, p.message)
            }
        }
    }

    /// What the splitter reads of each page of a document.
    func splitSignals(documentID: Int64) throws -> [PageSignals] {
        var codes: [Int: [(symbology: Symbology, payload: String)]] = [:]
        for (number, symbology, payload) in try db.query("""
            SELECT p.page_number, b.symbology, b.payload FROM barcodes b JOIN pages p ON p.id = b.page_id
            WHERE p.document_id = ? ORDER BY p.page_number, b.id
            """, [documentID], { r in (r.int(0), Symbology(rawValue: r.string(1)), r.string(2)) }) {
            guard let symbology else { continue }
            codes[number, default: []].append((symbology, payload))
        }
        return try db.query("SELECT page_number, blank, patch_code FROM pages WHERE document_id = ? ORDER BY page_number",
                            [documentID]) { r in
            PageSignals(number: r.int(0), barcodes: codes[r.int(0)] ?? [], blank: r.optionalInt(1) == 1, patchCode: r.optionalString(2))
        }
    }

    /// The title block of the first of `pages` that has one (once layout found it).
    private func splitTitle(documentID: Int64, pages: [Int]) throws -> String? {
        guard !pages.isEmpty else { return nil }
        return try db.queryOne("""
            SELECT b.text FROM blocks b JOIN pages p ON p.id = b.page_id
            WHERE p.document_id = ? AND b.kind = ? AND p.page_number IN (\(pages.map(String.init).joined(separator: ",")))
            ORDER BY p.page_number, b.reading_order LIMIT 1
            """, [documentID, BlockKind.title.rawValue]) { $0.string(0) }
    }

    /// The logical documents of a document, in page order (none when it was not split).
    public func logicalDocuments(documentID: Int64) throws -> [LogicalDocument] {
        try db.query("""
            SELECT part, pages, separator, separator_page, asn, tags FROM document_splits WHERE document_id = ? ORDER BY part
            """, [documentID]) { r in
            LogicalDocument(part: r.int(0), pages: r.string(1).split(separator: ",").compactMap { Int($0) },
                            separator: r.optionalString(2), separatorPage: r.optionalInt(3), asn: r.optionalInt(4),
                            tags: r.string(5).split(separator: ",").map(String.init))
        }
    }

    /// What `status` shows about splitting: the same ASN on two logical documents in the
    /// archive now, and the problems the split of each current document found.
    public func splitProblemLines(limit: Int = 50) throws -> [String] {
        var lines = try db.query("""
            SELECT asn, count(*), group_concat(path || ' pages ' || first_page || '-' || last_page, '; ')
            FROM (SELECT * FROM logical_documents WHERE asn IS NOT NULL ORDER BY path, first_page)
            GROUP BY asn HAVING count(*) > 1 ORDER BY asn LIMIT ?
            """, [limit]) { "ASN \($0.int(0)) is on \($0.int(1)) documents: \($0.string(2))" }
        lines += try db.query("""
            SELECT d.path, s.message FROM split_problems s JOIN documents d ON d.id = s.document_id
            WHERE d.superseded_by IS NULL AND d.status NOT IN ('missing') ORDER BY d.path, s.page_number LIMIT ?
            """, [limit]) { "\($0.string(0)) \($0.string(1))" }
        return lines
    }
}
