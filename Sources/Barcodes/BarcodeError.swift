/// Why a barcode read failed: zxing-cpp's own message plus what quire was doing.
public enum BarcodeError: Error, Equatable, CustomStringConvertible {
    /// The image could not be turned into gray pixels (empty or unreadable raster).
    case unusableImage(width: Int, height: Int)
    /// zxing-cpp reported a failure (a C++ exception caught by the shim).
    case zxing(message: String, context: String)

    public var description: String {
        switch self {
        case let .unusableImage(width, height):
            "barcodes: cannot read pixels of a \(width)x\(height) image"
        case let .zxing(message, context):
            "barcodes: zxing-cpp failed while \(context): \(message)"
        }
    }
}
