import DataDetection
import Foundation
@testable import Pipeline
import XCTest

/// The day/month evidence a page is sent with: the document's other pages' stored counts. The
/// document's sums are summed once between two writes of the coordinator's connection, not once
/// per page sent out; a write of any row makes the next question sum them again.
final class DocumentDateOrderTests: XCTestCase {
    /// The database file, in the system's temporary folder (removed by the test).
    private let path = FileManager.default.temporaryDirectory.appendingPathComponent("quire-dateorder-\(UUID().uuidString).sqlite").path

    private func page(_ id: Int64, document: Int64 = 1) -> PlannedPage {
        PlannedPage(pageID: id, documentID: document, path: "/in/a.pdf", kind: .pdf, pageNumber: Int(id),
                    stages: [.detect], conservativeBarcodes: false)
    }

    private func store(order rows: [(page: Int64, dayFirst: Int, monthFirst: Int)]) throws -> Store {
        let store = try Store(path: path)
        try store.db.execute(script: """
            INSERT INTO documents(id, path, sha256, kind, page_count, status) VALUES (1, '/in/a.pdf', 'x', 'pdf', 3, 'pending');
            INSERT INTO documents(id, path, sha256, kind, page_count, status) VALUES (2, '/in/b.pdf', 'y', 'pdf', 1, 'pending');
            INSERT INTO pages(id, document_id, page_number) VALUES (1, 1, 1), (2, 1, 2), (3, 1, 3), (4, 2, 1);
            """)
        for row in rows { try insert(row, into: store) }
        return store
    }

    private func insert(_ row: (page: Int64, dayFirst: Int, monthFirst: Int), into store: Store) throws {
        try store.db.execute("""
            INSERT OR REPLACE INTO detected_date_order(page_id, day_first, month_first, read_day_first, read_month_first)
            VALUES (?, ?, ?, 0, 0)
            """, row.page, row.dayFirst, row.monthFirst)
    }

    func testAPageIsSentTheOtherPagesEvidenceAndAWriteIsSeenAtOnce() throws {
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let store = try store(order: [(1, 2, 0), (2, 1, 1), (4, 0, 9)])
        XCTAssertEqual(try store.documentDateOrder(documentID: 1), DateOrderHint(dayFirst: 3, monthFirst: 1))
        XCTAssertEqual(try DetectPageStage.documentContext(for: page(1), from: store), DateOrderHint(dayFirst: 1, monthFirst: 1),
                       "its own row is not evidence")
        XCTAssertEqual(try DetectPageStage.documentContext(for: page(3), from: store), DateOrderHint(dayFirst: 3, monthFirst: 1),
                       "a page without a row yet gets all of it")
        // Page 3 is stored: the next page sent out sees it.
        try insert((3, 0, 5), into: store)
        XCTAssertEqual(try DetectPageStage.documentContext(for: page(1), from: store), DateOrderHint(dayFirst: 1, monthFirst: 6))
        // A row rewritten with the same number of rows (a redo) is seen too.
        try insert((3, 0, 0), into: store)
        XCTAssertEqual(try store.documentDateOrder(documentID: 1), DateOrderHint(dayFirst: 3, monthFirst: 1))
        XCTAssertEqual(try store.documentDateOrder(documentID: 2), DateOrderHint(dayFirst: 0, monthFirst: 9), "per document")
    }
}
