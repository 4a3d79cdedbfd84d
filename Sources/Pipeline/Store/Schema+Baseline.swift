import SQLite

// Recorded by SchemaBaselineTests (QUIRE_RECORD_SCHEMA_BASELINE=1 swift test --filter
// SchemaBaselineTests) from a database migrated through migration 25. Not edited by hand.
extension Schema {
    static let baseline = Migrator.Baseline(through: 25, sql: #"""
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
    , arguments TEXT, quire_version TEXT, exit_code INTEGER, duration_ms INTEGER, host TEXT, shard TEXT, shard_plan TEXT, shard_run_id INTEGER);
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
    , path_bytes BLOB, layout_pass TEXT, missing_run_id INTEGER REFERENCES runs(id), document_date TEXT, document_date_source TEXT);
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
      updated_at TEXT, estimated_dpi INTEGER, redo_stage TEXT, blank INTEGER, ink_coverage REAL, patch_code TEXT, language TEXT, languages TEXT, language_confidence REAL, language_method TEXT, script TEXT, ocr_models TEXT,
      UNIQUE(document_id, page_number)
    );
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
    CREATE TABLE ocr_regions(
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      region_index INTEGER NOT NULL,
      kind TEXT NOT NULL,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL
    );
    CREATE TABLE rulings(
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      orientation TEXT NOT NULL,            -- horizontal | vertical
      position INTEGER NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL, thickness INTEGER NOT NULL
    );
    CREATE TABLE blocks(
      id INTEGER PRIMARY KEY,
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,                   -- title | heading | paragraph | list | table | header | footer | caption
      reading_order INTEGER NOT NULL,
      text TEXT NOT NULL,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
      level INTEGER,                        -- heading level, 1 = top
      row_count INTEGER, col_count INTEGER  -- tables
    , caption_of INTEGER REFERENCES blocks(id) ON DELETE SET NULL, continues INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE list_items(
      block_id INTEGER NOT NULL REFERENCES blocks(id) ON DELETE CASCADE,
      item_order INTEGER NOT NULL,
      marker TEXT NOT NULL,
      marker_type TEXT NOT NULL,            -- bullet | dash | decimal | lower_letter | upper_letter | lower_roman | upper_roman
      depth INTEGER NOT NULL,
      text TEXT NOT NULL,
      x INTEGER, y INTEGER, width INTEGER, height INTEGER
    );
    CREATE TABLE table_cells(
      block_id INTEGER NOT NULL REFERENCES blocks(id) ON DELETE CASCADE,
      row INTEGER NOT NULL, col INTEGER NOT NULL,   -- 0-based
      row_span INTEGER NOT NULL DEFAULT 1, col_span INTEGER NOT NULL DEFAULT 1,
      text TEXT NOT NULL,
      is_header INTEGER NOT NULL DEFAULT 0,
      x INTEGER, y INTEGER, width INTEGER, height INTEGER
    );
    CREATE TABLE barcodes(
      id INTEGER PRIMARY KEY,
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      symbology TEXT NOT NULL,
      payload TEXT NOT NULL,
      raw_bytes BLOB,                       -- set when the payload is binary
      x0 INTEGER, y0 INTEGER, x1 INTEGER, y1 INTEGER, x2 INTEGER, y2 INTEGER, x3 INTEGER, y3 INTEGER,
      orientation INTEGER
    , supplemental_payload TEXT, symbology_identifier TEXT, sequence_index INTEGER, sequence_count INTEGER, sequence_key TEXT);
    CREATE TABLE figure_regions(
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL
    );
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
    CREATE VIRTUAL TABLE page_fts USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2');
    CREATE TABLE document_moves(
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      old_path TEXT NOT NULL,
      new_path TEXT NOT NULL,
      run_id INTEGER REFERENCES runs(id),
      moved_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
    );
    CREATE TABLE detected_data(
      id INTEGER PRIMARY KEY,
      page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
      item_order INTEGER NOT NULL,          -- order on the page (reading order of its lines)
      type TEXT NOT NULL,                   -- url | email | phone | date | time | date_range | duration | money |
                                            -- address | tracking_number | flight_number | iban | isbn | issn | vat_id
      text TEXT NOT NULL,                   -- exactly as on the page
      value TEXT NOT NULL,                  -- normalised (docs/data-detection.md)
      currency TEXT,                        -- money: ISO 4217
      carrier TEXT,                         -- tracking numbers: ups | usps | fedex | dhl | upu
      first_line INTEGER NOT NULL, first_word INTEGER NOT NULL,   -- word span: line_order, word_order
      last_line INTEGER NOT NULL, last_word INTEGER NOT NULL,
      x INTEGER NOT NULL, y INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,  -- union box
      boxes TEXT NOT NULL,                  -- JSON [[x, y, width, height], ...]: one box per line spanned
      confidence REAL NOT NULL              -- 0...1
    );
    CREATE TABLE detected_date_order(
      page_id INTEGER PRIMARY KEY REFERENCES pages(id) ON DELETE CASCADE,
      day_first INTEGER NOT NULL,           -- the page's dates that put the day first (25/12/2018)
      month_first INTEGER NOT NULL,         -- … the month first (12/25/2018)
      read_day_first INTEGER NOT NULL,      -- the other pages' counts the page was read with
      read_month_first INTEGER NOT NULL
    );
    CREATE TABLE document_splits(
      id INTEGER PRIMARY KEY,
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      part INTEGER NOT NULL,                -- 1-based, in page order within the input file
      first_page INTEGER NOT NULL,          -- page numbers of the input file
      last_page INTEGER NOT NULL,
      pages TEXT NOT NULL,                  -- the pages it holds, comma-separated (separators and dropped blanks left out)
      separator TEXT,                       -- what started it: a separator payload, 'blank page', 'ASN'; NULL at the file's start
      separator_page INTEGER,
      asn INTEGER,
      tags TEXT NOT NULL DEFAULT '',        -- comma-separated, sorted
      title TEXT,                           -- once known (the title block of its first page)
      document_date TEXT,                   -- once known
      UNIQUE(document_id, part)
    );
    CREATE TABLE split_problems(
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page_number INTEGER NOT NULL,
      kind TEXT NOT NULL,                   -- unparsable_asn | conflicting_asn | missing_separator
      message TEXT NOT NULL
    );
    CREATE TABLE shard_identity(                       -- in a shard database: the one shard it holds
      id INTEGER PRIMARY KEY CHECK (id = 1),
      pipeline TEXT NOT NULL,
      config_hash TEXT NOT NULL,
      plan TEXT NOT NULL,                              -- the plan's id (config, snapshot, shard count)
      shard INTEGER NOT NULL,                          -- 0-based
      shard_count INTEGER NOT NULL
    );
    CREATE TABLE merged_shards(                        -- in the canonical database: what `merge` folded in
      plan TEXT NOT NULL,
      shard INTEGER NOT NULL,
      path TEXT NOT NULL,                              -- the shard database
      digest TEXT NOT NULL,                            -- the shard's content when merged
      pages INTEGER NOT NULL,                          -- pages copied by that merge
      settled INTEGER NOT NULL DEFAULT 0,              -- … of them done or failed
      merged_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
      PRIMARY KEY(plan, shard)
    );
    CREATE VIRTUAL TABLE page_fts_exact USING fts5(text, tokenize = 'unicode61 remove_diacritics 2');
    CREATE UNIQUE INDEX documents_path_sha ON documents(path, sha256);
    CREATE INDEX documents_sha ON documents(sha256);
    CREATE INDEX documents_status ON documents(status);
    CREATE INDEX pages_status ON pages(status);
    CREATE INDEX lines_page ON lines(page_id, line_order);
    CREATE INDEX words_page ON words(page_id);
    CREATE INDEX words_line ON words(line_id);
    CREATE INDEX ocr_regions_page ON ocr_regions(page_id);
    CREATE INDEX rulings_page ON rulings(page_id);
    CREATE INDEX blocks_page ON blocks(page_id, reading_order);
    CREATE INDEX blocks_kind ON blocks(kind);
    CREATE INDEX list_items_block ON list_items(block_id, item_order);
    CREATE INDEX table_cells_block ON table_cells(block_id, row, col);
    CREATE INDEX barcodes_page ON barcodes(page_id);
    CREATE INDEX barcodes_symbology ON barcodes(symbology);
    CREATE INDEX pages_document_status ON pages(document_id, status);
    CREATE INDEX figure_regions_page ON figure_regions(page_id);
    CREATE INDEX documents_layout_pass ON documents(layout_pass) WHERE layout_pass = 'pending';
    CREATE INDEX exports_document ON exports(document_id, format, destination);
    CREATE INDEX document_moves_document ON document_moves(document_id);
    CREATE INDEX detected_data_page ON detected_data(page_id);
    CREATE INDEX detected_data_type_value ON detected_data(type, value);
    CREATE INDEX documents_document_date ON documents(document_date) WHERE document_date IS NOT NULL;
    CREATE INDEX document_splits_asn ON document_splits(asn) WHERE asn IS NOT NULL;
    CREATE INDEX split_problems_document ON split_problems(document_id);
    CREATE UNIQUE INDEX runs_shard_source ON runs(shard_plan, shard, shard_run_id) WHERE shard_plan IS NOT NULL;
    CREATE INDEX pages_language ON pages(language) WHERE language IS NOT NULL;
    CREATE INDEX blocks_caption_of ON blocks(caption_of) WHERE caption_of IS NOT NULL;
    CREATE VIEW current_documents AS
      SELECT * FROM documents WHERE superseded_by IS NULL AND status NOT IN ('missing');
    CREATE VIEW page_text AS
      SELECT d.path AS path, p.page_number AS page_number, f.text AS text,
             p.id AS page_id, d.id AS document_id
      FROM pages p JOIN documents d ON d.id = p.document_id JOIN page_fts f ON f.rowid = p.id
      WHERE d.superseded_by IS NULL AND d.status NOT IN ('missing');
    CREATE VIEW detected AS
      SELECT d.path AS path, p.page_number AS page_number, x.type AS type, x.text AS text, x.value AS value,
             x.currency AS currency, x.carrier AS carrier, x.confidence AS confidence,
             x.page_id AS page_id, d.id AS document_id, x.id AS id
      FROM detected_data x JOIN pages p ON p.id = x.page_id JOIN current_documents d ON d.id = p.document_id;
    CREATE VIEW logical_documents AS
      SELECT s.id AS id, d.path AS path, s.document_id AS document_id, s.part AS part,
             s.first_page AS first_page, s.last_page AS last_page, s.asn AS asn, s.tags AS tags,
             s.separator AS separator, s.pages AS pages, s.title AS title, s.document_date AS document_date
      FROM document_splits s JOIN documents d ON d.id = s.document_id
      WHERE d.superseded_by IS NULL AND d.status NOT IN ('missing');
    CREATE VIEW document_languages AS
      SELECT p.document_id AS document_id, p.language AS language, count(*) AS pages,
             avg(p.language_confidence) AS confidence
      FROM pages p WHERE p.language IS NOT NULL GROUP BY p.document_id, p.language;
    """#)
}
