import DocumentModel
import Foundation
import Imaging
import OCR
import Pipeline
import QPDF

/// `--format pdf`: a searchable PDF, the original pages with an invisible text layer made from
/// the **stored** words (nothing is recognised again).
///
/// - PDF inputs: the original file, opened with qpdf; each OCR'd page gets the text layer as an
///   extra content stream (the original content wrapped in `q`/`Q`), so vector content,
///   images, fonts and metadata stay as they were. Born-digital pages (text layer) keep their
///   own text and get no second layer.
/// - Image inputs: a new PDF, one page per image page at the image's resolution (JPEGs passed
///   through unchanged, gray and RGB PNGs' compressed data too (``PNGPassThrough``), others
///   losslessly compressed), with the text layer over it.
///
/// Tesseract's `TessPDFRenderer` draws the text of a recognition it has just run, so using it
/// would mean OCR again (minutes per document, and text that could differ from the database).
/// The layer is instead laid out the way that renderer does it (glyph-less font, render mode 3,
/// each word stretched over its box), from the words the database holds.
struct PDFRenderer {
    /// Passwords for an encrypted PDF input, tried after none.
    var passwords: [String] = []
    /// Said instead of qpdf's "invalid password" when none of `passwords` opens the PDF.
    var passwordHint: String? = nil
    var maxPixels = 1_000_000_000
    /// PDF/A-2b, pages upright, deskewed (`export.pdf` in the pipeline file).
    var options = PDFExportSettings()
    /// What goes into a PDF/A file's metadata besides the stored document.
    var languages: [String] = []
    var producer = "quire"
    var suffix = ExportFormat.pdf.suffix
    /// Only these page numbers go into the PDF (a logical document of a batch scan); nil: all.
    var keeping: Set<Int>?

    func render(_ document: StoredDocument) throws -> [RenderedFile] {
        if let sha = document.sha256, try FileDigest.sha256(ofFileAt: document.path) != sha {
            throw ExportError(message: "\(document.path) changed since it was processed; run quire again first")
        }
        if options.pdfa, !FileManager.default.fileExists(atPath: Tessdata.defaultPath + "/pdf.ttf") {
            throw ExportError(message: "PDF/A needs the text layer's font \(Tessdata.defaultPath)/pdf.ttf (Debian's tesseract-ocr)")
        }
        var pdf: QPDFDocument
        var own: (title: String?, author: String?, subject: String?, keywords: String?) = (nil, nil, nil, nil)
        if document.kind == "pdf" {
            pdf = try open(document.path)
            own = PDFAConformance.ownInfo(pdf)
            let reasons = options.pdfa ? PDFAConformance.reasonsToConvert(pdf) : []
            try overlay(document, pdf)
            if !reasons.isEmpty {
                // What editing cannot mend, Ghostscript converts; quire's text layer goes with it.
                let converted = try Ghostscript.convertToPDFA(try pdf.write(preserveEncryption: false), name: document.path,
                                                              timeout: 120 + 10 * Double(document.pages.count))
                pdf = try QPDFDocument(bytes: converted, name: document.path)
            }
        } else {
            pdf = try imagePDF(document)
        }
        guard options.pdfa else { return [RenderedFile(suffix: suffix, bytes: try pdf.write())] }
        let metadata = ArchiveMetadata(document, languages: document.languages.isEmpty ? languages : document.languages, producer: producer, ownTitle: own.title,
                                       author: own.author, subject: own.subject, keywords: own.keywords)
        try PDFAConformance.finish(pdf, metadata: metadata)
        return [RenderedFile(suffix: suffix, bytes: try pdf.write(preserveEncryption: false, minimumVersion: "1.4"))]
    }

    /// Stored pages that get a text layer: done, recognised by OCR, with words.
    private func needsLayer(_ page: StoredPage) -> Bool {
        page.status == .done && page.textSource == .ocr && page.width != nil && page.lines.contains { !$0.words.isEmpty }
    }

    /// Scanned pages (OCR'd) are turned upright and deskewed when asked; born-digital pages never.
    private func straightens(_ page: StoredPage) -> (turn: Int, skew: Double) {
        guard page.status == .done, page.textSource == .ocr, page.width != nil else { return (0, 0) }
        return (options.upright ? ((page.rotation % 360) + 360) % 360 : 0, options.deskew ? page.skew : 0)
    }

    private func overlay(_ document: StoredDocument, _ pdf: QPDFDocument) throws {
        try pdf.pushInheritedAttributesToPages()
        guard pdf.pageCount == document.pages.count else {
            throw ExportError(message: "\(document.path) has \(pdf.pageCount) pages, the database \(document.pages.count)")
        }
        var font: QPDFDocument.Object?
        for page in document.pages where needsLayer(page) && keeping?.contains(page.number) != false {
            let object = try pdf.page(page.number - 1)
            let raw: [Double] = pdf.key(object, "/CropBox").flatMap(pdf.numbers) ?? pdf.key(object, "/MediaBox").flatMap(pdf.numbers) ?? []
            let box: [Double] = raw.count == 4
                ? [min(raw[0], raw[2]), min(raw[1], raw[3]), max(raw[0], raw[2]), max(raw[1], raw[3])] : [0, 0, 612, 792]
            let rotate = ((pdf.key(object, "/Rotate").flatMap(pdf.integer) ?? 0) % 360 + 360) % 360
            let (turn, skew) = straightens(page)
            var straightened = page
            straightened.skew -= skew
            let map = Self.map(straightened, box: box, rotate: rotate)
            let fontRef = try font ?? GlyphLessFont.add(to: pdf)
            font = fontRef
            try addFont(fontRef, to: object, in: pdf)
            var opening = "q\n"
            if skew != 0 {
                // The rendered raster's pixels to user space, and deskew expressed there.
                let (_, ow, oh) = PageGeometry.storedToOriginal(width: page.width ?? 0, height: page.height ?? 0,
                                                                rotation: page.rotation, skew: 0)
                let frame = PageGeometry.pixelsToUserSpace(originalWidth: ow, originalHeight: oh, box: box, rotate: rotate)
                opening += PageGeometry.deskew(width: ow, height: oh, skew: skew).expressed(through: frame).cm
            }
            if turn != 0 { try pdf.setKey(object, "/Rotate", try pdf.parse("\((rotate + turn) % 360)")) }
            let before = try pdf.stream(Array(opening.utf8)), after = try pdf.stream(Array("\nQ\n".utf8))
            let layer = try pdf.stream(TextLayer.content(lines: page.lines, map: map))
            var contents: [QPDFDocument.Object] = []
            if let existing = pdf.key(object, "/Contents") {
                contents = pdf.isArray(existing) ? pdf.items(existing) : pdf.isStream(existing) ? [existing] : []
            }
            try pdf.setKey(object, "/Contents", pdf.array([before] + contents + [after, layer]))
        }
        // A logical document of a batch scan keeps only its own pages.
        if let keeping {
            for index in (0..<pdf.pageCount).reversed() where !keeping.contains(index + 1) { try pdf.removePage(index) }
        }
    }

    /// Opens the PDF without a password, then with each password in turn.
    private func open(_ path: String) throws -> QPDFDocument {
        var firstError: Error?
        for password in [nil] + passwords.map(Optional.some) {
            do { return try QPDFDocument(path: path, password: password) } catch { firstError = firstError ?? error }
        }
        if let hint = passwordHint, String(describing: firstError!).lowercased().contains("password") {
            throw ExportError(message: "encrypted PDF needs a password (\(hint))")
        }
        throw firstError!
    }

    private func addFont(_ font: QPDFDocument.Object, to page: QPDFDocument.Object, in pdf: QPDFDocument) throws {
        let resources: QPDFDocument.Object
        if let existing = pdf.key(page, "/Resources"), pdf.isDictionary(existing) {
            resources = existing
        } else {
            resources = try pdf.parse("<< >>")
            try pdf.setKey(page, "/Resources", resources)
        }
        if let fonts = pdf.key(resources, "/Font"), pdf.isDictionary(fonts) {
            try pdf.setKey(fonts, TextLayer.fontName, font)
        } else {
            try pdf.setKey(resources, "/Font", try pdf.dictionary([TextLayer.fontName: font]))
        }
    }

    private func imagePDF(_ document: StoredDocument) throws -> QPDFDocument {
        let pdf = try QPDFDocument()
        let font = try GlyphLessFont.add(to: pdf)
        for page in document.pages where keeping?.contains(page.number) != false {
            let (raster, image) = try embedded(document.path, page: page.number, in: pdf)
            let dpi = Double(page.dpi ?? 300)
            let (w, h) = (Double(raster.width) * 72 / dpi, Double(raster.height) * 72 / dpi)
            let (turn, skew) = straightens(page)
            let frame = PageGeometry.pixelsToUserSpace(originalWidth: raster.width, originalHeight: raster.height, box: [0, 0, w, h], rotate: 0)
            let deskew = skew == 0 ? "" : PageGeometry.deskew(width: raster.width, height: raster.height, skew: skew).expressed(through: frame).cm
            var content = Array(("q " + deskew + String(format: "%.4f 0 0 %.4f 0 0 cm /QuireImage Do Q\n", w, h)).utf8)
            if needsLayer(page) {
                var straightened = page
                straightened.skew -= skew
                content += TextLayer.content(lines: page.lines, map: Self.map(straightened, box: [0, 0, w, h], rotate: 0,
                                                                               original: (raster.width, raster.height)))
            }
            let resources = try pdf.dictionary([
                "/XObject": try pdf.dictionary(["/QuireImage": image]),
                "/Font": try pdf.dictionary([TextLayer.fontName: font]),
            ])
            let dict = try pdf.dictionary([
                "/Type": try pdf.parse("/Page"),
                "/MediaBox": try pdf.parse(String(format: "[0 0 %.4f %.4f]", w, h)),
                "/Resources": resources,
                "/Contents": try pdf.stream(content),
                "/Rotate": try pdf.parse("\(turn)"),
            ])
            try pdf.addPage(try pdf.indirect(dict))
        }
        return pdf
    }

    /// The page's image as an XObject, with its size in pixels: a PNG's compressed data as it
    /// is when PDF can read it (``PNGPassThrough``), a JPEG's bytes as they are, else the
    /// decoded samples (compressed by qpdf).
    private func embedded(_ path: String, page: Int, in pdf: QPDFDocument) throws -> (size: (width: Int, height: Int), image: QPDFDocument.Object) {
        if page == 1, let png = PNGPassThrough.read(path: path), png.width * png.height <= maxPixels {
            return ((png.width, png.height), try pdf.stream(png.data, dictionary: png.dictionary, filter: "/FlateDecode"))
        }
        let raster = try ImageFile.embeddable(path, page: page, maxPixels: maxPixels)
        return ((raster.width, raster.height), try Self.imageXObject(raster, in: pdf))
    }

    private static func imageXObject(_ raster: EmbeddableRaster, in pdf: QPDFDocument) throws -> QPDFDocument.Object {
        var dict = ["/Type": "/XObject", "/Subtype": "/Image", "/Width": "\(raster.width)", "/Height": "\(raster.height)"]
        switch raster.samples {
        case .jpeg(let bytes, let components):
            dict["/ColorSpace"] = components == 1 ? "/DeviceGray" : "/DeviceRGB"
            dict["/BitsPerComponent"] = "8"
            return try pdf.stream(bytes, dictionary: dict, filter: "/DCTDecode")
        case .raw(let bytes, let components, let bits):
            dict["/ColorSpace"] = components == 1 ? "/DeviceGray" : "/DeviceRGB"
            dict["/BitsPerComponent"] = "\(bits)"
            if bits == 1 { dict["/Decode"] = "[1 0]" }   // leptonica: 1 is black
            return try pdf.stream(bytes, dictionary: dict)
        }
    }

    /// Stored-raster pixels to the page's user space.
    static func map(_ page: StoredPage, box: [Double], rotate: Int, original: (Int, Int)? = nil) -> Affine {
        let (toOriginal, ow, oh) = PageGeometry.storedToOriginal(width: page.width ?? 0, height: page.height ?? 0,
                                                                 rotation: page.rotation, skew: page.skew)
        let (width, height) = original ?? (ow, oh)
        return toOriginal.then(PageGeometry.pixelsToUserSpace(originalWidth: width, originalHeight: height, box: box, rotate: rotate))
    }
}

/// Tesseract's glyph-less font (a Type 0 font over `pdf.ttf`, every character one invisible
/// glyph half an em wide; ToUnicode maps each 2-byte code to itself), added once per file.
enum GlyphLessFont {
    /// Adds the font objects and returns the Type 0 font.
    static func add(to pdf: QPDFDocument) throws -> QPDFDocument.Object {
        let map = try pdf.stream((0..<(65_536 * 2)).map { $0 % 2 == 1 ? 1 : 0 })
        let cmap = try pdf.stream(Array(toUnicode.utf8))
        let descriptor = "<< /Type /FontDescriptor /FontName /GlyphLessFont /Flags 5 /FontBBox [0 0 500 1000] "
            + "/ItalicAngle 0 /Ascent 1000 /Descent -1 /CapHeight 1000 /StemV 80 >>"
        let fontDescriptor = try pdf.indirect(try pdf.parse(descriptor))
        if let ttf = FileManager.default.contents(atPath: Tessdata.defaultPath + "/pdf.ttf") {
            let file = try pdf.stream(Array(ttf), dictionary: ["/Length1": "\(ttf.count)"])
            try pdf.setKey(fontDescriptor, "/FontFile2", file)
        }
        let cidFont = try pdf.indirect(try pdf.dictionary([
            "/Type": try pdf.parse("/Font"), "/Subtype": try pdf.parse("/CIDFontType2"),
            "/BaseFont": try pdf.parse("/GlyphLessFont"),
            "/CIDSystemInfo": try pdf.parse("<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"),
            "/FontDescriptor": fontDescriptor, "/CIDToGIDMap": map, "/DW": try pdf.parse("500"),
        ]))
        return try pdf.indirect(try pdf.dictionary([
            "/Type": try pdf.parse("/Font"), "/Subtype": try pdf.parse("/Type0"),
            "/BaseFont": try pdf.parse("/GlyphLessFont"), "/Encoding": try pdf.parse("/Identity-H"),
            "/DescendantFonts": pdf.array([cidFont]), "/ToUnicode": cmap,
        ]))
    }

    static let toUnicode = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identify-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange
        1 beginbfrange
        <0000> <FFFF> <0000>
        endbfrange
        endcmap
        CMapName currentdict /CMap defineresource pop
        end
        end

        """
}
