import Imaging

extension DataBarLimitedDecoder {
    /// The DataBar Limited symbols in `plane` (page pixels = plane pixels + `offset`), read along
    /// scan lines (``DataBarDecoder/look(_:offset:dataBar:limited:)``).
    package static func symbols(in plane: BarcodeGrayPlane, offset: (x: Double, y: Double) = (0, 0)) -> [DataBarDecoder.Symbol] {
        DataBarDecoder.look(plane, offset: offset, dataBar: false, limited: true).limited
    }
}
