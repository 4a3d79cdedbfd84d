import CZBar
import DocumentModel
import Foundation
import ZXingShim

/// Reads QR codes and EAN/UPC codes with ZBar 0.23, the second decoder. QR: measured on the
/// dev set's real photos it finds QR codes zxing-cpp 1.4 misses (high versions, some small
/// ones) and, on real code-free pages and receipts, nothing that is not there. EAN/UPC: its
/// edge-based scanner reads some blurred, curved retail codes in photos that zxing-cpp 1.4
/// (and 3.1) cannot (the dev set's ZXing sample images). Only these decoders are enabled, one
/// set per call: over all symbologies it misread 17 codes on the generated quality set
/// (bench/barcode-quality/README.md), most of them in symbologies without a check digit.
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
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// The ZBar decoders enabled now (all off at creation).
    private var enabled: Set<Symbology> = []

    /// The symbologies ZBar reads for quire, with ZBar's symbol type. UPC-A and UPC-E are
    /// enabled on their own: otherwise ZBar reports them as EAN-13.
    static let types: [Symbology: zbar_symbol_type_t] = [
        .qr: ZBAR_QRCODE, .ean13: ZBAR_EAN13, .upca: ZBAR_UPCA, .ean8: ZBAR_EAN8, .upce: ZBAR_UPCE,
        .gs1DataBar: ZBAR_DATABAR, .gs1DataBarExpanded: ZBAR_DATABAR_EXP,
    ]

    /// The QR codes in 8-bit gray pixels (row stride = width), as zxing-shaped symbols in the
    /// coordinates of those pixels. The pixels are borrowed for the call only.
    func readQR(gray: [UInt8], width: Int, height: Int) -> [ZXingSymbol] {
        read(gray: gray, width: width, height: height, symbologies: [.qr])
    }

    /// The symbols of `symbologies` (those ZBar reads for quire, see ``types``) in 8-bit gray
    /// pixels, as zxing-shaped symbols: EAN/UPC payloads as zxing 1.4 gives them (UPC-A 12
    /// digits, UPC-E 8, with the check digit).
    func read(gray: [UInt8], width: Int, height: Int, symbologies: Set<Symbology>) -> [ZXingSymbol] {
        let wanted = symbologies.filter { Self.types[$0] != nil }
        guard !wanted.isEmpty else { return [] }
        if wanted != enabled {
            // zbar_image_scanner_set_config: 0 on success; a known type and config cannot fail.
            for (symbology, type) in Self.types {
                zbar_image_scanner_set_config(scanner, type, ZBAR_CFG_ENABLE, wanted.contains(symbology) ? 1 : 0)
            }
            enabled = wanted
        }
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
                let type = zbar_symbol_get_type(s)
                guard let symbology = Self.types.first(where: { $0.value == type })?.key, wanted.contains(symbology),
                      let data = zbar_symbol_get_data(s) else { continue }
                let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self),
                                                      count: Int(zbar_symbol_get_data_length(s))))
                let points = (0..<zbar_symbol_get_loc_size(s)).map {
                    (x: Double(zbar_symbol_get_loc_x(s, $0)), y: Double(zbar_symbol_get_loc_y(s, $0)))
                }
                guard let corners = symbology == .qr ? Self.quad(points) : Self.linearQuad(points) else { continue }
                let text = Self.zxingText(String(decoding: bytes, as: UTF8.self), symbology: symbology)
                // DataBar Expanded keeps no raw bytes, as zxing-cpp 1.4 gives none for it: the same
                // symbol read by both is then one symbol (BarcodeGeometry.sameSymbol).
                symbols.append(ZXingSymbol(format: symbology.zxingFormat, text: text, bytes: symbology == .qr ? bytes : [],
                                           contentType: zxing_ContentType_Text, addOn: "", corners: corners))
            }
            return symbols
        }
    }

    /// ZBar's EAN/UPC text as zxing 1.4 gives it: ZBar writes UPC-A and UPC-E with the
    /// leading 0 of their EAN-13 form (13 and 8 digits: `0` + number system + …); zxing gives
    /// UPC-A as 12 digits. QR text is unchanged.
    /// GS1 DataBar: ZBar gives `01` + the 14-digit GTIN, zxing the GTIN alone; DataBar Expanded:
    /// ZBar gives the raw element string, zxing its AIs in parentheses (zxing-cpp's own
    /// `HRIFromGS1` makes them).
    static func zxingText(_ text: String, symbology: Symbology) -> String {
        if symbology == .upca, text.count == 13, text.hasPrefix("0") { return String(text.dropFirst()) }
        if symbology == .gs1DataBar, text.count == 16, text.hasPrefix("01") { return String(text.dropFirst(2)) }
        if symbology == .gs1DataBarExpanded, let hri = text.withCString(zxing_HRIFromGS1) {
            defer { zxing_free(hri) }
            return String(cString: hri)
        }
        return text
    }

    /// A linear symbol's corners from ZBar's points (one per scan line that read it, along
    /// the bars' middle): their bounding box, at least 2 px high, in zxing's order.
    static func linearQuad(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)]? {
        guard !points.isEmpty else { return nil }
        let xs = points.map(\.x), ys = points.map(\.y)
        let x0 = xs.min()!, x1 = max(xs.max()!, x0 + 2), y0 = ys.min()!, y1 = max(ys.max()!, y0 + 2)
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
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
