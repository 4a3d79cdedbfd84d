import DocumentModel
import Imaging
import ZXingShim

extension BarcodeReader {
    /// The Code 128 symbols ``BlurredCode128Decoder`` reads in `area` (an area of the blurred
    /// pass, ``readBlurredRetail(_:pass:wanted:)``, where no EAN/UPC symbol was read), scanning
    /// across `angle`, reported as zxing-cpp reports Code 128: GS1-128 (FNC1 first) with `]C1`
    /// and the FNC1 left out, later FNC1s as GS; otherwise `]C0`.
    func readBlurredCode128(_ page: BarcodePage, area: Box, angle: Double, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        let crop = try page.crop(area)
        guard let plane = crop else { return [] }
        let symbols = BlurredCode128Decoder.read(width: plane.width, height: plane.height, bytes: plane.bytes, angle: angle).map { read in
            ZXingSymbol(format: Symbology.code128.zxingFormat, text: read.text, bytes: [],
                        contentType: read.gs1 ? zxing_ContentType_GS1 : zxing_ContentType_Text, addOn: "",
                        corners: read.corners.map { (x: $0.x, y: $0.y) }, symbologyIdentifier: read.gs1 ? "]C1" : "]C0")
        }
        return barcodes(symbols, wanted: wanted, area: area) { x, y in (Double(area.x) + x, Double(area.y) + y) }
    }
}
