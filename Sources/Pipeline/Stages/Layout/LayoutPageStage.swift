import DocumentModel
import Foundation
import Layout
import SQLite
import YAML

extension Stage {
    public static let layout = Stage(declaring: "layout")
}

extension StageSettingsHolder {
    public var layout: LayoutSettings {
        get { stages[LayoutPageStage.self] }
        set { stages[LayoutPageStage.self] = newValue }
    }
}

/// The output of layout for one page: its blocks and its structure JSON.
public struct LayoutOutput: Codable, Sendable {
    public var blocks: [Block]
    public var structureJSON: String?
    /// The page's margin keys (`LayoutAnalyzer.PageLayout.marginKeys`), and those of them its
    /// layout took for running headers or footers: the document pass lays the page out again
    /// only when the document's running keys take others. Not stored (nil when the output is
    /// not a worker's).
    public var marginKeys: Set<String>? = nil
    public var appliedMarginKeys: Set<String>? = nil
}

/// Layout: title and headings, paragraphs, lists, tables, figures and captions in reading
/// order, from the page's words, rulings, figure candidates and barcodes; its structure JSON
/// also lists the page's barcodes and detected data. Only a document's
/// first page may hold its title; running headers and footers are the margin lines of the
/// document's pages laid out before in this worker, then those the document pass finds
/// (`PageTask.repeatedMargins`).
final class LayoutPageStage: PageStage {
    static let stage = Stage.layout
    static let section = "layout"
    static let keys = ["enabled", "paragraphs", "lists", "tables"]
    static let defaultSettings = LayoutSettings()
    /// 2: headings, paragraphs, figures and captions on real pages; 3: reference lists,
    /// sub-captions, small-capital headings, running titles beside page numbers, comma markers;
    /// 4: regions as a reader sees them (fragments join their neighbour, …), a figure's words
    /// are its text, framed text is no figure; 5: a line-end hyphen between two dictionary words
    /// is kept ("three-dimensional"), with the OCR engine's dictionary; rows stacked in one ruled
    /// band are table rows; sub-captions and margin lines read row by row; a line ending with an
    /// amount is no heading; an edge candidate over text is no figure; paragraphs continued in the
    /// next column or past a float are marked (`Block.continues`); 6: text-layer pages decide
    /// their line-end hyphens with the dictionary too; figures on tinted paper, unsure words in a
    /// large picture are no text, labels taken at most 6 em out; 7: an unruled table keeps its
    /// row labels across a wide gap before its numbers, when they are longer than six words and
    /// alone between rows (a section label), and its header rows over a blank stub; 8: an
    /// equation's number is a caption block of its own linked to the equation, "Table 3 …" with no
    /// stop against a table is its caption, paragraphs cut inside one engine (Tesseract)
    /// paragraph whose sentence runs on are joined, and a new engine paragraph after a short
    /// last line starts a paragraph; 9: stacked heading lines are one heading, a numbered line
    /// running on into a lowercase line is a paragraph's first line, a table cut inside one
    /// Tesseract table block is one table, and an OCR page's text blocks reach the type body
    /// (0.12 em beyond the ink); 10: a bulleted line opening the page (a slide's title) can be a
    /// heading, a short isolated line ending with a lead-in word ("Since") is none, a heading
    /// inside an equation's box joins it, and a heading's title-case or bracketed continuation
    /// lines join it (`Headlines`), and an OCR line's size counts for a heading only when its
    /// letters are wider than the body's; 11: a line of a right-to-left script (Hebrew, Arabic)
    /// gives its block its words in reading order, right to left (`WritingDirection`); 12: a
    /// right-to-left page is laid out as its mirror image (`Mirror`): columns and margin rows
    /// read right to left, list markers at the right, table columns counted from the right.
    static let revision = 12
    static let inputs: [Stage] = [.extract, .ocr, .barcodes, .detect]

    /// The margin keys of the pages of one document this worker laid out (the last document it
    /// laid a page of out): a key found on an earlier page is taken for a running header on
    /// the next that holds it too, before the document pass can tell (``RunningMargins``).
    private var earlierMargins: (document: Int64, keys: Set<String>)?

    init() {}

    static func read(_ values: [String: YAMLNode], into settings: inout LayoutSettings, with reader: SpecReader) {
        reader.readLayout(values, &settings)
    }

    static func isEnabled(_ settings: LayoutSettings) -> Bool { settings.enabled }

    static func fingerprintInputs(_ spec: PipelineSpec, languages: [String]?) -> String {
        canonicalJSON(spec.layout)
    }

    func run(_ page: PageContext, settings: LayoutSettings) throws -> LayoutOutput? {
        let extracted = page.output(of: ExtractPageStage.self)
        let codes = page.output(of: BarcodesPageStage.self)?.codes ?? []
        let text = (page.pageText ?? PageText(source: extracted?.textSource ?? .ocr, lines: [])).removingWords(inside: codes)
        let size = extracted?.size ?? PageSize(width: 0, height: 0, dpi: 0)
        let document = page.task.document.id
        guard let (laidOut, applied) = try page.step(.layout, { () -> (LayoutAnalyzer.PageLayout, Set<String>) in
            let repeated = runningKeys(for: page.task)
            let laidOut = LayoutStage.layOut(text: text, rulings: extracted?.rulings ?? [], figures: extracted?.figures ?? [],
                                             width: size.width, height: size.height, settings: settings,
                                             isFirstPage: page.pageNumber == 1, repeatedMargins: repeated,
                                             lexicon: page.instance(of: OCRPageStage.self)?.lexicon(for: page))
            return (laidOut, laidOut.marginKeys.intersection(repeated))
        })?.0 else { return nil }
        if !page.task.documentPass {
            if earlierMargins?.document != document { earlierMargins = (document, []) }
            earlierMargins?.keys.formUnion(laidOut.marginKeys)
        }
        let detected = page.output(of: DetectPageStage.self)?.items ?? []
        return LayoutOutput(blocks: laidOut.blocks,
                            structureJSON: LayoutStage.structureJSON(laidOut.blocks, barcodes: codes, detectedData: detected),
                            marginKeys: laidOut.marginKeys, appliedMarginKeys: applied)
    }

    /// The running header/footer keys a task's page is laid out with: a document-pass task's, or
    /// the margin keys of the document's pages laid out before here (and any the task brings).
    private func runningKeys(for task: PageTask) -> Set<String> {
        guard !task.documentPass, let earlier = earlierMargins, earlier.document == task.document.id else {
            return task.repeatedMargins
        }
        return task.repeatedMargins.isEmpty ? earlier.keys : earlier.keys.union(task.repeatedMargins)
    }

    // MARK: Storage

    static func store(_ output: LayoutOutput, _ commit: StageCommit) throws {
        try clear(pageID: commit.pageID, in: commit.transaction)
        try commit.transaction.insertBlocks(commit.pageID, output.blocks, json: output.structureJSON)
        try commit.mark(.layout, .done)
    }

    static func changesPageText(_ output: LayoutOutput) -> Bool { true }
    /// The document's header/footer pass is owed until it has run.
    static let owesDocumentPass = true

    static let tables: [StageTable] = [
        .pageRows("blocks"), .childRows("list_items", of: "blocks", by: "block_id"), .childRows("table_cells", of: "blocks", by: "block_id"),
        .pageColumns(["structure_json"]),
    ]

    /// `blocks.continues`: a paragraph set in two pieces (a column or page break, a float
    /// between them) is two blocks, the second marked as carrying on the first.
    static var migrations: [Migrator.Migration] {
        [Migrator.Migration(id: 12, name: "continued paragraphs",
                            sql: "ALTER TABLE blocks ADD COLUMN continues INTEGER NOT NULL DEFAULT 0;")]
    }

    /// Blocks are not read back by any stage (the export reads them itself).
    static func load(pageID: Int64, from store: Store) throws -> LayoutOutput? { nil }
}
