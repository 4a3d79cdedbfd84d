import DocumentModel
import Foundation
import Imaging
import SQLite
import Split
import YAML

extension Stage {
    public static let split = Stage(declaring: "split")
}

extension StageSettingsHolder {
    /// The `split:` section.
    public var split: SplitSettings {
        get { stages[SplitPageStage.self] }
        set { stages[SplitPageStage.self] = newValue }
    }
}

/// What the page image tells the splitter: blank or not (and its ink coverage), and the patch
/// code printed on it.
public struct SplitPageFacts: Codable, Sendable, Equatable {
    public var blank: Bool
    public var inkCoverage: Double
    public var patchCode: PatchCode?
}

/// Splitting batch scans into logical documents (docs/pipeline-files.md#splitting-batch-scans).
///
/// Per page (in the worker): whether the page is blank (ink coverage) and which patch code it
/// carries, from a 100-dpi gray copy of the page image. Per document (in the document pass, once
/// all its pages are stored): the pages' barcodes, blankness and patch codes cut the file into
/// logical documents (`DocumentSplitter`, pure), stored in `document_splits` (`Store+Split`).
/// Reading the stored barcodes, it is redone whenever they are; it never needs OCR.
final class SplitPageStage: PageStage {
    static let stage = Stage.split
    static let section = "split"
    static let keys = ["enabled", "separators", "separator_symbologies", "keep_separator_pages", "asn_prefix",
                       "asn_starts_document", "tags", "patch_codes", "blank_pages", "require_separator"]
    static let defaultSettings = SplitSettings()
    static let revision = 1
    static let inputs: [Stage] = [.extract, .barcodes]
    static let needsImage = true
    static let owesDocumentPass = true

    init() {}

    static func read(_ values: [String: YAMLNode], into settings: inout SplitSettings, with reader: SpecReader) {
        reader.readSplit(values, &settings)
    }

    static func isEnabled(_ settings: SplitSettings) -> Bool { settings.enabled }

    static func fingerprintInputs(_ spec: PipelineSpec, languages: [String]?) -> String {
        canonicalJSON(spec.split)
    }

    /// The resolution the detectors read at.
    static let readingDPI = 100.0

    func run(_ page: PageContext, settings: SplitSettings) throws -> SplitPageFacts? {
        guard let image = page.output(of: ExtractPageStage.self)?.working?.image else { return nil }
        guard let (facts, _) = try page.step(.split, { () throws -> SplitPageFacts in
            let plane = try Self.plane(of: image)
            let blank = BlankPageDetector().read(plane)
            let patch = settings.patchCodes && !blank.blank ? PatchCodeDetector().detect(plane) : nil
            return SplitPageFacts(blank: blank.blank, inkCoverage: blank.coverage, patchCode: patch)
        }) else { return nil }
        return facts
    }

    /// The page as 8-bit gray at about `readingDPI` (an image without a resolution is taken to
    /// be 8.5 in wide).
    static func plane(of image: Image) throws -> GrayPlane {
        let dpi = image.resolution > 30 ? Double(image.resolution) : Double(image.width) / 8.5
        let scale = min(1, readingDPI / max(1, dpi))
        guard let gray = try image.barcodeGrayPlane(scale: scale) else {
            return GrayPlane(width: 0, height: 0, bytes: [], dpi: 0)
        }
        return GrayPlane(width: gray.width, height: gray.height, bytes: gray.bytes, dpi: Int((dpi * scale).rounded()))
    }

    // MARK: Storage

    static var migrations: [Migrator.Migration] { [Migrator.Migration(id: 16, name: "logical documents", sql: schema)] }

    static func store(_ facts: SplitPageFacts, _ commit: StageCommit) throws {
        try commit.transaction.execute("UPDATE pages SET blank = ?, ink_coverage = ?, patch_code = ? WHERE id = ?",
                                       facts.blank, facts.inkCoverage, facts.patchCode?.payload, commit.pageID)
        try commit.mark(.split, .done)
    }

    /// The page's facts are columns of `pages`; the logical documents are made from them (and
    /// the pages' barcodes) in the document pass, and again after a merge.
    static let tables: [StageTable] = [
        .pageColumns(["blank", "ink_coverage", "patch_code"]),
        .derived("document_splits", reason: "logical documents: split again from the merged pages' barcodes and facts (a file may come from several shards)"),
        .derived("split_problems", reason: "made with the logical documents"),
    ]

    static func load(pageID: Int64, from store: Store) throws -> SplitPageFacts? {
        try store.db.queryOne("SELECT blank, ink_coverage, patch_code FROM pages WHERE id = ? AND blank IS NOT NULL", [pageID]) { r in
            SplitPageFacts(blank: r.int(0) != 0, inkCoverage: r.double(1),
                           patchCode: r.optionalString(2).flatMap { PatchCode(rawValue: String($0.dropFirst("PATCH ".count))) })
        }
    }

    /// The tables the split owns. `document_splits` and `split_problems` are keyed by
    /// `documents.id` and recomputed from the pages' stored facts and barcodes by the document
    /// pass (a merge copies them with the document id remapped, or runs the pass again);
    /// `pages.blank`, `ink_coverage` and `patch_code` are per page.
    static let documentTables = ["document_splits", "split_problems"]

    static let schema = """
    ALTER TABLE pages ADD COLUMN blank INTEGER;          -- 1: no writing inside the margins (ink coverage)
    ALTER TABLE pages ADD COLUMN ink_coverage REAL;      -- share of the page inside its margins covered by marks (counted up to 0.01)
    ALTER TABLE pages ADD COLUMN patch_code TEXT;        -- 'PATCH 1' … 'PATCH T' when the sheet is a patch-code sheet
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
    CREATE INDEX document_splits_asn ON document_splits(asn) WHERE asn IS NOT NULL;
    CREATE TABLE split_problems(
      document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
      page_number INTEGER NOT NULL,
      kind TEXT NOT NULL,                   -- unparsable_asn | conflicting_asn | missing_separator
      message TEXT NOT NULL
    );
    CREATE INDEX split_problems_document ON split_problems(document_id);
    CREATE VIEW logical_documents AS
      SELECT s.id AS id, d.path AS path, s.document_id AS document_id, s.part AS part,
             s.first_page AS first_page, s.last_page AS last_page, s.asn AS asn, s.tags AS tags,
             s.separator AS separator, s.pages AS pages, s.title AS title, s.document_date AS document_date
      FROM document_splits s JOIN documents d ON d.id = s.document_id
      WHERE d.superseded_by IS NULL AND d.status NOT IN ('missing');
    """
}
