import DocumentModel
import Foundation
import Imaging
import PDF
import QPDF

/// The extract stage: turns (document, page) into an `ExtractedPage`.
///
/// One per worker. It keeps the most recently used PDF open (keyed by `DocumentRef.id`) so
/// consecutive pages of one document do not reopen it; pages themselves are never cached, so a
/// 2,000-page PDF holds one page at a time. Not `Sendable` (owns poppler objects).
///
/// - PDF pages are rendered at `settings.dpi`; the text layer is used per `settings.textLayer`
///   (`auto`: see `TextLayerPolicy`; `always`: never OCR, even an empty layer; `never`: always OCR).
/// - Image files (each TIFF directory is a page) are read in 8-bit gray with the file's dpi,
///   else `settings.assumedImageDPI`, else (`auto`) the resolution estimated from the size of
///   the page's text (`TextScale`, 300 when there is too little text to measure). With `always`
///   they get an empty text layer (no OCR).
/// - Pages to be OCR'd carry their measured `TextScale`.
/// - Encrypted PDFs: no password first, then the values of `DocumentRef.passwordEnv`'s variables
///   in order.
public final class PageExtractor {
    private var openDocument: (id: Int64, path: String, pdf: PDFDocument)?
    /// The same PDF read by qpdf, for its pages' drawing (opened when first needed; nil inside
    /// when qpdf cannot read it).
    private var openDrawings: (id: Int64, path: String, qpdf: QPDFDocument?)?
    /// The same PDF opened by poppler's Splash renderer, for the ruling rasters of text-layer pages
    /// that draw images (opened when first needed; nil inside when it cannot be opened).
    private var openRulingInk: (id: Int64, path: String, renderer: RulingInkRenderer?)?
    /// How much content a text-layer page may draw before it is not rendered.
    public var drawingBudget = DrawingBudget()
    /// The image file whose pages are being read (a TIFF's directory chain is walked once per
    /// document, not once per page).
    private var openImage: (id: Int64, path: String, pages: ImagePages)?

    public init() {}

    /// Number of pages of the document (PDF pages, TIFF directories, 1 for other images).
    public func pageCount(of document: DocumentRef) throws -> Int {
        switch document.kind {
        case .pdf:
            return try pdf(for: document).pageCount
        case .unknown:
            throw Self.unsupported(document.path)
        default:
            do { return try imagePages(for: document).pageCount } catch let error as ImageError {
                throw Self.translate(error, page: nil)
            }
        }
    }

    /// Extracts page `page` (1-based). `textLayerRaster`: for a PDF page read from its text
    /// layer, the cheaper raster to render when no later stage needs full detail. With
    /// `barcodes`, a text-layer page's content is read first (``DrawingVerdict``): only a page
    /// with images or a code-like drawing gets the full raster; a page of text and rulings gets
    /// `textLayerRaster`, and a page over ``drawingBudget`` a blank one of that resolution.
    /// With `rulingsFromDrawing`, a text-layer page that gets `textLayerRaster` and whose content
    /// draws only text and straight marks is not rendered at all: its rulings come from the
    /// drawing (``ExtractedPage/vectorRulings``, see ``VectorRulings``). Such a page that draws
    /// images gets its `textLayerRaster` from poppler's Splash renderer, without its glyphs and
    /// the pictures beside its text (``rulingInk(of:page:number:dpi:threshold:words:wordDPI:maxPixels:)``).
    public func extract(_ document: DocumentRef, page: Int, settings: ExtractSettings,
                        textLayerRaster: TextLayerRaster? = nil, barcodes: Bool = false,
                        rulingsFromDrawing: Bool = false) throws -> ExtractedPage {
        switch document.kind {
        case .pdf:
            return try extractPDF(document, page: page, settings: settings, textLayerRaster: textLayerRaster,
                                  barcodes: barcodes, rulingsFromDrawing: rulingsFromDrawing)
        case .unknown:
            throw Self.unsupported(document.path)
        default:
            return try extractImage(document, page: page, settings: settings)
        }
    }

    // MARK: - Images

    private func extractImage(_ document: DocumentRef, page: Int, settings: ExtractSettings) throws -> ExtractedPage {
        let image: Image
        do {
            image = try imagePages(for: document).read(page: page, maxPixels: settings.maxPixels,
                                                       assumedDPI: settings.assumedImageDPI ?? 0)
        } catch let error as ImageError {
            throw Self.translate(error, page: page)
        }
        if settings.textLayer == .always {
            if image.resolution == 0 { image.setResolution(Self.fallbackDPI) }
            return ExtractedPage(image: image, textLayer: PageText(source: .textLayer, lines: []),
                                 dpi: image.resolution, textSource: .textLayer)
        }
        let scale = try image.textScale()
        let estimated = image.resolution == 0
        if estimated { image.setResolution(Self.resolution(estimatedFrom: scale)) }
        var page = ExtractedPage(image: image, textLayer: nil, dpi: image.resolution, textSource: .ocr)
        page.textScale = scale
        page.resolutionEstimated = estimated
        return page
    }

    /// Resolution of an image without one when its text cannot be measured.
    static let fallbackDPI = 300

    /// The resolution an image without one is given: the text-scale estimate within 50...1200
    /// (the range image files plausibly record), else `fallbackDPI`.
    static func resolution(estimatedFrom scale: TextScale?) -> Int {
        guard let scale else { return fallbackDPI }
        return min(1200, max(50, scale.estimatedDPI))
    }

    /// The open image file for `ref`, opening it (and dropping the previous one) when needed.
    private func imagePages(for ref: DocumentRef) throws -> ImagePages {
        if let open = openImage, open.id == ref.id, open.path == ref.path { return open.pages }
        openImage = nil
        let pages = try ImagePages(path: ref.path)
        openImage = (ref.id, ref.path, pages)
        return pages
    }

    // MARK: - PDFs

    private func extractPDF(_ document: DocumentRef, page number: Int, settings: ExtractSettings,
                            textLayerRaster: TextLayerRaster?, barcodes: Bool,
                            rulingsFromDrawing: Bool) throws -> ExtractedPage {
        let pdf = try pdf(for: document)
        do {
            let page = try pdf.page(number)
            // The content walk, made at most once: for the text-layer policy (a page under a
            // full-page image) and for the verdict below.
            var walked: (drawing: PageDrawing, verdict: DrawingVerdict)??
            func walk() -> (drawing: PageDrawing, verdict: DrawingVerdict)? {
                if walked == nil { walked = .some(drawing(of: document, page: number)) }
                return walked!
            }
            let text = try textLayer(of: page, settings: settings, drawing: { walk()?.drawing })
            // A page read from its text layer needs its raster only for rulings (and barcodes):
            // the caller may ask for a cheaper one (lower resolution, 1-bit ink). With barcodes
            // due, the page's content decides whether a code could be there before anything is rendered.
            // Without barcodes, the content still decides whether the page can be rendered at all
            // within the drawing budget (a ruling raster of PyMuPDF's test_3450.pdf costs 13 s).
            let read = text != nil ? walk() : nil
            let verdict = read?.verdict
            // Codes only in images: read from the images' own pixels, no full raster.
            let embedded = barcodes && verdict == .mayHoldCodes ? read.flatMap {
                Self.embeddedCodeImages(of: page, drawing: $0.drawing, dpi: settings.dpi, maxPixels: settings.maxPixels)
            } : nil
            let cheap = text == nil || (barcodes && (verdict == nil || (verdict == .mayHoldCodes && embedded == nil)))
                ? nil : textLayerRaster
            if let layer = text {
                if case .tooComplex = verdict {
                    // Not rendered at all: a blank raster of the page at the cheap resolution.
                    return try unrendered(page, document: document, number: number, layer: layer, cheap: cheap,
                                          settings: settings, verdict: verdict, rulings: nil)
                }
                if let cheap, rulingsFromDrawing, let drawing = read?.drawing,
                   let rulings = VectorRulings.lines(of: drawing, dpi: settings.dpi) {
                    // Text and straight marks only: the rulings are read from the drawing.
                    var extracted = try unrendered(page, document: document, number: number, layer: layer, cheap: cheap,
                                                   settings: settings, verdict: verdict, rulings: rulings)
                    extracted.embeddedCodeImages = embedded
                    return extracted
                }
            }
            var imageDPI = min(settings.dpi, cheap?.dpi ?? settings.dpi)
            // A page too large for the pixel budget gets a coarser raster instead of failing: a
            // text-layer page needs one only for rulings and barcodes; a page to OCR (a poster, a
            // drawing, a scan declared far too large) is read at the finest resolution within
            // the budget, down to `minimumReducedDPI` (its text scale decides the rest).
            let largest = Self.largestDPI(of: page, within: settings.maxPixels)
            if text != nil || largest >= Self.minimumReducedDPI { imageDPI = min(imageDPI, largest) }
            var image: Image
            // Codes read from the images' own pixels: the ink raster is composed from those pixels
            // and the drawing's marks where it can be, not rendered (no second decode of the images).
            // (Not in a document with optional content, even with every layer on: on a real report's
            // framed badge the composed frame lost two sides the render shows; not followed up.)
            if let embedded, let threshold = cheap?.inkThreshold, let drawing = read?.drawing, !pdf.hasOptionalContent,
               case let size = page.pixelSize(dpi: imageDPI),
               let composed = try? Self.composedInk(drawing: drawing, images: embedded, words: text?.words.map(\.box) ?? [],
                                                    pageDPI: settings.dpi, dpi: imageDPI,
                                                   width: size.width, height: size.height, threshold: threshold) {
                image = composed
            } else if let threshold = cheap?.inkThreshold, let layer = text, let drawing = read?.drawing, !drawing.drawsNoImages,
                      let ink = rulingInk(of: document, page: page, number: number, dpi: imageDPI, threshold: threshold,
                                          words: layer.words.map(\.box), wordDPI: settings.dpi, maxPixels: settings.maxPixels) {
                image = ink
            } else {
                (image, imageDPI) = try Self.renderCoarserIfCairoFails(startingAt: imageDPI) { dpi in
                    try cheap?.inkThreshold.map { try page.renderInk(dpi: dpi, threshold: $0, maxPixels: settings.maxPixels) }
                        ?? page.render(dpi: dpi, maxPixels: settings.maxPixels)
                }
            }
            // A text-layer page keeps the requested resolution's coordinates (its words come from
            // the layer); an OCR'd page's are those of its raster.
            let size = page.pixelSize(dpi: settings.dpi)
            var extracted = ExtractedPage(image: image, textLayer: text, dpi: text == nil ? imageDPI : settings.dpi,
                                          textSource: text == nil ? .ocr : .textLayer, imageDPI: imageDPI,
                                          size: text == nil ? nil : (size.width, size.height))
            if text == nil { extracted.textScale = Self.plausibleOnPDFPage(try image.textScale(), renderDPI: imageDPI) }
            // Its images are figure candidates; a page whose content draws none needs no look.
            else if verdict != .noCodes { extracted.imageAreas = Self.pixelBoxes(page.imageAreas, dpi: settings.dpi) }
            extracted.drawing = verdict
            // Codes are searched for only where the content could draw them.
            extracted.embeddedCodeImages = embedded
            if barcodes, verdict == .mayHoldCodes, embedded == nil, let drawing = read?.drawing {
                extracted.codeAreas = Self.codeAreas(of: drawing, dpi: imageDPI, width: image.width, height: image.height)
            }
            return extracted
        } catch let error as PDFError {
            throw Self.translate(error, page: number, passwordEnv: document.passwordEnv)
        }
    }

    /// The ruling raster of a text-layer page that draws images, made by poppler's Splash
    /// renderer (``PDF/RulingInkRenderer``): its lines, fills and marks, and the images its words
    /// (`words`, pixels at `wordDPI`) lie over; not the pictures beside its text, whose decoding
    /// was most of the raster's cost, and not its glyphs (as ``composedInk(drawing:images:words:pageDPI:dpi:width:height:threshold:)``).
    /// A picture is a figure candidate by where the PDF draws it (``ExtractedPage/imageAreas``).
    /// Nil when the renderer cannot open the document or draw the page: it is then rendered by
    /// cairo, images and glyphs and all.
    private func rulingInk(of ref: DocumentRef, page: PDFPage, number: Int, dpi: Int, threshold: Int,
                           words: [Box], wordDPI: Int, maxPixels: Int) -> Image? {
        if openRulingInk?.id != ref.id || openRulingInk?.path != ref.path {
            openRulingInk = nil
            let renderer = Self.opened(ref) { try RulingInkRenderer(path: ref.path, password: $0) }
            openRulingInk = (ref.id, ref.path, renderer.flatMap { $0.pageCount == (try? pdf(for: ref))?.pageCount ? $0 : nil })
        }
        let size = page.pixelSize(dpi: dpi)
        guard let renderer = openRulingInk?.renderer, size.width * size.height <= maxPixels else { return nil }
        let f = Double(dpi) / Double(wordDPI)
        return try? renderer.renderInk(page: number, dpi: dpi, threshold: threshold, width: size.width, height: size.height,
                                       wordCentres: words.map { (Double($0.x) * f + Double($0.width) * f / 2,
                                                                 Double($0.y) * f + Double($0.height) * f / 2) })
    }

    /// Areas of a page in points as boxes of whole pixels at `dpi` (a partial pixel counts,
    /// beyond float noise).
    static func pixelBoxes(_ areas: [PDFPage.Area], dpi: Int) -> [Box] {
        let scale = Double(dpi) / 72
        return areas.map { a in
            func down(_ v: Double) -> Int { Int((v * scale + 1e-6).rounded(.down)) }
            func up(_ v: Double) -> Int { Int((v * scale - 1e-6).rounded(.up)) }
            let x = down(a.x0), y = down(a.y0)
            return Box(x: x, y: y, width: max(1, up(a.x1) - x), height: max(1, up(a.y1) - y))
        }
    }

    /// Renders with `render` at `dpi`; when cairo fails on the page, at half the resolution,
    /// down to `minimumReducedDPI`. Some pages draw something cairo cannot hold at a fine
    /// resolution: a Type 3 font whose FontMatrix is the identity instead of 1/1000 makes every
    /// glyph a thousand times too large, over cairo's 32,767-pixel limit at 300 dpi but not at
    /// 50 (PyMuPDF's test_4435.pdf). The page then has a coarser raster instead of failing and
    /// losing its text. Returns the raster and its resolution; rethrows the error at the coarsest.
    static func renderCoarserIfCairoFails(startingAt dpi: Int, _ render: (Int) throws -> Image) throws -> (Image, Int) {
        var dpi = dpi
        while true {
            do {
                return (try render(dpi), dpi)
            } catch PDFError.renderFailed(_, _, let message) where message.hasPrefix("cairo:") && dpi > minimumReducedDPI {
                dpi = max(minimumReducedDPI, dpi / 2)
            }
        }
    }

    /// The smallest text-scale estimate a rendered PDF page may have, as a share of the render's
    /// resolution. A PDF page's size is physical: at 0.3 its body text would be printed at 3 pt.
    /// An estimate that low measures texture, not text (a scanned sheet of graph paper, whose
    /// dotted rules made 1,200 aligned 4-px "letters": 64 dpi at 300, so the page was enlarged
    /// 3× and read into 1,555 words of garbage in 44 s). The smallest real one among 180 odd
    /// PDFs: 0.39, a 2400-dpi scan of small print.
    static let minimumPDFTextScale = 0.3

    /// `scale` unless it is implausibly small for a PDF page rendered at `renderDPI`.
    static func plausibleOnPDFPage(_ scale: TextScale?, renderDPI: Int) -> TextScale? {
        guard let scale, Double(scale.estimatedDPI) >= minimumPDFTextScale * Double(renderDPI) else { return nil }
        return scale
    }

    /// The coarsest raster a page to OCR is rendered at when the requested one is over the pixel
    /// budget; a page that needs less fails with the budget error. 10-pt text at 50 dpi has an
    /// x-height of ≈ 3 px (enlarged 2.4× for OCR, it reads poorly); what needs less is over
    /// 2,000 square inches (a 45 × 45 in page).
    static let minimumReducedDPI = 50

    /// The highest resolution (at least 1 dpi) at which `page` renders within `maxPixels`.
    static func largestDPI(of page: PDFPage, within maxPixels: Int) -> Int {
        let points = page.size
        let area = max(1, points.width * points.height)
        return max(1, Int((72 * (Double(maxPixels) / area).squareRoot()).rounded(.down)))
    }

    /// The page's text layer when `settings.textLayer` says to use it (see `TextLayerPolicy`), else nil.
    /// `drawing`: what the page's content draws (nil when qpdf cannot read it).
    private func textLayer(of page: PDFPage, settings: ExtractSettings, drawing: () -> PageDrawing?) throws -> PageText? {
        switch settings.textLayer {
        case .never:
            return nil
        case .always:
            return page.textLayer(dpi: settings.dpi)
        case .auto:
            let glyphs = page.glyphs()
            // A page whose content draws no image covers none of itself with one: poppler's
            // image mapping, a second walk of the whole content, is not needed to say so.
            let verdict = TextLayerPolicy.verdict(characters: glyphs.lazy.map(\.scalar),
                                                  imageCoverage: { drawing()?.drawsNoImages == true ? (0, 0) : page.imageCoverage },
                                                  textOverLargestImage: { drawing()?.showsTextOverLargestImage ?? false })
            guard verdict == .useTextLayer else { return nil }
            return TextLayerBuilder.pageText(from: glyphs, scale: Double(settings.dpi) / 72)
        }
    }

    /// What page `number` of `ref` draws, and its verdict for barcodes; nil when qpdf cannot read
    /// the document or the page (then the page is rendered and searched as if it held codes).
    private func drawing(of ref: DocumentRef, page number: Int) -> (drawing: PageDrawing, verdict: DrawingVerdict)? {
        if openDrawings?.id != ref.id || openDrawings?.path != ref.path {
            openDrawings = nil
            // qpdf's page n is poppler's page n only when both list the same pages: a page tree
            // with a loop or a kid that is not a page is listed differently (qpdf counted a font
            // as a page, so every later page got the drawing of the page before it). Checked
            // once, as the document is opened; otherwise its pages are rendered.
            let qpdf = Self.opened(ref, { try QPDFDocument(path: ref.path, password: $0) }).flatMap { qpdf in
                (try? pdf(for: ref))?.pageCount == qpdf.pageCount ? qpdf : nil
            }
            openDrawings = (ref.id, ref.path, qpdf)
        }
        guard let qpdf = openDrawings?.qpdf, let drawing = try? qpdf.drawing(ofPage: number - 1, budget: drawingBudget)
        else { return nil }
        return (drawing, DrawingVerdict(drawing, budget: drawingBudget))
    }

    /// `open` without a password, then with each of `ref`'s password variables' values in
    /// order; nil when none opens it.
    private static func opened<T>(_ ref: DocumentRef, _ open: (String?) throws -> T) -> T? {
        if let document = try? open(nil) { return document }
        let environment = ProcessInfo.processInfo.environment
        for password in ref.passwordEnv.compactMap({ environment[$0] }) {
            if let document = try? open(password) { return document }
        }
        return nil
    }

    /// The open document for `ref`, opening it (and closing the previous one) when needed.
    private func pdf(for ref: DocumentRef) throws -> PDFDocument {
        if let open = openDocument, open.id == ref.id, open.path == ref.path { return open.pdf }
        openDocument = nil
        let pdf = try Self.open(ref)
        openDocument = (ref.id, ref.path, pdf)
        return pdf
    }

    /// Opens without a password, then with each password variable's value in order.
    private static func open(_ ref: DocumentRef) throws -> PDFDocument {
        do {
            return try PDFDocument(path: ref.path)
        } catch PDFError.encrypted(_, .needsPassword) {
            let environment = ProcessInfo.processInfo.environment
            let candidates = ref.passwordEnv.compactMap { name in environment[name].map { (name, $0) } }
            for (_, password) in candidates {
                do { return try PDFDocument(path: ref.path, password: password) }
                catch PDFError.encrypted(_, .wrongPassword) { continue }
                catch let error as PDFError { throw translate(error, page: nil, passwordEnv: ref.passwordEnv) }
            }
            // Variables are named by position, never by name: an entry may be a password written
            // there by mistake, and messages are printed and stored.
            let numbers = ref.passwordEnv.indices.map { "#\($0 + 1)" }
            let input = ref.passwordInput > 0 ? "input \(ref.passwordInput)" : "this input"
            if candidates.isEmpty {
                let hint = ref.passwordEnv.isEmpty
                    ? "list environment variables holding passwords under this input's `passwords:` in the pipeline file"
                    : (numbers.count == 1 ? "variable \(numbers[0]) of \(input) is not set"
                                          : "variables \(numbers.joined(separator: ", ")) of \(input) are not set")
                throw ExtractError(category: .needsPassword, path: ref.path,
                                   message: "\(ref.path): encrypted PDF needs a password (\(hint))")
            }
            let tried = ref.passwordEnv.indices.filter { environment[ref.passwordEnv[$0]] != nil }.map { "#\($0 + 1)" }
            throw ExtractError(category: .wrongPassword, path: ref.path,
                               message: "\(ref.path): wrong password: none of the set password variables of \(input) (\(tried.joined(separator: ", "))) opens this encrypted PDF")
        } catch let error as PDFError {
            throw translate(error, page: nil, passwordEnv: ref.passwordEnv)
        }
    }

    // MARK: - Errors

    private static func unsupported(_ path: String) -> ExtractError {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let attributes else {
            return ExtractError(category: .notFound, path: path, message: "\(path): file not found or not readable")
        }
        if (attributes[.size] as? Int) == 0 {
            return ExtractError(category: .empty, path: path, message: "\(path): file is empty (0 bytes)")
        }
        return ExtractError(category: .unsupportedFormat, path: path,
                     message: "\(path): not a PDF or an image format quire reads (PNG, JPEG, TIFF, GIF, BMP, WebP, JPEG 2000, PNM)")
    }

    static func translate(_ error: PDFError, page: Int?, passwordEnv: [String]) -> ExtractError {
        let category: ExtractError.Category
        var errorPage = page
        switch error {
        case .notFound: category = .notFound; errorPage = nil
        case .encrypted(_, .needsPassword): category = .needsPassword; errorPage = nil
        case .encrypted(_, .wrongPassword): category = .wrongPassword; errorPage = nil
        case .damaged: category = .damaged
        case .pageOutOfRange: category = .pageOutOfRange
        case .tooLarge: category = .tooLarge
        case .renderFailed: category = .renderFailed
        }
        return ExtractError(category: category, path: error.path, page: errorPage, message: error.description)
    }

    static func translate(_ error: ImageError, page: Int?) -> ExtractError {
        let category: ExtractError.Category
        switch error.reason {
        case .notFound: category = .notFound
        case .empty: category = .empty
        case .unsupportedFormat: category = .unsupportedFormat
        case .tooLarge, .framesTooLarge: category = .tooLarge
        case .pageOutOfRange: category = .pageOutOfRange
        case .decodeFailed, .writeFailed: category = .damaged
        case .operationFailed: category = .renderFailed
        }
        return ExtractError(category: category, path: error.path, page: page, message: error.description)
    }
}
