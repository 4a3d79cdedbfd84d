import DocumentModel
import Imaging
import PDF

extension PageExtractor {
    /// A text-layer page that is not rendered: over the drawing budget (`rulings` nil: none are
    /// looked for), or drawing only text and straight marks (`rulings` read from its drawing,
    /// ``VectorRulings``). Its raster is blank, at the cheap resolution, for the stages that
    /// expect one; its text, size and verdict are as if it had been rendered.
    func unrendered(_ page: PDFPage, document: DocumentRef, number: Int, layer: PageText, cheap: TextLayerRaster?,
                    settings: ExtractSettings, verdict: DrawingVerdict?, rulings: [RulingLine]?) throws -> ExtractedPage {
        let dpi = cheap?.dpi ?? ExtractPageStage.rulingDPI
        let pixels = page.pixelSize(dpi: dpi), size = page.pixelSize(dpi: settings.dpi)
        let image: Image
        do { image = try .blank(width: pixels.width, height: pixels.height,
                                depth: cheap?.inkThreshold == nil ? 8 : 1, resolution: dpi) }
        catch { throw PDFError.renderFailed(path: document.path, page: number, message: error.description) }
        var extracted = ExtractedPage(image: image, textLayer: layer, dpi: settings.dpi, textSource: .textLayer,
                                      imageDPI: dpi, size: (size.width, size.height))
        extracted.drawing = verdict
        extracted.vectorRulings = rulings
        return extracted
    }
}
