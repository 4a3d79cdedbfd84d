import DocumentModel
import Imaging

extension BarcodeReader {
    /// The small Data Matrix symbols the L-finder search found (``BarcodePass/Area/matrixFinders``,
    /// ``DataMatrixLocator``), each cropped with a quiet zone of a third of its side and read
    /// alone: as it is, then enlarged 3× and 4× (``ModuleScale``), until one reads.
    func readMatrixFinders(_ page: BarcodePage, pass: BarcodePass, wanted: Set<Symbology>) throws(BarcodeError) -> [Barcode] {
        var found: [Barcode] = []
        let bounds = Box(x: 0, y: 0, width: page.width, height: page.height)
        for symbol in page.matrixFinderSymbols {
            candidateReads += 1
            guard let area = symbol.expanded(by: max(6, max(symbol.width, symbol.height) / 3)).intersection(bounds) else { continue }
            let crop = try page.crop(area)
            guard let plane = crop else { continue }
            BarcodeGeometry.merge(try readEnlarged(plane, of: area, page: page, factors: [1] + ModuleScale.factors, pass: pass, wanted: wanted), into: &found)
        }
        return found
    }
}
