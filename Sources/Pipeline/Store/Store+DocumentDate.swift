import DocumentModel

extension Store {
    /// Chooses the document's date from its detected dates (`DocumentDate.choose`) and stores it
    /// with how it was chosen; a document without dates gets NULLs. Part of the document pass.
    func recordDocumentDate(documentID: Int64) throws {
        let candidates = try db.query("""
            SELECT p.page_number, CAST(x.y AS REAL) / MAX(1, COALESCE(p.height, 1)), x.value, COALESCE(l.text, '')
            FROM detected_data x JOIN pages p ON p.id = x.page_id
            LEFT JOIN lines l ON l.page_id = x.page_id AND l.line_order = x.first_line
            WHERE p.document_id = ? AND x.type = 'date' AND p.status = 'done'
            ORDER BY p.page_number, x.item_order
            """, [documentID]) { r in
            DocumentDate.Candidate(page: r.int(0), top: r.double(1), value: r.string(2), line: r.string(3))
        }
        let date = DocumentDate.choose(candidates)
        try db.execute("UPDATE documents SET document_date = ?, document_date_source = ? WHERE id = ?",
                       date?.value, date?.source.rawValue, documentID)
    }
}
