import DocumentModel
import SQLite

/// How the OCR stage's output (a page's words and lines) is written and read back.
extension WriteTransaction {
    func insertText(_ pageID: Int64, _ text: PageText) throws {
        let insertLine = try statement("""
            INSERT INTO lines(page_id, line_order, text, confidence, x, y, width, height, stage, block_hint,
              paragraph_hint, font_size) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        // A page's words go in statements of up to `wordsPerInsert` rows, in the order they
        // were read (so their ids follow line and word order, as they always have): one
        // statement a word paid SQLite's per-statement work (opening the table's and indexes'
        // cursors and the foreign keys' parents, then closing them) ≈ 500 times a page.
        var lineIDs: [Int64] = []
        lineIDs.reserveCapacity(text.lines.count)
        for (i, line) in text.lines.enumerated() {
            let b = line.box
            // Typed binds (`ParameterBinder`): the same values as `execute([...])`, without its
            // array of existentials for each of a page's ≈ 500 words.
            try insertLine.execute { p in
                try p.bind(pageID); try p.bind(i); try p.bind(line.text); try p.bind(line.confidence)
                try p.bind(b.x); try p.bind(b.y); try p.bind(b.width); try p.bind(b.height)
                try p.bind(line.stage.rawValue); try p.bind(line.blockHint); try p.bind(line.paragraphHint)
                try p.bind(line.fontSize)
            }
            lineIDs.append(lastInsertRowID)
        }
        var pending: [(line: Int, order: Int)] = []
        pending.reserveCapacity(Self.wordsPerInsert)
        func flush() throws {
            guard !pending.isEmpty else { return }
            try statement(Self.insertWordsSQL[pending.count]).execute { p in
                for (l, j) in pending {
                    let w = text.lines[l].words[j], wb = w.box
                    try p.bind(pageID); try p.bind(lineIDs[l]); try p.bind(j); try p.bind(w.text); try p.bind(w.confidence)
                    try p.bind(wb.x); try p.bind(wb.y); try p.bind(wb.width); try p.bind(wb.height)
                    try p.bind(w.fontSize); try p.bind(w.isBold)
                }
            }
            pending.removeAll(keepingCapacity: true)
        }
        for (l, line) in text.lines.enumerated() {
            for j in line.words.indices {
                pending.append((l, j))
                if pending.count == Self.wordsPerInsert { try flush() }
            }
        }
        try flush()
        let insertRegion = try statement("""
            INSERT INTO ocr_regions(page_id, region_index, kind, x, y, width, height) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        for r in text.regions {
            try insertRegion.execute([pageID, r.index, r.kind.rawValue, r.box.x, r.box.y, r.box.width, r.box.height])
        }
        if let language = text.language {
            try execute("""
                UPDATE pages SET language = ?, languages = ?, language_confidence = ?, language_method = ?, script = ?,
                  ocr_models = ? WHERE id = ?
                """, language.codes.isEmpty ? nil : language.code, language.codes.joined(separator: " "),
                        language.confidence, language.method.rawValue, language.script,
                        language.models.isEmpty ? nil : language.models.joined(separator: "+"), pageID)
        }
    }
}

extension WriteTransaction {
    /// Rows of `words` in one `INSERT` (11 values each: 352 parameters, far below SQLite's limit).
    static let wordsPerInsert = 32

    /// `INSERT INTO words … VALUES (…), (…)` for `n` rows, at index `n` (0 unused).
    static let insertWordsSQL: [String] = (0...wordsPerInsert).map { n in
        "INSERT INTO words(page_id, line_id, word_order, text, confidence, x, y, width, height, font_size, bold) VALUES "
            + Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: max(n, 1)).joined(separator: ", ")
    }
}

extension Store {
    /// The stored words, lines and OCR regions of a page (from OCR or its text layer).
    func storedText(pageID: Int64) throws -> PageText {
        let source = try db.queryOne("SELECT text_source FROM pages WHERE id = ?", [pageID]) { row in
            TextSource(rawValue: row.optionalString(0) ?? "") ?? .ocr
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
        return PageText(source: source ?? .ocr, lines: lines, regions: regions, language: try storedLanguage(pageID: pageID))
    }

    /// The page's stored language (nil when none is known).
    func storedLanguage(pageID: Int64) throws -> PageLanguage? {
        try db.queryOne("""
            SELECT language, languages, language_confidence, language_method, script, ocr_models FROM pages WHERE id = ?
            """, [pageID]) { r -> PageLanguage? in
            guard let method = r.optionalString(3).flatMap(PageLanguage.Method.init(rawValue:)) else { return nil }
            return PageLanguage(codes: (r.optionalString(1) ?? "").split(separator: " ").map(String.init),
                                script: r.optionalString(4), confidence: r.optionalDouble(2) ?? 0, method: method,
                                models: (r.optionalString(5) ?? "").split(separator: "+").map(String.init))
        } ?? nil
    }
}
