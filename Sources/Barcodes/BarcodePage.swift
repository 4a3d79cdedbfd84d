import DocumentModel
import Imaging

/// One page prepared for the passes of a search: converted to 8-bit gray once, its candidate
/// regions found once and shared by every pass (each pass used to convert the whole page again,
/// once per candidate region).
final class BarcodePage {
    /// The page as 8-bit gray without colormap (the caller's image when it already is).
    let gray: Image
    /// Pages at least this long on one side get the page-level check (see ``isWorthReading``).
    static let largePage = 1500

    init(_ image: Image) throws(ImageError) {
        gray = try image.isPlainGray ? image : image.grayscale()
    }

    var width: Int { gray.width }
    var height: Int { gray.height }

    /// Regions that look like codes and not like text (``Imaging/Image/barcodeCandidateRegions``).
    /// Empty when leptonica fails to look (the whole-page passes still read the page).
    private(set) lazy var candidates: [Box] = (try? gray.barcodeCandidateRegions()) ?? []

    /// False for a large page (a full-page scan or render, ≥ ``largePage`` px) with no region that
    /// looks like a code: text pages, where the whole-page reads cost most of a page's time and
    /// find nothing. Smaller images (photos, labels, crops) are always read.
    var isWorthReading: Bool { !isLarge || !candidates.isEmpty }

    /// At least ``largePage`` px on one side.
    var isLarge: Bool { max(width, height) >= Self.largePage }
}
