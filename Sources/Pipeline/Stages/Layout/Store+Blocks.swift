import DocumentModel
import SQLite

/// How the layout stage's output (blocks, list items, table cells, caption links) is written.
extension WriteTransaction {
    /// Inserts the page's blocks (cleared before: ``LayoutPageStage/tables``) and its structure JSON.
    func insertBlocks(_ pageID: Int64, _ blocks: [Block], json: String?) throws {
        try execute("UPDATE pages SET structure_json = ? WHERE id = ?", json, pageID)
        let insertBlock = try statement("""
            INSERT INTO blocks(page_id, kind, reading_order, text, x, y, width, height, level, row_count, col_count, continues)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertItem = try statement("""
            INSERT INTO list_items(block_id, item_order, marker, marker_type, depth, text, x, y, width, height)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertCell = try statement("""
            INSERT INTO table_cells(block_id, row, col, row_span, col_span, text, is_header, x, y, width, height)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var idByOrder: [Int: Int64] = [:]
        for b in blocks {
            try insertBlock.execute([pageID, b.kind.rawValue, b.readingOrder, b.text, b.box.x, b.box.y, b.box.width,
                                     b.box.height, b.level, b.kind == .table ? b.rowCount : nil,
                                     b.kind == .table ? b.columnCount : nil, b.continues])
            let blockID = lastInsertRowID
            idByOrder[b.readingOrder] = blockID
            for item in b.listItems {
                try insertItem.execute([blockID, item.order, item.marker, item.markerType.rawValue, item.depth, item.text,
                                        item.box.x, item.box.y, item.box.width, item.box.height])
            }
            for c in b.tableCells {
                try insertCell.execute([blockID, c.row, c.column, c.rowSpan, c.columnSpan, c.text, c.isHeader,
                                        c.box.x, c.box.y, c.box.width, c.box.height])
            }
        }
        // Caption links point at rows inserted above (the captioned block may come later in reading order).
        for b in blocks {
            guard let target = b.captionOf, let captionID = idByOrder[b.readingOrder], let targetID = idByOrder[target] else { continue }
            try execute("UPDATE blocks SET caption_of = ? WHERE id = ?", targetID, captionID)
        }
    }
}
