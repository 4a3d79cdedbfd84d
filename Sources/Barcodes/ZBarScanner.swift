import CZBar
import Foundation
import ZXingShim

/// Reads QR codes with ZBar 0.23, the second decoder: measured on the dev set's real photos
/// it finds QR codes zxing-cpp 1.4 misses (high versions, some small ones) and, on real
/// code-free pages and receipts, nothing that is not there. Only its QR decoder is enabled:
/// that is what the real-photo measurement covers; over all symbologies it misread 17 codes
/// on the generated quality set (bench/barcode-quality/README.md).
///
/// Owns one `zbar_image_scanner_t`, destroyed in `deinit`. Not `Sendable`.
/// ZBar docs: https://github.com/mchehab/zbar (`zbar.h`: image scanner, symbols).
final class ZBarScanner {
    private let scanner: OpaquePointer

    init() {
        // zbar_image_scanner_create: fails only when out of memory.
        guard let scanner = zbar_image_scanner_create() else { fatalError("zbar_image_scanner_create: out of memory") }
        self.scanner = scanner
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// The QR codes in 8-bit gray pixels (row stride = width), as zxing-shaped symbols in the
    /// coordinates of those pixels. The pixels are borrowed for the call only.
    func readQR(gray: [UInt8], width: Int, height: Int) -> [ZXingSymbol] {
        guard width > 0, height > 0, let image = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(image) }
        // "Y800": 8-bit gray.
        let y800 = UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16
            | UInt(UInt8(ascii: "0")) << 24
        zbar_image_set_format(image, y800)
        zbar_image_set_size(image, UInt32(width), UInt32(height))
        return gray.withUnsafeBufferPointer { buffer -> [ZXingSymbol] in
            // No cleanup handler: the pixels stay ours. The image lets go of them before the
            // buffer pointer's scope ends (the defer below), and only then is destroyed.
            zbar_image_set_data(image, buffer.baseAddress, UInt(buffer.count), nil)
            defer { zbar_image_set_data(image, nil, 0, nil) }
            guard zbar_scan_image(scanner, image) > 0 else { return [] }
            var symbols: [ZXingSymbol] = []
            var symbol = zbar_image_first_symbol(image)
            while let s = symbol {
                defer { symbol = zbar_symbol_next(s) }
                guard zbar_symbol_get_type(s) == ZBAR_QRCODE, let data = zbar_symbol_get_data(s) else { continue }
                let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self),
                                                      count: Int(zbar_symbol_get_data_length(s))))
                let points = (0..<zbar_symbol_get_loc_size(s)).map {
                    (x: Double(zbar_symbol_get_loc_x(s, $0)), y: Double(zbar_symbol_get_loc_y(s, $0)))
                }
                guard let corners = Self.quad(points) else { continue }
                symbols.append(ZXingSymbol(format: zxing_BarcodeFormat_QRCode, text: String(decoding: bytes, as: UTF8.self),
                                           bytes: bytes, contentType: zxing_ContentType_Text, addOn: "", corners: corners))
            }
            return symbols
        }
    }

    /// Four corners in zxing's order (top-left, top-right, bottom-right, bottom-left, clockwise
    /// in y-down pixels) from ZBar's location points: the points sorted by angle about their
    /// centre, starting from the one nearest the top-left. nil for fewer than 3 points; with
    /// more or fewer than 4, their bounding box.
    static func quad(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)]? {
        guard points.count >= 3 else { return nil }
        guard points.count == 4 else {
            let xs = points.map(\.x), ys = points.map(\.y)
            return [(xs.min()!, ys.min()!), (xs.max()!, ys.min()!), (xs.max()!, ys.max()!), (xs.min()!, ys.max()!)]
        }
        let cx = points.map(\.x).reduce(0, +) / 4, cy = points.map(\.y).reduce(0, +) / 4
        let sorted = points.sorted { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
        let start = sorted.indices.min { sorted[$0].x + sorted[$0].y < sorted[$1].x + sorted[$1].y }!
        return (0..<4).map { sorted[(start + $0) % 4] }
    }
}
