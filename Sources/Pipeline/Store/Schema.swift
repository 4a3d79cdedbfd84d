import SQLite

/// The database schema, as numbered migrations (docs/schema.md describes it for users).
///
/// Migrations are never edited once shipped: a change to the schema is a new migration.
/// The table and column names of `documents`, `pages`, `words`, `lines`, `blocks`, `list_items`,
/// `table_cells`, `barcodes`, `runs` and the view `page_text` are a public contract.
enum Schema {
    static var migrator: Migrator {
        var m = Migrator()
        m.register(1, "initial schema", sql: v1)
        m.register(2, "pages by document and status", sql: v2)
        m.register(3, "estimated resolution of OCR pages", sql: v3)
        m.register(4, "figure regions and caption links", sql: v4)
        m.register(5, "barcode add-ons", sql: v5)
        m.register(6, "exact path bytes and the durable document pass", sql: v6)
        m.register(8, "exports table; porter stemming in page_fts", sql: v8)
        m.register(9, "runs remember their command line, version, exit code and duration", sql: v9)
        m.register(10, "missing files, followed moves, and the archive as it is now", sql: v10)
        // Stages that store outputs of their own bring their migrations (`PageStage.migrations`);
        // all are applied in the order of their ids, whoever declares them.
        let more = [Migrator.Migration(id: 15, name: "the document's date, chosen in the document pass", sql: v15),
                    Migrator.Migration(id: 18, name: "shards: runs' host and shard, shard identity, merged shards", sql: v18Shards),
                    Migrator.Migration(id: 20, name: "unstemmed full-text index for pages not in English", sql: v20),
                    Migrator.Migration(id: 21, name: "caption links indexed (deleting blocks)", sql: v21),
                    Migrator.Migration(id: 25, name: "words not indexed by their text (the full-text index finds them)", sql: v25)]
            + StageCatalog.declared.flatMap({ $0.migrations })
        for migration in more.sorted(by: { $0.id < $1.id }) {
            m.register(migration.id, migration.name, sql: migration.sql)
        }
        m.baseline = baseline
        return m
    }

    static let v1 = """
    CREATE TABLE runs(
      id INTEGER PRIMARY KEY,
      pipeline TEXT NOT NULL,
      pipeline_path TEXT NOT NULL,
      command TEXT NOT NULL,                -- run | rerun
      started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
      ended_at TEXT,
      status TEXT NOT NULL DEFAULT 'running', -- running | completed | interrupted | crashed
      pid INTEGER,
      workers INTEGER,
      documents_seen INTEGER NOT NULL DEFAULT 0,
      documents_new INTEGER NOT NULL DEFAULT 0,
      documents_failed INTEGER NOT NULL DEFAULT 0,
      pages_done INTEGER NOT NULL DEFAULT 0,
      pages_failed INTEGER NOT NULL DEFAULT 0,
      pages_skipped INTEGER NOT NULL DEFAULT 0
    );

    CREATE TABLE documents(
      id INTEGER PRIMARY KEY,
      path TEXT NOT NULL,
      sha256 TEXT,                          -- NULL only for files that could not be read
      size_bytes INTEGER,
      kind TEXT,                            -- pdf | png | jpeg | tiff | gif | bmp | webp | jp2 | pnm | unknown
      page_count INTEGER,                   -- NULL until the document has been opened
      status TEXT NOT NULL DEFAULT 'pending', -- pending | done | failed | duplicate
      error TEXT,
      duplicate_of INTEGER REFERENCES documents(id),
      superseded_by INTEGER REFERENCES documents(id), -- a newer version at the same path
      mtime_ns INTEGER,
      first_run_id INTEGER REFERENCES runs(id),
      last_seen_run_id INTEGER REFERENCES runs(id),
      discovered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
    );
    CREATE UNIQUE INDEX documents_path_sha ON documents(path, sha256);
    CREATE INDEX documents_sha ON documents(sha256);
    CREATE INDEX documents_status ON documents(status);

    CREATE TABLE pages(
      id INTEGER PRIMARY KEY,
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page_number INTEGER NOT NULL,         -- 1-based
      status TEXT NOT NULL DEFAULT 'pending', -- pending | done | failed
      error TEXT,
      failed_stage TEXT,                    -- extract | preprocess | ocr | layout | barcodes | worker
      attempts INTEGER NOT NULL DEFAULT 0,
      width INTEGER, height INTEGER, dpi INTEGER,
      text_source TEXT,                     -- ocr | text_layer
      rotation INTEGER,                     -- clockwise degrees applied before OCR
      skew REAL,                            -- degrees corrected by deskew
      mean_confidence REAL,
      low_confidence_words INTEGER,
      duration_ms INTEGER,                  -- wall time of the last processing
      structure_json TEXT,                  -- Vision-shaped structure of the page (layout)
      run_id INTEGER REFERENCES runs(id),
      updated_at TEXT,
      UNIQUE(document_id, page_number)
    );
    CREATE INDEX pages_status ON pages(status);

    CREATE TABLE page_stages(
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      stage TEXT NOT NULL,                  -- extract | ocr | layout | barcodes
      status TEXT NOT NULL,                 -- done | failed | skipped
      fingerprint TEXT NOT NULL,
      error TEXT,
      crashed INTEGER NOT NULL DEFAULT 0,   -- 1 when the worker died in this stage
      duration_ms INTEGER,
      run_id INTEGER REFERENCES runs(id),
      PRIMARY KEY(page_id, stage)
    ) WITHOUT ROWID;

    CREATE TABLE lines(
      id INTEGER PRIMARY KEY,
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      line_order INTEGER NOT NULL,
      text TEXT NOT NULL,
      confidence REAL NOT NULL,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
      stage TEXT NOT NULL,                  -- fast | accurate | text_layer
      block_hint INTEGER, paragraph_hint INTEGER,
      font_size REAL
    );
    CREATE INDEX lines_page ON lines(page_id, line_order);

    CREATE TABLE words(
      id INTEGER PRIMARY KEY,
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      line_id INTEGER NOT NULL REFERENCES lines(id) ON DELETE CASCADE,
      word_order INTEGER NOT NULL,
      text TEXT NOT NULL,
      confidence REAL NOT NULL,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
      font_size REAL,
      bold INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX words_page ON words(page_id);
    CREATE INDEX words_line ON words(line_id);
    CREATE INDEX words_text ON words(text COLLATE NOCASE);

    CREATE TABLE ocr_regions(
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      region_index INTEGER NOT NULL,
      kind TEXT NOT NULL,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL
    );
    CREATE INDEX ocr_regions_page ON ocr_regions(page_id);

    CREATE TABLE rulings(
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      orientation TEXT NOT NULL,            -- horizontal | vertical
      position INTEGER NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL, thickness INTEGER NOT NULL
    );
    CREATE INDEX rulings_page ON rulings(page_id);

    CREATE TABLE blocks(
      id INTEGER PRIMARY KEY,
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,                   -- title | heading | paragraph | list | table | header | footer | caption
      reading_order INTEGER NOT NULL,
      text TEXT NOT NULL,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
      level INTEGER,                        -- heading level, 1 = top
      row_count INTEGER, col_count INTEGER  -- tables
    );
    CREATE INDEX blocks_page ON blocks(page_id, reading_order);
    CREATE INDEX blocks_kind ON blocks(kind);

    CREATE TABLE list_items(
      block_id INTEGER NOT NULL REFERENCES blocks(id) ON DELETE CASCADE,
      item_order INTEGER NOT NULL,
      marker TEXT NOT NULL,
      marker_type TEXT NOT NULL,            -- bullet | dash | decimal | lower_letter | upper_letter | lower_roman | upper_roman
      depth INTEGER NOT NULL,
      text TEXT NOT NULL,
      x INTEGER, y INTEGER, width INTEGER, height INTEGER
    );
    CREATE INDEX list_items_block ON list_items(block_id, item_order);

    CREATE TABLE table_cells(
      block_id INTEGER NOT NULL REFERENCES blocks(id) ON DELETE CASCADE,
      row INTEGER NOT NULL, col INTEGER NOT NULL,   -- 0-based
      row_span INTEGER NOT NULL DEFAULT 1, col_span INTEGER NOT NULL DEFAULT 1,
      text TEXT NOT NULL,
      is_header INTEGER NOT NULL DEFAULT 0,
      x INTEGER, y INTEGER, width INTEGER, height INTEGER
    );
    CREATE INDEX table_cells_block ON table_cells(block_id, row, col);

    CREATE TABLE barcodes(
      id INTEGER PRIMARY KEY,
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      symbology TEXT NOT NULL,
      payload TEXT NOT NULL,
      raw_bytes BLOB,                       -- set when the payload is binary
      x0 INTEGER, y0 INTEGER, x1 INTEGER, y1 INTEGER, x2 INTEGER, y2 INTEGER, x3 INTEGER, y3 INTEGER,
      orientation INTEGER
    );
    CREATE INDEX barcodes_page ON barcodes(page_id);
    CREATE INDEX barcodes_symbology ON barcodes(symbology);

    -- Full-text index over each page's text in reading order (rowid = pages.id).
    CREATE VIRTUAL TABLE page_fts USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');

    CREATE VIEW page_text AS
      SELECT d.path AS path, p.page_number AS page_number, f.text AS text,
             p.id AS page_id, d.id AS document_id
      FROM pages p JOIN documents d ON d.id = p.document_id JOIN page_fts f ON f.rowid = p.id
      WHERE d.superseded_by IS NULL;
    """
}

extension Schema {
    /// Each page's commit refreshes its document's status from the statuses of its pages:
    /// without this index that is a scan of the document's pages, quadratic over a long PDF
    /// (a 2,000-page PDF ran at ≈ 73 pages/s against ≈ 100 for 200 pages).
    static let v2 = """
    CREATE INDEX pages_document_status ON pages(document_id, status);
    """
}

extension Schema {
    /// - `path_bytes`: a file name that is not valid UTF-8 is kept as its exact bytes (`path` then
    ///   shows each bad byte as `\xNN`); NULL when `path` is exact.
    /// - `layout_pass`: the running header/footer pass over a document's pages: `pending` from the
    ///   commit of a page's layout (same transaction) until the pass has run, then `done`; NULL
    ///   for documents whose pages were never laid out. A run stopped in between leaves it
    ///   pending, and the next run does it.
    static let v6 = """
    ALTER TABLE documents ADD COLUMN path_bytes BLOB;
    ALTER TABLE documents ADD COLUMN layout_pass TEXT;
    CREATE INDEX documents_layout_pass ON documents(layout_pass) WHERE layout_pass = 'pending';
    """
}

extension Schema {
    /// A run records how it was started and how it ended, for `status` and for monitoring.
    static let v9 = """
    ALTER TABLE runs ADD COLUMN arguments TEXT;       -- the command line, as a JSON array of strings
    ALTER TABLE runs ADD COLUMN quire_version TEXT;
    ALTER TABLE runs ADD COLUMN exit_code INTEGER;    -- NULL while running, or when the run was killed
    ALTER TABLE runs ADD COLUMN duration_ms INTEGER;  -- wall time, set when the run ends
    """
}

extension Schema {
    /// The index follows the disk: a file no longer found is `missing` (with the run that noticed),
    /// a file moved keeps its document (and its history in `document_moves`), and `page_text`
    /// and `current_documents` show what is in the archive now.
    static let v10 = """
    ALTER TABLE documents ADD COLUMN missing_run_id INTEGER REFERENCES runs(id);
    -- set by `rerun --stage S` on every page it plans, cleared when the page is committed: a
    -- rerun stopped half-way is finished by the next run
    ALTER TABLE pages ADD COLUMN redo_stage TEXT;
    CREATE TABLE document_moves(
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      old_path TEXT NOT NULL,
      new_path TEXT NOT NULL,
      run_id INTEGER REFERENCES runs(id),
      moved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
    );
    CREATE INDEX document_moves_document ON document_moves(document_id);

    CREATE VIEW current_documents AS
      SELECT * FROM documents WHERE superseded_by IS NULL AND status NOT IN ('missing');

    DROP VIEW page_text;
    CREATE VIEW page_text AS
      SELECT d.path AS path, p.page_number AS page_number, f.text AS text,
             p.id AS page_id, d.id AS document_id
      FROM pages p JOIN documents d ON d.id = p.document_id JOIN page_fts f ON f.rowid = p.id
      WHERE d.superseded_by IS NULL AND d.status NOT IN ('missing');
    """
}

extension Schema {
    /// `quire export --changed` needs to know what was exported where and from which results;
    /// `quire search` (and docs/schema.md) promise stemming: `page_fts` is rebuilt with the porter
    /// tokenizer over unicode61 and refilled from its old content. The view `page_text` names the
    /// table, not its definition, so it keeps working unchanged.
    static let v8 = """
    CREATE TABLE exports(
      id INTEGER PRIMARY KEY,
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      format TEXT NOT NULL,                 -- json | markdown | text | csv | html | hocr | alto | pdf
      destination TEXT NOT NULL,            -- the absolute --out folder
      results_digest TEXT NOT NULL,         -- what the document's results were when exported
      files INTEGER NOT NULL,               -- number of files written
      last_run_id INTEGER,                  -- the newest run in the database at export time
      exported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
    );
    CREATE INDEX exports_document ON exports(document_id, format, destination);

    CREATE TEMP TABLE page_fts_copy AS SELECT rowid AS id, text FROM page_fts;
    DROP TABLE page_fts;
    CREATE VIRTUAL TABLE page_fts USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2');
    INSERT INTO page_fts(rowid, text) SELECT id, text FROM page_fts_copy;
    DROP TABLE temp.page_fts_copy;
    """
}

extension Schema {
    /// The EAN-2/EAN-5 add-on of an EAN/UPC symbol (Vision's `supplementalPayload`), also at
    /// the end of `payload`. NULL when the symbol has none.
    static let v5 = """
    ALTER TABLE barcodes ADD COLUMN supplemental_payload TEXT;
    """
}

extension Schema {
    /// Figures: the candidate non-text regions found on the page image at extraction (so a
    /// layout rerun works from the database alone), the `figure` block kind (kinds are free
    /// text), and a caption's link to the figure or table block it describes.
    static let v4 = """
    CREATE TABLE figure_regions(
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL
    );
    CREATE INDEX figure_regions_page ON figure_regions(page_id);
    ALTER TABLE blocks ADD COLUMN caption_of INTEGER REFERENCES blocks(id) ON DELETE SET NULL;
    """
}

extension Schema {
    /// The resolution estimated from the size of an OCR page's text (`TextScale`), in the
    /// original image's pixels per inch: what `assumed_image_dpi: auto` used, and a check on the
    /// resolution a file records.
    static let v3 = """
    ALTER TABLE pages ADD COLUMN estimated_dpi INTEGER;
    """

    /// The document's date (`DocumentDate`), set by the document pass.
    static let v15 = """
    ALTER TABLE documents ADD COLUMN document_date TEXT;          -- ISO 8601: 2024-03-21 (or 2024-03)
    ALTER TABLE documents ADD COLUMN document_date_source TEXT;   -- first_page_top | labelled | most_frequent
    CREATE INDEX documents_document_date ON documents(document_date) WHERE document_date IS NOT NULL;
    """
}

extension Schema {
    /// `page_fts` stems English (porter): French, Dutch or Russian words come out mangled there
    /// ("université" and "universel" are both "univers"). Pages in another language are also
    /// indexed unstemmed in `page_fts_exact` (rowid = pages.id), and `quire search` matches them
    /// there (Store+Search). Filled from `page_fts` for the pages that already have a language.
    static let v20 = """
    CREATE VIRTUAL TABLE page_fts_exact USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
    INSERT INTO page_fts_exact(rowid, text)
      SELECT f.rowid, f.text FROM page_fts f JOIN pages p ON p.id = f.rowid
      WHERE p.language IS NOT NULL AND p.language <> 'en';
    """
}
