import DocumentModel
import Foundation
import Imaging
import YAML

extension Stage {
    public static let extract = Stage(declaring: "extract")
    /// Orientation and deskew: a step of `extract`, named on its own in failures.
    public static let preprocess = Stage(declaring: "preprocess")
}

extension StageSettingsHolder {
    public var extract: ExtractSettings {
        get { stages[ExtractPageStage.self] }
        set { stages[ExtractPageStage.self] = newValue }
    }
}

/// Extraction: the page's image (rendered PDF page or decoded image), made upright and
/// deskewed, its ruling lines and figure candidates, and the text layer of born-digital pages.
/// It runs whenever a due stage needs the image; its output is stored only when it is due itself
/// (it is deterministic for the same settings).
final class ExtractPageStage: PageStage {
    static let stage = Stage.extract
    static let section = "extract"
    static let keys = ["dpi", "assumed_image_dpi", "text_layer", "max_megapixels", "detect_orientation", "deskew"]
    static let defaultSettings = ExtractSettings()
    /// 2: text-scale estimate (auto resolution), enlarged small text, orientation check;
    /// 3: figure candidates join their colour bars, text measured with dark surroundings whitened;
    /// 4: short vertical rulings from one horizontal ruling to another (the cell dividers of a
    /// row ruled on its own); 5: with barcodes on, a text-layer page without images or code-like
    /// drawing finds its rulings on the 100-dpi ink raster, and one over the drawing budget has none;
    /// 6: a text-layer page's figure candidates include the areas where its PDF draws images;
    /// 7: a text-layer page drawing only text and straight marks is not rendered (its rulings
    /// come from its drawing); a page printing visible text over a full-page image keeps its
    /// text layer; 8: the orientation probe is never enlarged past 16 megapixels (a camera photo
    /// without text size may be found turned differently); 9: with barcodes on, a page whose only
    /// code candidates are images is not rendered at full resolution (its images are read from
    /// their own pixels); 10: a scan under an OCR layer that reads as words keeps that layer
    /// (``TextLayerPolicy`` rule 4, ``LayerWordShare``); 11: a page whose codes are read from its
    /// images' own pixels and whose drawing is otherwise straight marks has its ruling raster
    /// composed from those pixels and the marks (pale marks leave no ink), not rendered
    /// (``PageExtractor/composedInk(drawing:images:words:pageDPI:dpi:width:height:threshold:)``); 12: rulings
    /// read from a page's drawing leave out marks too pale to leave ink, and a page of a document
    /// with a layer that is off is rendered for its rulings (``QPDF/QPDFDocument/hidesLayers``);
    /// 13: a text-layer page's ruling raster leaves out the pictures no word lies over, composed
    /// or drawn (by poppler's Splash renderer, without glyphs, for a page with pictures that is
    /// not composed: ``PDF/RulingInkRenderer``); 14: a text layer with right-to-left text keeps
    /// every line (poppler-glib's whole-page selection lost most lines of a right-to-left page)
    /// in its own direction, and its words their boxes (poppler's embedding marks around a
    /// right-to-left run no longer shift every later character onto another one's box).
    static let revision = 14
    static let inputs: [Stage] = []
    static let needsImage = true
    /// The image every stage needing one works on comes from here.
    static let producesImage = true

    /// Raster resolution for text-layer pages whose image only serves ruling detection.
    static let rulingDPI = 100

    private let extractor = PageExtractor()
    private var preprocessor: (settings: ExtractSettings, languages: [String], engine: Preprocessor)?

    init() {}

    static func read(_ values: [String: YAMLNode], into settings: inout ExtractSettings, with reader: SpecReader) {
        reader.readExtract(values, &settings)
    }

    static func isEnabled(_ settings: ExtractSettings) -> Bool { true }

    static func fingerprintInputs(_ spec: PipelineSpec, languages: [String]?) -> String {
        canonicalJSON(spec.extract)
    }

    func pageCount(_ document: DocumentRef) throws -> Int { try extractor.pageCount(of: document) }

    func run(_ page: PageContext, settings: ExtractSettings) throws -> ExtractOutput? {
        let task = page.task
        let layout = page.settings.layout
        let ocr = page.settings.ocr.with(languages: task.ocrLanguages)
        // A text-layer page's raster serves ruling detection, and barcodes only where its
        // content draws an image or a code-like shape (decided from the content, before any
        // render): 100 dpi is plenty otherwise, rendered straight to the 1-bit ink the detector
        // works on.
        let reduced = TextLayerRaster(dpi: Self.rulingDPI, inkThreshold: RulingDetector().threshold)
        guard let (extracted, _) = try page.step(.extract, {
            try page.withOpenedDocument {
                // Splitting looks at the page's raster: a page it is due on is rendered.
                try extractor.extract($0, page: task.pageNumber, settings: settings, textLayerRaster: reduced,
                                      barcodes: page.isDue(.barcodes), rulingsFromDrawing: !page.isDue(.split))
            }
        }) else { return nil }
        let usesOCR = extracted.textSource == .ocr
        // Orientation after the first reading: OSD costs about a third of a fast reading, and
        // nearly every page is upright; only a page that reads poorly is checked (and read
        // again when it is turned). Without OCR in this task, OSD runs first.
        let reader = page.instance(of: OCRPageStage.self)
        let readFirst = usesOCR && settings.detectOrientation && ocr.enabled && page.isDue(.ocr) && reader != nil
        guard var (prepared, _) = try page.step(.preprocess, {
            usesOCR ? try preprocess(extracted.image, textScale: extracted.textScale, settings,
                                     languages: ocr.firstLanguages, orientation: !readFirst)
                    : PreparedImage(image: extracted.image, rotation: 0, skewDegrees: 0)
        }) else { return nil }
        var firstReading: (text: PageText, ms: Int)?
        if readFirst, let reader {
            let read = try reader.readFirst(page, extracted, prepared) { image, textScale in
                try self.preprocessor(settings, languages: ocr.firstLanguages).reoriented(image, textScale: textScale)
            }
            prepared = read.prepared
            firstReading = read.reading
        }
        // Ruling lines belong to the page's preparation: a leptonica failure fails that step.
        // A page not rendered for its drawing of text and straight marks has its rulings from
        // that drawing, and no drawn figure.
        let vector = extracted.vectorRulings
        guard let (rulings, _) = try page.step(.preprocess, {
            !(layout.enabled && layout.tables) ? []
                : try vector ?? LayoutStage.rulings(in: prepared.image).map { $0.scaled(by: Double(extracted.dpi) / Double(extracted.imageDPI)) }
        }) else { return nil }
        // A born-digital page's images are where its PDF draws them; the raster adds what is drawn.
        let figures = layout.enabled && vector == nil
            ? LayoutStage.figureCandidates(
                images: extracted.imageAreas,
                drawn: LayoutStage.figureRegions(in: prepared.image).map { $0.scaled(by: Double(extracted.dpi) / Double(extracted.imageDPI)) })
            : []
        let size = usesOCR ? (prepared.image.width, prepared.image.height) : (extracted.width, extracted.height)
        // An image without a resolution takes the estimate measured on the upright page.
        let dpi = extracted.resolutionEstimated ? PageExtractor.resolution(estimatedFrom: prepared.textScale) : extracted.dpi
        return ExtractOutput(
            size: PageSize(width: size.0, height: size.1, dpi: dpi),
            textSource: extracted.textSource, rotation: prepared.rotation, skew: prepared.skewDegrees,
            rulings: rulings, figures: figures,
            textLayer: extracted.textLayer.map { page.settings.ocr.detectsLanguage ? $0.withDetectedLanguage() : $0 },
            estimatedDPI: usesOCR ? prepared.textScale?.estimatedDPI : nil,
            working: WorkingPage(prepared: prepared, firstReading: firstReading, drawing: extracted.drawing,
                                 codeAreas: extracted.codeAreas, embeddedCodeImages: extracted.embeddedCodeImages))
    }

    private func preprocessor(_ settings: ExtractSettings, languages: [String]) throws -> Preprocessor {
        if preprocessor?.settings != settings || preprocessor?.languages != languages {
            preprocessor = (settings, languages, try Preprocessor(settings: settings, languages: languages))
        }
        return preprocessor!.engine
    }

    private func preprocess(_ image: Image, textScale: TextScale?, _ settings: ExtractSettings,
                            languages: [String], orientation: Bool) throws -> PreparedImage {
        try preprocessor(settings, languages: languages).prepare(image, textScale: textScale, orientation: orientation)
    }

    // MARK: Storage

    static func store(_ output: ExtractOutput, _ commit: StageCommit) throws {
        // Extraction also runs when only a later stage needs the image: stored only when due.
        guard commit.page.stages.contains(.extract) else { return }
        let transaction = commit.transaction, pageID = commit.pageID
        try transaction.execute("""
            UPDATE pages SET width = ?, height = ?, dpi = ?, text_source = ?, rotation = ?, skew = ?,
              estimated_dpi = ? WHERE id = ?
            """, output.size.width, output.size.height, output.size.dpi, output.textSource.rawValue, output.rotation,
            output.skew, output.estimatedDPI, pageID)
        try clear(pageID: pageID, in: transaction)
        try transaction.insertRulings(pageID, output.rulings)
        try transaction.insertFigureRegions(pageID, output.figures)
        try commit.mark(.extract, .done)
        if let layer = output.textLayer {
            // The page's words come from its text layer: OCR is not needed here.
            try OCRPageStage.clear(pageID: pageID, in: transaction)
            try transaction.insertText(pageID, layer)
            try commit.mark(.ocr, .skipped)
        }
    }

    static func changesPageText(_ output: ExtractOutput) -> Bool { output.textLayer != nil }

    /// The page's size, rotation and skew are columns of `pages` every page has (overwritten,
    /// never cleared); rulings and figure candidates are the stage's own rows.
    static let tables: [StageTable] = [.pageRows("rulings"), .pageRows("figure_regions")]

    /// The stored size, text source, rulings and figure regions (the text layer's words are
    /// read back as the page's text, by the OCR stage).
    static func load(pageID: Int64, from store: Store) throws -> ExtractOutput? {
        guard let row = try store.db.queryOne("""
            SELECT width, height, dpi, text_source, rotation, skew, estimated_dpi FROM pages WHERE id = ?
            """, [pageID], { r in
            (r.isNull(0) ? nil : PageSize(width: r.int(0), height: r.int(1), dpi: r.int(2)),
             TextSource(rawValue: r.optionalString(3) ?? "") ?? .ocr, r.optionalInt(4) ?? 0, r.optionalDouble(5) ?? 0,
             r.optionalInt(6))
        }), let size = row.0 else { return nil }
        return ExtractOutput(size: size, textSource: row.1, rotation: row.2, skew: row.3,
                             rulings: try store.storedRulings(pageID: pageID),
                             figures: try store.storedFigureRegions(pageID: pageID), textLayer: nil, estimatedDPI: row.4)
    }
}

extension WriteTransaction {
    func insertRulings(_ pageID: Int64, _ rulings: [RulingLine]) throws {
        let insert = try statement("""
            INSERT INTO rulings(page_id, orientation, position, start, end, thickness) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for r in rulings { try insert.execute([pageID, r.orientation.rawValue, r.position, r.start, r.end, r.thickness]) }
    }

    func insertFigureRegions(_ pageID: Int64, _ figures: [Box]) throws {
        let insert = try statement("INSERT INTO figure_regions(page_id, x, y, width, height) VALUES (?, ?, ?, ?, ?)")
        for b in figures { try insert.execute([pageID, b.x, b.y, b.width, b.height]) }
    }
}

extension Store {
    func storedRulings(pageID: Int64) throws -> [RulingLine] {
        try db.query("SELECT orientation, position, start, end, thickness FROM rulings WHERE page_id = ?", [pageID]) { r in
            RulingLine(orientation: RulingLine.Orientation(rawValue: r.string(0)) ?? .horizontal,
                       position: r.int(1), start: r.int(2), end: r.int(3), thickness: r.int(4))
        }
    }

    /// The candidate figure regions stored for a page at extraction (for a layout-only redo).
    func storedFigureRegions(pageID: Int64) throws -> [Box] {
        try db.query("SELECT x, y, width, height FROM figure_regions WHERE page_id = ? ORDER BY y, x", [pageID]) { r in
            Box(x: r.int(0), y: r.int(1), width: r.int(2), height: r.int(3))
        }
    }
}
