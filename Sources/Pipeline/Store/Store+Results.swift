import DocumentModel
import Foundation
import SQLite

/// Everything a worker reported for one page task, gathered by the coordinator.
struct PageOutcome {
    var page: PlannedPage
    var extract: ExtractOutput?
    var text: PageText?
    var blocks: [Block]?
    var structureJSON: String?
    var barcodes: [Barcode]?
    var failures: [(stage: Stage, message: String, crashed: Bool)] = []
    var stageMS: [Stage: Int] = [:]
    var startedAt = Date()
}

extension Store {
    /// Writes one page's results, its stage rows and its status in a single transaction:
    /// after a crash at any moment the page is either wholly updated or untouched.
    /// Returns the page's new status.
    @discardableResult
    func commit(_ outcome: PageOutcome, fingerprints: [Stage: String], runID: Int64) throws -> String {
        let pageID = outcome.page.pageID
        return try transaction {
            // Extraction also runs when only a later stage needs the image; its output is stored
            // only when the extract stage itself was due (it is deterministic for the same settings).
            if let ex = outcome.extract, outcome.page.stages.contains(.extract) {
                try db.execute("""
                    UPDATE pages SET width = ?, height = ?, dpi = ?, text_source = ?, rotation = ?, skew = ?,
                      estimated_dpi = ? WHERE id = ?
                    """, ex.size.width, ex.size.height, ex.size.dpi, ex.textSource.rawValue, ex.rotation, ex.skew,
                    ex.estimatedDPI, pageID)
                try replaceRulings(pageID, ex.rulings)
                try replaceFigureRegions(pageID, ex.figures)
                try setStage(pageID, .extract, "done", fingerprints, runID, ms: outcome.stageMS[.extract])
                if let layer = ex.textLayer {
                    try replaceText(pageID, layer)
                    try setStage(pageID, .ocr, "skipped", fingerprints, runID, ms: nil)
                }
            }
            if let text = outcome.text {
                try replaceText(pageID, text)
                try setStage(pageID, .ocr, "done", fingerprints, runID, ms: outcome.stageMS[.ocr])
            }
            if let blocks = outcome.blocks {
                try replaceBlocks(pageID, blocks, json: outcome.structureJSON)
                try setStage(pageID, .layout, "done", fingerprints, runID, ms: outcome.stageMS[.layout])
                // Durable with the page: the document's header/footer pass is owed until it has run.
                try db.execute("UPDATE documents SET layout_pass = 'pending' WHERE id = ?", outcome.page.documentID)
            }
            if let codes = outcome.barcodes {
                try replaceBarcodes(pageID, codes)
                try setStage(pageID, .barcodes, "done", fingerprints, runID, ms: outcome.stageMS[.barcodes])
            }
            for f in outcome.failures {
                try db.execute("""
                    INSERT INTO page_stages(page_id, stage, status, fingerprint, error, crashed, run_id)
                    VALUES (?, ?, 'failed', ?, ?, ?, ?)
                    ON CONFLICT(page_id, stage) DO UPDATE SET status = 'failed', fingerprint = excluded.fingerprint,
                      error = excluded.error, crashed = excluded.crashed, run_id = excluded.run_id
                    """, pageID, f.stage.storedStage.rawValue, fingerprints[f.stage.storedStage] ?? "", f.message,
                               f.crashed, runID)
            }
            if outcome.text != nil || outcome.blocks != nil || outcome.extract?.textLayer != nil {
                try refreshPageText(pageID)
            }
            let status = try settlePageStatus(pageID, outcome: outcome, enabled: Set(fingerprints.keys), runID: runID)
            try countSettledPage(runID: runID, status: status)
            try refreshDocumentStatus(documentID: outcome.page.documentID)
            return status
        }
    }

    func setStage(_ pageID: Int64, _ stage: Stage, _ status: String, _ fps: [Stage: String], _ runID: Int64,
                          ms: Int?) throws {
        try db.execute("""
            INSERT INTO page_stages(page_id, stage, status, fingerprint, error, crashed, duration_ms, run_id)
            VALUES (?, ?, ?, ?, NULL, 0, ?, ?)
            ON CONFLICT(page_id, stage) DO UPDATE SET status = excluded.status, fingerprint = excluded.fingerprint,
              error = NULL, crashed = 0, duration_ms = excluded.duration_ms, run_id = excluded.run_id
            """, pageID, stage.rawValue, status, fps[stage] ?? "", ms, runID)
    }

    /// The page is failed when an enabled stage's row is failed (first in stage order), else done.
    private func settlePageStatus(_ pageID: Int64, outcome: PageOutcome, enabled: Set<Stage>, runID: Int64) throws -> String {
        let failed = try db.query("SELECT stage, error FROM page_stages WHERE page_id = ? AND status = 'failed'",
                                  [pageID]) { (Stage(rawValue: $0.string(0)), $0.string(1)) }
            .compactMap { s, e in s.map { ($0, e) } }
            .filter { enabled.contains($0.0) }
            .sorted { $0.0 < $1.0 }
        // Report the precise stage (preprocess vs extract) when this outcome knows it.
        let first = failed.first.map { stage, error in
            (outcome.failures.first { $0.stage.storedStage == stage }?.stage ?? stage, error)
        }
        let status = first == nil ? "done" : "failed"
        let confidence = outcome.text.map { $0.meanConfidence } ?? outcome.extract?.textLayer.map { $0.meanConfidence }
        let low = (outcome.text ?? outcome.extract?.textLayer)?.lowConfidenceWordCount(below: 60)
        try db.execute("""
            UPDATE pages SET status = ?, failed_stage = ?, error = ?, attempts = attempts + 1, run_id = ?,
              redo_stage = NULL, duration_ms = ?, mean_confidence = COALESCE(?, mean_confidence),
              low_confidence_words = COALESCE(?, low_confidence_words),
              updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
            WHERE id = ?
            """, status, first?.0.rawValue, first?.1, runID, Int(Date().timeIntervalSince(outcome.startedAt) * 1000),
                       confidence, low, pageID)
        return status
    }

    private func replaceText(_ pageID: Int64, _ text: PageText) throws {
        try db.execute("DELETE FROM words WHERE page_id = ?", pageID)
        try db.execute("DELETE FROM lines WHERE page_id = ?", pageID)
        try db.execute("DELETE FROM ocr_regions WHERE page_id = ?", pageID)
        let insertLine = try db.cachedStatement("""
            INSERT INTO lines(page_id, line_order, text, confidence, x, y, width, height, stage, block_hint,
              paragraph_hint, font_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertWord = try db.cachedStatement("""
            INSERT INTO words(page_id, line_id, word_order, text, confidence, x, y, width, height, font_size, bold)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for (i, line) in text.lines.enumerated() {
            let b = line.box
            try insertLine.execute([pageID, i, line.text, line.confidence, b.x, b.y, b.width, b.height,
                                    line.stage.rawValue, line.blockHint, line.paragraphHint, line.fontSize])
            let lineID = db.lastInsertRowID
            for (j, w) in line.words.enumerated() {
                let wb = w.box
                try insertWord.execute([pageID, lineID, j, w.text, w.confidence, wb.x, wb.y, wb.width, wb.height,
                                        w.fontSize, w.isBold])
            }
        }
        let insertRegion = try db.cachedStatement("""
            INSERT INTO ocr_regions(page_id, region_index, kind, x, y, width, height) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for r in text.regions {
            try insertRegion.execute([pageID, r.index, r.kind.rawValue, r.box.x, r.box.y, r.box.width, r.box.height])
        }
    }

    private func replaceRulings(_ pageID: Int64, _ rulings: [RulingLine]) throws {
        try db.execute("DELETE FROM rulings WHERE page_id = ?", pageID)
        let insert = try db.cachedStatement("""
            INSERT INTO rulings(page_id, orientation, position, start, end, thickness) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for r in rulings { try insert.execute([pageID, r.orientation.rawValue, r.position, r.start, r.end, r.thickness]) }
    }

    private func replaceFigureRegions(_ pageID: Int64, _ figures: [Box]) throws {
        try db.execute("DELETE FROM figure_regions WHERE page_id = ?", pageID)
        let insert = try db.cachedStatement("INSERT INTO figure_regions(page_id, x, y, width, height) VALUES (?, ?, ?, ?, ?)")
        for b in figures { try insert.execute([pageID, b.x, b.y, b.width, b.height]) }
    }

    /// The candidate figure regions stored for a page at extraction (for a layout-only redo).
    func storedFigureRegions(pageID: Int64) throws -> [Box] {
        try db.query("SELECT x, y, width, height FROM figure_regions WHERE page_id = ? ORDER BY y, x", [pageID]) { r in
            Box(x: r.int(0), y: r.int(1), width: r.int(2), height: r.int(3))
        }
    }

    func replaceBlocks(_ pageID: Int64, _ blocks: [Block], json: String?) throws {
        try db.execute("DELETE FROM blocks WHERE page_id = ?", pageID)
        try db.execute("UPDATE pages SET structure_json = ? WHERE id = ?", json, pageID)
        let insertBlock = try db.cachedStatement("""
            INSERT INTO blocks(page_id, kind, reading_order, text, x, y, width, height, level, row_count, col_count)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertItem = try db.cachedStatement("""
            INSERT INTO list_items(block_id, item_order, marker, marker_type, depth, text, x, y, width, height)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertCell = try db.cachedStatement("""
            INSERT INTO table_cells(block_id, row, col, row_span, col_span, text, is_header, x, y, width, height)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        var idByOrder: [Int: Int64] = [:]
        for b in blocks {
            try insertBlock.execute([pageID, b.kind.rawValue, b.readingOrder, b.text, b.box.x, b.box.y, b.box.width,
                                     b.box.height, b.level, b.kind == .table ? b.rowCount : nil,
                                     b.kind == .table ? b.columnCount : nil])
            let blockID = db.lastInsertRowID
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
            try db.execute("UPDATE blocks SET caption_of = ? WHERE id = ?", targetID, captionID)
        }
    }

    private func replaceBarcodes(_ pageID: Int64, _ codes: [Barcode]) throws {
        try db.execute("DELETE FROM barcodes WHERE page_id = ?", pageID)
        let insert = try db.cachedStatement("""
            INSERT INTO barcodes(page_id, symbology, payload, raw_bytes, x0, y0, x1, y1, x2, y2, x3, y3, orientation,
                                 supplemental_payload)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for c in codes {
            let p = c.corners + Array(repeating: Point(x: 0, y: 0), count: max(0, 4 - c.corners.count))
            try insert.execute([pageID, c.symbology.rawValue, c.payload, c.rawBytes, p[0].x, p[0].y, p[1].x, p[1].y,
                                p[2].x, p[2].y, p[3].x, p[3].y, c.orientation, c.supplementalPayload])
        }
    }

    /// The page's text in reading order: its blocks when layout ran, else its lines.
    func refreshPageText(_ pageID: Int64) throws {
        let blockTexts = try db.query("SELECT text FROM blocks WHERE page_id = ? AND text <> '' ORDER BY reading_order",
                                      [pageID]) { $0.string(0) }
        let text = blockTexts.isEmpty
            ? try db.query("SELECT text FROM lines WHERE page_id = ? ORDER BY line_order", [pageID]) { $0.string(0) }
                .joined(separator: "\n")
            : blockTexts.joined(separator: "\n\n")
        try db.execute("DELETE FROM page_fts WHERE rowid = ?", pageID)
        try db.execute("INSERT INTO page_fts(rowid, text) VALUES (?, ?)", pageID, text)
    }

    /// The stored barcodes of a page, in the order found (for a layout redo).
    func storedBarcodes(pageID: Int64) throws -> [Barcode] {
        try db.query("""
            SELECT symbology, payload, raw_bytes, x0, y0, x1, y1, x2, y2, x3, y3, orientation, supplemental_payload
            FROM barcodes WHERE page_id = ? ORDER BY id
            """, [pageID]) { r -> Barcode? in
            guard let symbology = Symbology(rawValue: r.string(0)) else { return nil }
            let corners = stride(from: 3, through: 9, by: 2).map { Point(x: r.int($0), y: r.int($0 + 1)) }
            return Barcode(symbology: symbology, payload: r.string(1), rawBytes: r.isNull(2) ? nil : r.blob(2),
                           corners: corners, orientation: r.int(11), supplementalPayload: r.optionalString(12))
        }.compactMap { $0 }
    }

    /// What a layout-only redo needs: the stored text, rulings and size of a page.
    func storedLayoutInputs(pageID: Int64) throws -> (PageText, [RulingLine], PageSize?) {
        let source = try db.queryOne("SELECT text_source, width, height, dpi FROM pages WHERE id = ?", [pageID]) { row in
            (TextSource(rawValue: row.optionalString(0) ?? "") ?? .ocr,
             row.isNull(1) ? nil : PageSize(width: row.int(1), height: row.int(2), dpi: row.int(3)))
        }
        var words: [Int64: [Word]] = [:]
        try db.cachedStatement("""
            SELECT line_id, text, confidence, x, y, width, height, font_size, bold FROM words
            WHERE page_id = ? ORDER BY line_id, word_order
            """).forEachRow([pageID]) { r in
            words[r.int64(0), default: []].append(Word(text: r.string(1), confidence: r.double(2),
                box: Box(x: r.int(3), y: r.int(4), width: r.int(5), height: r.int(6)),
                fontSize: r.optionalDouble(7), isBold: r.int(8) != 0))
        }
        let lines = try db.query("""
            SELECT id, text, confidence, x, y, width, height, stage, block_hint, paragraph_hint FROM lines
            WHERE page_id = ? ORDER BY line_order
            """, [pageID]) { r in
            Line(text: r.string(1), confidence: r.double(2), box: Box(x: r.int(3), y: r.int(4), width: r.int(5), height: r.int(6)),
                 words: words[r.int64(0)] ?? [], stage: TextStage(rawValue: r.string(7)) ?? .fast,
                 blockHint: r.optionalInt(8), paragraphHint: r.optionalInt(9))
        }
        let regions = try db.query("SELECT kind, x, y, width, height, region_index FROM ocr_regions WHERE page_id = ?",
                                   [pageID]) { r in
            RegionHint(kind: RegionHintKind(rawValue: r.string(0)) ?? .other,
                       box: Box(x: r.int(1), y: r.int(2), width: r.int(3), height: r.int(4)), index: r.int(5))
        }
        let rulings = try db.query("SELECT orientation, position, start, end, thickness FROM rulings WHERE page_id = ?",
                                   [pageID]) { r in
            RulingLine(orientation: RulingLine.Orientation(rawValue: r.string(0)) ?? .horizontal,
                       position: r.int(1), start: r.int(2), end: r.int(3), thickness: r.int(4))
        }
        return (PageText(source: source?.0 ?? .ocr, lines: lines, regions: regions), rulings, source?.1)
    }
}
