import DocumentModel
import OCR
import YAML

extension SpecReader {
    func readExtract(_ v: [String: YAMLNode], _ s: inout ExtractSettings) {
        set(&s.dpi, v["dpi"]) { int($0, "extract.dpi", in: 72...1200) }
        // `auto` (estimate from the page's text) or a whole number of pixels per inch.
        if let node = v["assumed_image_dpi"], let raw = text(node, "extract.assumed_image_dpi") {
            if raw == "auto" {
                s.assumedImageDPI = nil
            } else if let dpi = int(raw, node, "extract.assumed_image_dpi", in: 72...1200) {
                s.assumedImageDPI = dpi
            }
        }
        set(&s.textLayer, v["text_layer"]) { choice($0, "extract.text_layer", noun: "text_layer mode") }
        set(&s.maxPixels, v["max_megapixels"]) {
            number($0, "extract.max_megapixels", in: 1...10_000).map { Int($0 * 1_000_000) }
        }
        set(&s.detectOrientation, v["detect_orientation"]) { bool($0, "extract.detect_orientation") }
        set(&s.deskew, v["deskew"]) { bool($0, "extract.deskew") }
    }
}
