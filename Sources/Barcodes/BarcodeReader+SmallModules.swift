import DocumentModel
import Imaging

extension BarcodeReader {
    /// An enlarged copy of a region covers at most this many pixels (a region too large for it
    /// holds no code whose modules are under 2 px that the other passes would miss).
    static let maxEnlargedPixels = 4_000_000

    /// The code-like regions whose modules are too small for zxing, each enlarged and read alone
    /// (``BarcodePass/Area/smallModules``). Runs last among the page passes, on the page with
    /// every symbol found so far painted white: a region already read is blank now and is
    /// skipped for want of contrast.
    ///
    /// Each region is read from up to two copies, until one reads: enlarged 3× and 4× (which of
    /// the two reads depends on where the module edges fall against the pixel grid: measured on
    /// Code 128, EAN-13, QR and Aztec codes of 1.1–1.5-px modules, each factor alone misses some).
    func readSmallModules(_ page: BarcodePage, pass: BarcodePass, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        var found: [Barcode] = []
        for area in page.candidates {
            candidateReads += 1
            let crop = try page.crop(area)
            guard let plane = crop, let module = ModuleScale.estimate(plane), module < ModuleScale.smallModule else { continue }
            guard plane.width * plane.height * 16 <= Self.maxEnlargedPixels else { continue }
            BarcodeGeometry.merge(try readEnlarged(plane, of: area, page: page, factors: ModuleScale.factors, pass: pass, wanted: wanted), into: &found)
        }
        return found
    }

    /// The symbols read on `plane` (the pixels of page area `area`) enlarged by each factor in
    /// turn (1: as it is) until one reads, in page pixels.
    func readEnlarged(_ plane: BarcodeGrayPlane, of area: Box, page: BarcodePage, factors: [Int], pass: BarcodePass,
                      wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        let context = "reading \(page.width)x\(page.height) image, pass \(pass), area \(area)"
        for scale in factors {
            let enlarged = scale == 1 ? plane : ModuleScale.enlarged(plane, factor: scale)
            let symbols = try readPlane(enlarged, pass: pass, wanted: wanted, context: context)
            // Enlarged pixel (x, y) shows page point area.origin + ((x, y) + ½) / scale − ½.
            let mapped = barcodes(symbols, wanted: wanted, area: area) { x, y in
                (Double(area.x) + (x + 0.5) / Double(scale) - 0.5, Double(area.y) + (y + 0.5) / Double(scale) - 0.5)
            }
            if !mapped.isEmpty { return mapped }
        }
        return []
    }
}
