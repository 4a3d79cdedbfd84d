import DocumentModel
import Foundation
import Imaging
import ZXingShim

extension BarcodeReader {
    /// A code-like region must have edges this strongly parallel (structure-tensor coherence)
    /// to be read as a linear code by the blurred EAN/UPC decoder: text and halftones score
    /// lower, a linear code's bars higher.
    static let blurredRetailMinCoherence = 0.6
    /// Regions larger than this many pixels are not read by it (the time it takes grows with the
    /// area; a blurred retail code on a page is small).
    static let blurredRetailMaxPixels = 250_000
    /// At most this many areas of a page are read by it (the largest regions first).
    static let blurredRetailMaxAreas = 6

    /// The code-like regions where no symbol was read, read by ``BlurredEANDecoder``
    /// (``BarcodePass/Area/blurredRetail``): EAN-13 and UPC-A symbols too blurred, or with
    /// modules too small, for zxing-cpp's and ZBar's width-thresholding decoders. Runs after the
    /// other page passes, on the page with every symbol found so far painted white: a region
    /// already read is blank and is skipped for want of contrast or parallel edges.
    func readBlurredRetail(_ page: BarcodePage, pass: BarcodePass, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        guard !wanted.isDisjoint(with: [.ean13, .upca, .code128]) else { return [] }
        var found: [Barcode] = []
        var read: [Box] = []
        let bounds = Box(x: 0, y: 0, width: page.width, height: page.height)
        for region in page.regionsWithText(for: pass) {
            guard region.width * region.height <= Self.blurredRetailMaxPixels,
                  region.width >= 8, region.height >= 8, let (angle, coherence) = try edgeAngle(of: page, in: region),
                  coherence >= Self.blurredRetailMinCoherence else { continue }
            // A blurred code's bars may fuse into several blobs, each a region: the region as it
            // is, then widened across the bars to twice its length along them (a code is about as
            // long as wide), until one reads.
            let across = abs(cos(angle)) >= abs(sin(angle))
            let widened = (across ? Box(x: region.x + region.width / 2 - max(region.width, 2 * region.height) / 2, y: region.y,
                                        width: max(region.width, 2 * region.height), height: region.height)
                                  : Box(x: region.x, y: region.y + region.height / 2 - max(region.height, 2 * region.width) / 2,
                                        width: region.width, height: max(region.height, 2 * region.width))).intersection(bounds) ?? region
            for area in widened == region ? [region] : [region, widened] {
                guard read.count < Self.blurredRetailMaxAreas, area.width * area.height <= 2 * Self.blurredRetailMaxPixels,
                      !read.contains(where: { $0.coversMostOf(area) }) else { continue }
                read.append(area)
                var symbols = wanted.isDisjoint(with: [.ean13, .upca]) ? [] : try readBlurred(page, area: area, angle: angle, wanted: wanted)
                if symbols.isEmpty, wanted.contains(.code128) { symbols = try readBlurredCode128(page, area: area, angle: angle, wanted: wanted) }
                BarcodeGeometry.merge(symbols, into: &found)
                if !symbols.isEmpty { break }
            }
        }
        return found
    }

    /// The EAN-13/UPC-A symbols ``BlurredEANDecoder`` reads in `area`, scanning across `angle`,
    /// reported as zxing reports them: an EAN-13 with a leading 0 as UPC-A (12 digits) when UPC-A
    /// is asked for.
    func readBlurred(_ page: BarcodePage, area: Box, angle: Double, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        let crop = try page.crop(area)
        guard let plane = crop else { return [] }
        let reads = BlurredEANDecoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: angle)
        let symbols = reads.compactMap { read -> ZXingSymbol? in
            let upca = read.digits.hasPrefix("0") && wanted.contains(.upca)
            guard upca || wanted.contains(.ean13) else { return nil }
            return ZXingSymbol(format: upca ? Symbology.upca.zxingFormat : Symbology.ean13.zxingFormat,
                               text: upca ? String(read.digits.dropFirst()) : read.digits, bytes: [],
                               contentType: zxing_ContentType_Text, addOn: "",
                               corners: read.corners.map { (x: $0.x, y: $0.y) }, symbologyIdentifier: "]E0")
        }
        return barcodes(symbols, wanted: wanted, area: area) { x, y in (Double(area.x) + x, Double(area.y) + y) }
    }

    /// The region's pixels' dominant edge angle and coherence (``ScanProfile/dominantAngle``).
    func edgeAngle(of page: BarcodePage, in region: Box) throws(BarcodeError) -> (Double, Double)? {
        let crop = try page.crop(region)
        guard let plane = crop else { return nil }
        let (angle, coherence) = ScanProfile.dominantAngle(width: plane.width, height: plane.height, bytes: plane.bytes)
        return (angle, coherence)
    }
}
