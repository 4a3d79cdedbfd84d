import Barcodes
import SQLite
import DocumentModel
import Foundation
import Imaging
import YAML

extension Stage {
    public static let barcodes = Stage(declaring: "barcodes")
}

extension StageSettingsHolder {
    public var barcodes: BarcodeSettings {
        get { stages[BarcodesPageStage.self] }
        set { stages[BarcodesPageStage.self] = newValue }
    }
}

/// Barcodes: every symbol on the page image, with its corners (zxing-cpp 1.4, staged search;
/// ZBar for QR and EAN/UPC). Runs before layout, which places the codes in the page's structure and leaves
/// out the words OCR read inside a symbol.
final class BarcodesPageStage: PageStage {
    static let stage = Stage.barcodes
    static let section = "barcodes"
    static let keys = ["enabled", "symbologies", "try_harder"]
    static let defaultSettings = BarcodeSettings()
    /// 2: staged photo search; 3: QR finder-pattern areas (and finder triples as evidence of a code);
    /// 4: the ZBar retail pass (EAN-13, UPC-A, EAN-8, UPC-E); 5: symbology identifiers and
    /// structured-append places kept (migration 24); 6: a text-layer page is searched only when
    /// its content draws an image or a code-like shape, and its row says when not; 7: QR symbols
    /// read upright through their finder triples, finder search for gray labels and slanted symbols;
    /// 8: a text-layer page only in the areas of its images and code-like shapes (with their quiet zones);
    /// 9: QR symbols read through projective maps of their finder patterns' outlines (keystone, curved labels).
    /// 10: code-like regions with modules under 2 px read enlarged (``Barcodes/ModuleScale``), and
    /// linear codes with modules of 12+ px found by a 4× coarser look for code-like regions.
    /// 11: a text-layer page whose only candidates are images, in the images' own pixels.
    /// 12: small Data Matrix symbols (1–1.5-px modules) found by their L finder and read enlarged (``Barcodes/DataMatrixLocator``).
    /// 13: a code-like region whose ink pieces look like text is kept when its rows show PDF417
    /// start/stop patterns (``Imaging/StackedCodeRows``: squashed or softened stacked codes).
    /// 14: on a text page, a code-like region whose symbol is read is not read again by the later
    /// passes (``Barcodes/ExplainedRegions``); 15: GS1 DataBar read by quire's own scan-line
    /// decoder in code-like regions nothing was read in (``Barcodes/DataBarDecoder``: tilted
    /// DataBar Stacked; also after a zxing abort); 16: code-like regions with parallel bars where
    /// nothing was read, read as blurred EAN-13/UPC-A (``Barcodes/BlurredEANDecoder``); 17: on
    /// images under 1500 px, blurred EAN-13/UPC-A where no code-like region is, in areas of
    /// straight parallel bars (``Barcodes/LinearCodeAreas``); the decoder's first look per line.
    /// 18: a text-layer page's candidate regions are read only when they show a code's texture
    /// (``Barcodes/CodeTexture``: photo texture, gradients and big glyphs in its pictures are not),
    /// and by the linear-only passes only when they show bars.
    /// 19: a linear symbol read on an inverted copy is kept only with quiet zones over its bars'
    /// height (``Barcodes/LinearQuietZones``: a dot texture gave Codabar reads); a PDF417 whose
    /// right corners zxing-cpp 1.4 gives as (0, 0) (compact PDF417) gets them from its rows
    /// (``Barcodes/PDF417RightEdge``).
    /// 20: on a text page, a region is explained by the symbols covering its ink (the region less
    /// its padding), and a pass's re-read on the blanked page reads only the unexplained regions.
    /// 21: the blurred EAN-13/UPC-A decoder reads an area again with the module width drifting
    /// along the symbol when its lines find a symbol and read no number (perspective, curves).
    /// 22: GS1 DataBar Limited (`gs1DataBarLimited`) read by quire's own decoder in the DataBar
    /// pass (``Barcodes/DataBarLimitedDecoder``).
    /// 23: blurred Code 128 read by quire's own decoder in the blurred pass's areas where no
    /// EAN/UPC was read (``Barcodes/BlurredCode128Decoder``).
    /// 24: MicroPDF417 (`microPDF417`) read by quire's own decoder in the DataBar pass
    /// (``Barcodes/MicroPDF417Decoder``).
    /// 25: Aztec runes (`aztec`, `]zC`, the value as three digits) read by quire's own reader in
    /// the L-finder pass (``Barcodes/AztecRuneDecoder``): pages stored before may lack them.
    /// 26: DataBar Limited looked for on regions whose gradients agree (coherence ≥ 0.6, also
    /// the pieces found without the text test, joined along their band); MicroPDF417 read along
    /// the pixel axis near its gradients' direction too.
    /// 27: a text-layer page's picture is searched as a picture unless the text layer has words
    /// over it, bordered with its own ground (not white), enlarged by whole pixels only below
    /// 1,500 px, and, when smaller than that, read by the passes after the first only with some
    /// evidence of a code (``Barcodes/BarcodePage/showsCodeEvidence(textPage:)``).
    static let revision = 27
    static let inputs: [Stage] = [.extract]
    static let needsImage = true

    private var detector: (settings: BarcodeSettings, conservative: Bool, engine: BarcodeDetector)?

    init() {}

    static func read(_ values: [String: YAMLNode], into settings: inout BarcodeSettings, with reader: SpecReader) {
        reader.readBarcodes(values, &settings)
    }

    static func isEnabled(_ settings: BarcodeSettings) -> Bool { settings.enabled }

    static func fingerprintInputs(_ spec: PipelineSpec, languages: [String]?) -> String {
        "zxing-cpp \(canonicalJSON(spec.barcodes))"
    }

    func run(_ page: PageContext, settings: BarcodeSettings) throws -> BarcodeFindings? {
        guard let working = page.output(of: ExtractPageStage.self)?.working else { return nil }
        let pageWords = page.pageText?.words ?? []
        let words = pageWords.count
        // The step runs on every page (its faults fire, its time is kept); what the page's
        // content said decides whether there is anything to search.
        guard let (findings, _) = try page.step(.barcodes, { () throws -> BarcodeFindings in
            switch working.drawing {
            case .noCodes?: return BarcodeFindings(codes: [], note: Self.noCodesNote)
            case .tooComplex(let what)?: return BarcodeFindings(codes: [], note: Self.tooComplexNote(what))
            case .mayHoldCodes?, nil:
                let engine = detector(settings, conservative: page.task.conservativeBarcodes)
                // A text-layer page's pictures: their regions must show a code's texture to be read.
                let bornDigital = working.drawing == .mayHoldCodes
                if let images = working.embeddedCodeImages {
                    return BarcodeFindings(codes: try Self.read(images, with: engine, words: pageWords.map(\.box),
                                                                   bornDigital: bornDigital))
                }
                guard let areas = working.codeAreas else {
                    return BarcodeFindings(codes: try engine.detect(working.image, textWords: words, bornDigital: bornDigital))
                }
                return BarcodeFindings(codes: try Self.search(areas, of: working.image, with: engine, textWords: words,
                                                              bornDigital: bornDigital))
            }
        }) else { return nil }
        let found = findings.codes
        // OCR read in this task keeps no words inside a symbol (sent again, filtered).
        try page.revise(OCRPageStage.self) { text in
            let filtered = text.removingWords(inside: found)
            return filtered == text ? nil : filtered
        }
        return findings
    }

    /// The codes in `areas` of `image` (a text-layer page's images and code-like drawing), each
    /// area read on its own, as the whole page would be (`textWords`: the page's words, so a
    /// text document's areas are searched as a document's, not as photos), corners in
    /// `image`'s pixels. Areas do not overlap, so no code is read twice.
    static func search(_ areas: [Box], of image: Image, with engine: BarcodeDetector, textWords: Int,
                       bornDigital: Bool) throws -> [Barcode] {
        var found: [Barcode] = []
        for area in areas {
            for var code in try engine.detect(try image.cropped(to: area), textWords: textWords, bornDigital: bornDigital) {
                code.corners = code.corners.map { Point(x: $0.x + area.x, y: $0.y + area.y) }
                found.append(code)
            }
        }
        return found
    }

    private func detector(_ settings: BarcodeSettings, conservative: Bool) -> BarcodeDetector {
        if detector?.settings != settings || detector?.conservative != conservative {
            // After a crash, retry without the symbologies known to abort zxing-cpp 1.4.
            let excluded: Set<Symbology> = conservative ? BarcodeDetector.crashProne : []
            detector = (settings, conservative, BarcodeDetector(settings: settings, excluding: excluded))
        }
        return detector!.engine
    }

    // MARK: Storage

    static func store(_ findings: BarcodeFindings, _ commit: StageCommit) throws {
        let codes = findings.codes
        try clear(pageID: commit.pageID, in: commit.transaction)
        let insert = try commit.transaction.statement("""
            INSERT INTO barcodes(page_id, symbology, payload, raw_bytes, x0, y0, x1, y1, x2, y2, x3, y3, orientation,
                                 supplemental_payload, symbology_identifier, sequence_index, sequence_count, sequence_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for c in codes {
            let p = c.corners + Array(repeating: Point(x: 0, y: 0), count: max(0, 4 - c.corners.count))
            try insert.execute([commit.pageID, c.symbology.rawValue, c.payload, c.rawBytes, p[0].x, p[0].y, p[1].x, p[1].y,
                                p[2].x, p[2].y, p[3].x, p[3].y, c.orientation, c.supplementalPayload,
                                c.symbologyIdentifier, c.sequence?.index, c.sequence?.count, c.sequence?.id])
        }
        try commit.mark(.barcodes, .done)
        if commit.page.conservativeBarcodes {
            // Read again after zxing-cpp aborted on this page: the row keeps `crashed`, so later
            // redos stay conservative, and says what was not looked for.
            try commit.transaction.execute("UPDATE page_stages SET crashed = 1, error = ? WHERE page_id = ? AND stage = ?",
                                           conservativeNote, commit.pageID, Stage.barcodes)
        } else if let note = findings.note {
            // Why the page was not searched, on its `done` row (as the conservative note above).
            try commit.transaction.execute("UPDATE page_stages SET error = ? WHERE page_id = ? AND stage = ?",
                                           note, commit.pageID, Stage.barcodes)
        }
    }

    /// The note of a text-layer page whose content draws no image and no code-like shape.
    static let noCodesNote = "not searched: the page's content draws text, rulings and frames only "
        + "(no image, no code-like drawing)"

    /// The note of a text-layer page over the drawing budget: its text was kept, it was not
    /// rendered, and it was not searched.
    static func tooComplexNote(_ what: String) -> String {
        "not searched: the page's content is too complex to render within the budget (\(what)); "
            + "its text was kept, no raster made"
    }

    /// What a page read conservatively after an abort was not searched for.
    static var conservativeNote: String {
        "zxing-cpp aborted on this page; read again without "
            + BarcodeDetector.crashProneNames
    }

    static let tables: [StageTable] = [.pageRows("barcodes")]

    /// The AIM symbology identifier and the structured-append place of each symbol (the parts
    /// of one message share `sequence_key`; see docs/schema.md).
    static var migrations: [Migrator.Migration] {
        [Migrator.Migration(id: 24, name: "barcode symbology identifiers and structured-append links", sql: """
            ALTER TABLE barcodes ADD COLUMN symbology_identifier TEXT;
            ALTER TABLE barcodes ADD COLUMN sequence_index INTEGER;
            ALTER TABLE barcodes ADD COLUMN sequence_count INTEGER;
            ALTER TABLE barcodes ADD COLUMN sequence_key TEXT;
            """)]
    }

    /// The stored barcodes of a page, in the order found.
    static func load(pageID: Int64, from store: Store) throws -> BarcodeFindings? {
        BarcodeFindings(codes: try store.storedBarcodes(pageID: pageID))
    }
}

/// The barcode stage's output: the codes found, and, when the page was not searched, why
/// (stored on the stage's row).
struct BarcodeFindings: Codable, Sendable, Equatable {
    var codes: [Barcode]
    var note: String? = nil
}

extension Store {
    /// The columns a stored barcode is read from, in ``barcode(from:at:)``'s order; `alias`
    /// qualifies them (`b.` in a join).
    static func barcodeColumns(_ alias: String = "") -> String {
        ["symbology", "payload", "raw_bytes", "x0", "y0", "x1", "y1", "x2", "y2", "x3", "y3", "orientation",
         "supplemental_payload", "symbology_identifier", "sequence_index", "sequence_count", "sequence_key"].map { alias + $0 }.joined(separator: ", ")
    }

    /// A stored barcode from a row holding ``barcodeColumns(_:)`` from column `start` on; nil
    /// for a symbology this version does not know. The one decoder of `barcodes` rows (layout
    /// redo, exports).
    static func barcode(from r: Row, at start: Int = 0) -> Barcode? {
        guard let symbology = Symbology(rawValue: r.string(start)) else { return nil }
        let corners = stride(from: start + 3, through: start + 9, by: 2).map {
            Point(x: r.optionalInt($0) ?? 0, y: r.optionalInt($0 + 1) ?? 0)
        }
        return Barcode(symbology: symbology, payload: r.string(start + 1),
                       rawBytes: r.isNull(start + 2) ? nil : r.blob(start + 2), corners: corners,
                       orientation: r.optionalInt(start + 11) ?? 0, supplementalPayload: r.optionalString(start + 12),
                       symbologyIdentifier: r.optionalString(start + 13),
                       sequence: r.optionalInt(start + 14).map {
                           BarcodeSequence(index: $0, count: r.optionalInt(start + 15) ?? 0, id: r.optionalString(start + 16) ?? "")
                       })
    }

    /// The stored barcodes of a page, in the order found (for a layout redo).
    func storedBarcodes(pageID: Int64) throws -> [Barcode] {
        try db.query("SELECT \(Self.barcodeColumns()) FROM barcodes WHERE page_id = ? ORDER BY id", [pageID]) {
            Self.barcode(from: $0)
        }.compactMap { $0 }
    }
}
