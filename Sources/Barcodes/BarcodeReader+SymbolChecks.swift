import Imaging
import ZXingShim

extension BarcodeReader {
    /// The linear symbols read on an inverted copy that sit on a dark ground: a label printed in
    /// negative has its quiet zones the whole height of its bars (light on the inverted copy);
    /// a dot texture read inverted shows one only along the scan line (``LinearQuietZones``).
    static func onDarkGround(_ symbols: [ZXingSymbol], plane: BarcodeGrayPlane) -> [ZXingSymbol] {
        let zones = LinearQuietZones(gray: plane.bytes, width: plane.width, height: plane.height)
        return symbols.filter { zones.hasQuietZones($0.corners) }
    }

    /// PDF417 symbols whose right corners zxing-cpp 1.4 left at (0, 0) (a blurred compact
    /// PDF417), with the right edge found in the rows (``PDF417RightEdge``).
    static func withPDF417RightEdges(_ symbols: [ZXingSymbol], plane: BarcodeGrayPlane) -> [ZXingSymbol] {
        symbols.map { symbol in
            guard symbol.format.rawValue == zxing_BarcodeFormat_PDF417.rawValue,
                  let corners = PDF417RightEdge(gray: plane.bytes, width: plane.width, height: plane.height)
                    .repaired(symbol.corners) else { return symbol }
            var repaired = symbol
            repaired.corners = corners
            return repaired
        }
    }
}
