import Imaging

extension BarcodeReader {
    /// The linear symbols read on an inverted copy that sit on a dark ground: a label printed in
    /// negative has its quiet zones the whole height of its bars (light on the inverted copy);
    /// a dot texture read inverted shows one only along the scan line (``LinearQuietZones``).
    static func onDarkGround(_ symbols: [ZXingSymbol], plane: BarcodeGrayPlane) -> [ZXingSymbol] {
        let zones = LinearQuietZones(gray: plane.bytes, width: plane.width, height: plane.height)
        return symbols.filter { zones.hasQuietZones($0.corners) }
    }
}
