import DocumentModel
import Imaging

/// One page prepared for the passes of a search: converted to 8-bit gray once, its candidate
/// regions found once and shared by every pass (each pass used to convert the whole page again,
/// once per candidate region).
final class BarcodePage {
    /// The page as 8-bit gray without colormap (the caller's image when it already is).
    let gray: Image
    /// Images at least this long on one side are searched where there is evidence of a code
    /// (see ``BarcodeReader/read(_:)``).
    static let largePage = 1500

    /// Whether candidate regions must show a code's texture (``CodeTexture``) to be kept.
    let codeTexture: Bool

    init(_ image: Image, codeTexture: Bool = false) throws(ImageError) {
        gray = try image.isPlainGray ? image : image.grayscale()
        self.codeTexture = codeTexture
    }

    private init(gray: Image, regions: Regions, finderTriples: [QRFinderLocator.Triple]?, matrixFinderSymbols: [Box]) {
        self.gray = gray
        self.codeTexture = false   // the regions given are already judged
        self.regions = regions
        self.storedFinderTriples = finderTriples
        self.matrixFinderSymbols = matrixFinderSymbols
    }

    /// The same page with found symbols painted out (`whitened` of ``gray``); the candidate
    /// regions and finder-pattern areas found on the original are kept (not looked for again).
    func blanked(_ whitened: Image) -> BarcodePage {
        BarcodePage(gray: whitened, regions: regions, finderTriples: storedFinderTriples, matrixFinderSymbols: matrixFinderSymbols)
    }

    /// The same page whose later passes read only the code-like regions and L-finder symbols
    /// that `found` does not explain (``ExplainedRegions``); the QR finder evidence is kept.
    func keepingUnexplained(by found: [Barcode]) -> BarcodePage {
        var kept = regions
        kept.codeLike = ExplainedRegions.unexplained(kept.codeLike, by: found)
        kept.withText = ExplainedRegions.unexplained(kept.withText, by: found)
        return BarcodePage(gray: gray, regions: kept, finderTriples: storedFinderTriples,
                           matrixFinderSymbols: ExplainedRegions.unexplained(matrixFinderSymbols, by: found))
    }

    var width: Int { gray.width }
    var height: Int { gray.height }

    /// Regions that look like codes and not like text (``Imaging/Image/barcodeCandidateRegions``).
    /// Empty when leptonica fails to look (the whole-page passes still read the page).
    var candidates: [Box] { regions.codeLike }

    /// The code-like regions of one look, and the texture check's verdicts on them.
    private struct Regions {
        var codeLike: [Box]
        var withText: [Box]
        /// With the texture check: the kept regions that show bars (nil without the check).
        var barLike: [Box]? = nil
        /// Code-like regions left out because they showed no code's texture.
        var textureRejected = 0
    }

    /// The code-like regions with and without the text test, found in one look, on first use;
    /// with ``codeTexture``, only those that show a code's texture (``CodeTexture``).
    private lazy var regions: Regions = {
        let (codeLike, withText) = (try? self.gray.barcodeCandidateRegionsAndText()) ?? ([], [])
        guard self.codeTexture, let plane = self.plane else { return Regions(codeLike: codeLike, withText: withText) }
        let judged = withText.map { ($0, CodeTexture(plane, in: $0)) }
        let kept = judged.filter { $0.1.showsCode }.map(\.0)
        return Regions(codeLike: codeLike.filter(kept.contains), withText: kept,
                       barLike: judged.filter { $0.1.showsCode && $0.1.showsBars }.map(\.0),
                       textureRejected: codeLike.count { !kept.contains($0) })
    }()

    /// The code-like regions `pass` reads: with the texture check, a linear-only pass reads only
    /// those that show bars (a region of modules, a text block or a logo holds no linear code).
    func candidates(for pass: BarcodePass) -> [Box] { barsOnly(candidates, for: pass) }

    /// ``regionsWithText`` as `pass` reads them (see ``candidates(for:)``).
    func regionsWithText(for pass: BarcodePass) -> [Box] { barsOnly(regionsWithText, for: pass) }

    private func barsOnly(_ boxes: [Box], for pass: BarcodePass) -> [Box] {
        guard pass.linearOnly, let barLike = regions.barLike else { return boxes }
        return boxes.filter(barLike.contains)
    }

    /// Code-like regions left out because they showed no code's texture (``codeTexture``).
    var textureRejected: Int { regions.textureRejected }

    /// Code-like regions found without the text test (``Imaging/Image/barcodeCandidateRegions``
    /// with `rejectText: false`), found on first use: a blurred linear code's bars fuse into
    /// glyph-like pieces at its threshold, so the text test drops it. Read only by the blurred
    /// EAN/UPC pass, which judges them by their parallel edges.
    var regionsWithText: [Box] { regions.withText }

    private var storedFinderTriples: [QRFinderLocator.Triple]?

    /// QR finder-pattern triples (``QRFinderLocator``), found once, on first use. Empty when
    /// leptonica cannot copy the pixels.
    var finderTriples: [QRFinderLocator.Triple] {
        if let storedFinderTriples { return storedFinderTriples }
        let triples = plane.map { QRFinderLocator.triples(in: $0) } ?? []
        storedFinderTriples = triples
        return triples
    }

    /// The page's pixels, copied once, on first use (nil when leptonica cannot copy them).
    lazy var plane: BarcodeGrayPlane? = try? gray.barcodeGrayPlane()

    /// The gray pixels of `area` (scaled by `scale`) for a decoder of quire's own; nil when the
    /// area misses the page; `unusableImage` when leptonica cannot make them.
    func crop(_ area: Box, scale: Double = 1) throws(BarcodeError) -> BarcodeGrayPlane? {
        do { return try gray.barcodeGrayPlane(crop: area, scale: scale) } catch {
            throw .unusableImage(width: width, height: height)
        }
    }

    /// Small Data Matrix symbols found by their L finder (``DataMatrixLocator``), found once, on first use.
    private(set) lazy var matrixFinderSymbols: [Box] = plane.map { DataMatrixLocator.symbols(in: $0) } ?? []

    /// The areas around the strictly shaped ``finderTriples`` (read whole, and evidence of a code;
    /// a triple found only with the wider shape limits is read upright alone).
    var finderCrops: [Box] { finderTriples.filter(\.strict).map(\.area) }

    /// Some evidence of a code on a page whose regions are judged by their texture: a region that
    /// shows a code's texture, a small Data Matrix's L finder, QR finder triples (not on a text
    /// page, as the reader asks for them), or the whole page showing a code's texture (an image
    /// that is all code, drawn to its edges).
    func showsCodeEvidence(textPage: Bool) -> Bool {
        if !candidates.isEmpty || !matrixFinderSymbols.isEmpty || (!textPage && !finderCrops.isEmpty) { return true }
        guard let plane else { return false }
        return CodeTexture(plane, in: Box(x: 0, y: 0, width: width, height: height)).showsCode
    }

    /// At least ``largePage`` px on one side.
    var isLarge: Bool { max(width, height) >= Self.largePage }
}
