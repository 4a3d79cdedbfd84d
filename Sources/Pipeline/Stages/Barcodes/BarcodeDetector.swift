import Barcodes
import DocumentModel
import Imaging

/// The barcode stage: finds the barcodes of one page image with the pipeline's settings.
///
/// Wraps ``Barcodes/BarcodeReader`` (zxing-cpp 1.4, staged search). Create one per worker and
/// reuse it across pages. zxing-cpp 1.4 can abort the process on some inputs; the reader avoids
/// every abort measured so far, and the coordinator contains the rest: the worker dies, and the
/// page is read again at once from this stage on, without ``crashProne`` (a second abort fails
/// the page's barcode stage).
public final class BarcodeDetector {
    /// The symbologies whose zxing-cpp 1.4 readers were seen to abort the process, left out when
    /// a page is read again after an abort: stacked GS1 DataBar (an assertion in `Result`), Micro
    /// QR (`RegressionLine` `intersect`, on a printed Wikipedia page in OCRmyPDF's `epson.pdf`), and
    /// MaxiCode.
    public static let crashProne: Set<Symbology> = [.gs1DataBar, .gs1DataBarExpanded, .microQR, .maxiCode]
    /// ``crashProne`` for messages: "gs1DataBar, gs1DataBarExpanded, maxiCode, microQR".
    public static let crashProneNames = crashProne.map(\.rawValue).sorted().joined(separator: ", ")

    public let settings: BarcodeSettings
    /// Symbologies left out on top of the settings (e.g. after a crash on a page).
    public let excluded: Set<Symbology>
    private let reader: BarcodeReader

    public init(settings: BarcodeSettings, excluding: Set<Symbology> = []) {
        self.settings = settings
        self.excluded = excluding
        let asked = settings.enabled ? Set(settings.symbologies) : []
        // What zxing may no longer read, ZBar still does (GS1 DataBar: ZBar never aborts).
        self.reader = BarcodeReader(symbologies: asked.subtracting(excluding), tryHarder: settings.tryHarder, search: .staged,
                                    zbarOnly: asked.intersection(excluding))
    }

    /// The symbologies actually asked of zxing.
    public var symbologies: Set<Symbology> { reader.symbologies }

    /// Words from which a page counts as a text document (a photo of codes has a handful at most).
    static let textPageWords = 50

    /// The page's barcodes, corners in the image's pixels. Empty when the stage is disabled.
    /// `textWords`: how many words OCR read on the page (a text document is searched as a scan,
    /// not as a photo of codes: ``BarcodeReader/read(_:textPage:)``).
    /// `bornDigital`: the image is (part of) a text-layer PDF page, whose pictures' candidate
    /// regions are read only when they show a code's texture (``Barcodes/BarcodeReader/read(_:textPage:codeTexture:)``).
    public func detect(_ image: Image, textWords: Int = 0, bornDigital: Bool = false) throws -> [Barcode] {
        guard settings.enabled, !reader.symbologies.isEmpty || !reader.zbarOnly.isEmpty else { return [] }
        return try reader.read(image, textPage: textWords >= Self.textPageWords, codeTexture: bornDigital)
    }
}
