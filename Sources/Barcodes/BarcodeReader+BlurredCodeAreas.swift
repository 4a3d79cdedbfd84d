import DocumentModel
import Imaging

extension BarcodeReader {
    /// At most this many areas of ``LinearCodeAreas`` are read on a page.
    static let blurredCodeAreasMax = 3

    /// Blurred EAN-13/UPC-A symbols that have no code-like region (``BarcodePass/Area/blurredCodeAreas``):
    /// a code whose bars fuse with each other and with a busy ground is one blob with its
    /// surroundings, or none, for leptonica. The areas of straight parallel bars that
    /// ``LinearCodeAreas`` finds, where no code-like region (with or without the text test) lies
    /// already, are read by ``BlurredEANDecoder`` as the blurred pass reads a region. Only on
    /// images under ``BarcodePage/largePage`` (photos of a product, small scans): a large page's
    /// codes have modules of several pixels, and its whole-page look costs more.
    func readBlurredCodeAreas(_ page: BarcodePage, pass: BarcodePass, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        guard !wanted.isDisjoint(with: [.ean13, .upca]), !page.isLarge, let plane = page.plane else { return [] }
        var found: [Barcode] = []
        for candidate in LinearCodeAreas.find(width: plane.width, height: plane.height, bytes: plane.bytes).prefix(Self.blurredCodeAreasMax) {
            let area = Box(x: candidate.x, y: candidate.y, width: candidate.width, height: candidate.height)
            // The bars' angle from every pixel of the area (the blocks' own is coarser); the
            // area's edges need not be coherent as a whole (a busy ground around the label).
            guard !page.regionsWithText.contains(where: { $0.coversMostOf(area) }),
                  let (angle, _) = try edgeAngle(of: page, in: area) else { continue }
            BarcodeGeometry.merge(try readBlurred(page, area: area, angle: angle, wanted: wanted), into: &found)
        }
        return found
    }
}
