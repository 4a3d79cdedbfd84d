import DocumentModel
import ZXingShim

/// How zxing turns gray pixels into black and white (zxing-cpp `Binarizer`).
public enum BarcodeBinarizer: String, Sendable, Hashable, CaseIterable, Codable {
    /// Local averaging for matrix codes, per-row histogram for linear codes (zxing's default).
    case localAverage
    /// One threshold per image at the valley between the two histogram peaks.
    case globalHistogram
    /// Threshold 127.
    case fixedThreshold

    var zxing: zxing_Binarizer {
        switch self {
        case .localAverage: zxing_Binarizer_LocalAverage
        case .globalHistogram: zxing_Binarizer_GlobalHistogram
        case .fixedThreshold: zxing_Binarizer_FixedThreshold
        }
    }
}

/// Owns one `zxing_ReaderOptions` (zxing-cpp 1.4 `DecodeHints`), deleted in `deinit`.
final class ZXingOptions {
    private let handle: OpaquePointer

    init(formats: zxing_BarcodeFormats, tryHarder: Bool, tryRotate: Bool, tryDownscale: Bool,
         binarizer: BarcodeBinarizer, maxSymbols: Int) {
        // zxing_ReaderOptions_new: `new DecodeHints{}`; fails only when out of memory.
        guard let handle = zxing_ReaderOptions_new() else { fatalError("zxing_ReaderOptions_new: out of memory") }
        self.handle = handle
        zxing_ReaderOptions_setFormats(handle, formats)
        zxing_ReaderOptions_setTryHarder(handle, tryHarder)
        zxing_ReaderOptions_setTryRotate(handle, tryRotate)
        zxing_ReaderOptions_setTryDownscale(handle, tryDownscale)
        zxing_ReaderOptions_setBinarizer(handle, binarizer.zxing)
        zxing_ReaderOptions_setMaxNumberOfSymbols(handle, Int32(maxSymbols))
        // EAN-2/EAN-5 add-ons are read when present (the text then ends with the add-on).
        // Code 39 is read raw: full ASCII and check characters are judged by SymbologyVariants.
        zxing_ReaderOptions_setEanAddOnSymbol(handle, zxing_EanAddOnSymbol_Read)
        // Codabar keeps its start and stop characters (A-D): they carry meaning for some users
        // (libraries, blood banks) and are part of what the symbol says.
        zxing_ReaderOptions_setReturnCodabarStartEnd(handle, true)
    }

    deinit { zxing_ReaderOptions_delete(handle) }

    func withHandle<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R { try body(handle) }
}

/// One symbol as zxing reported it, in the coordinates of the pixels that were read.
struct ZXingSymbol {
    var format: zxing_BarcodeFormat
    var text: String
    var bytes: [UInt8]
    var contentType: zxing_ContentType
    /// The EAN-2/EAN-5 add-on ("" when none).
    var addOn: String
    /// tl, tr, br, bl.
    var corners: [(x: Double, y: Double)]
    /// The AIM symbology identifier (`]Q1`; "" when the reader gives none).
    var symbologyIdentifier: String = ""
    /// The structured-append place; nil when not part of a sequence.
    var sequence: BarcodeSequence? = nil
    /// The symbol names its character set (ECI designators).
    var hasECI = false
}

enum ZXingRead {
    /// Reads gray pixels (row stride = width). `multi`: all symbols (ReadBarcodes), else the first.
    /// zxing's results are copied into Swift values before the shim's lists are deleted.
    /// `rotate90`: read the view turned 90° clockwise (zxing's `ImageView::rotated`); positions
    /// are mapped back to the unrotated pixels.
    static func read(gray: [UInt8], width: Int, height: Int, options: ZXingOptions, multi: Bool,
                     rotate90: Bool = false, context: @autoclosure () -> String) throws(BarcodeError) -> [ZXingSymbol] {
        var failure: String?
        let symbols: [ZXingSymbol] = gray.withUnsafeBufferPointer { buffer in
            // The view borrows `buffer`; it is deleted before the buffer goes away.
            guard let view = zxing_ImageView_new(buffer.baseAddress, Int32(width), Int32(height),
                                                 zxing_ImageFormat_Lum, Int32(width), 1) else {
                failure = lastError() ?? "zxing_ImageView_new failed"
                return []
            }
            defer { zxing_ImageView_delete(view) }
            if rotate90 { zxing_ImageView_rotate(view, 90) }
            return options.withHandle { opts in
                if multi {
                    guard let list = zxing_ReadBarcodes(view, opts) else {
                        failure = lastError() ?? "zxing_ReadBarcodes failed"
                        return []
                    }
                    defer { zxing_Barcodes_delete(list) }
                    return (0..<zxing_Barcodes_size(list)).compactMap { i in
                        zxing_Barcodes_at(list, i).flatMap(symbol)
                    }
                }
                guard let one = zxing_ReadBarcode(view, opts) else {
                    failure = lastError()  // nil: simply nothing found
                    return []
                }
                defer { zxing_Barcode_delete(one) }
                return symbol(one).map { [$0] } ?? []
            }
        }
        if let failure { throw .zxing(message: failure, context: context()) }
        guard rotate90 else { return symbols }
        // Rotated view pixel (x', y') is source pixel (y', height - 1 - x').
        return symbols.map { symbol in
            var s = symbol
            s.corners = symbol.corners.map { (x: $0.y, y: Double(height - 1) - $0.x) }
            return s
        }
    }

    /// Copies one valid symbol; nil for invalid ones (checksum/format errors).
    private static func symbol(_ b: OpaquePointer) -> ZXingSymbol? {
        guard zxing_Barcode_isValid(b) else { return nil }
        var text = ""
        if let cText = zxing_Barcode_text(b) {
            defer { zxing_free(cText) }
            text = String(cString: cText)
        }
        var bytes: [UInt8] = []
        var length: Int32 = 0
        if let cBytes = zxing_Barcode_bytes(b, &length) {
            defer { zxing_free(cBytes) }
            bytes = Array(UnsafeBufferPointer(start: cBytes, count: Int(length)))
        }
        var addOn = ""
        if let cAddOn = zxing_Barcode_eanAddOn(b) {
            defer { zxing_free(cAddOn) }
            addOn = String(cString: cAddOn)
        }
        var identifier = ""
        if let cIdentifier = zxing_Barcode_symbologyIdentifier(b) {
            defer { zxing_free(cIdentifier) }
            identifier = String(cString: cIdentifier)
        }
        var sequence: BarcodeSequence?
        let index = Int(zxing_Barcode_sequenceIndex(b)), count = Int(zxing_Barcode_sequenceSize(b))
        if index >= 0, count >= 0 {
            var id = ""
            if let cID = zxing_Barcode_sequenceId(b) {
                defer { zxing_free(cID) }
                id = String(cString: cID)
            }
            sequence = BarcodeSequence(index: index, count: count, id: id)
        }
        let p = zxing_Barcode_position(b)
        let corners = [p.topLeft, p.topRight, p.bottomRight, p.bottomLeft].map { (x: Double($0.x), y: Double($0.y)) }
        return ZXingSymbol(format: zxing_Barcode_format(b), text: text, bytes: bytes,
                           contentType: zxing_Barcode_contentType(b), addOn: addOn, corners: corners,
                           symbologyIdentifier: identifier, sequence: sequence, hasECI: zxing_Barcode_hasECI(b))
    }

    private static func lastError() -> String? {
        guard let message = zxing_LastErrorMsg() else { return nil }
        defer { zxing_free(message) }
        return String(cString: message)
    }
}
