import DocumentModel
import ZXingShim

extension Symbology {
    /// The zxing-cpp format bit for this symbology.
    var zxingFormat: zxing_BarcodeFormat {
        switch self {
        case .qr: zxing_BarcodeFormat_QRCode
        case .microQR: zxing_BarcodeFormat_MicroQRCode
        case .aztec: zxing_BarcodeFormat_Aztec
        case .dataMatrix: zxing_BarcodeFormat_DataMatrix
        case .pdf417: zxing_BarcodeFormat_PDF417
        case .maxiCode: zxing_BarcodeFormat_MaxiCode
        case .code128: zxing_BarcodeFormat_Code128
        case .code39: zxing_BarcodeFormat_Code39
        case .code93: zxing_BarcodeFormat_Code93
        case .codabar: zxing_BarcodeFormat_Codabar
        case .itf: zxing_BarcodeFormat_ITF
        case .ean8: zxing_BarcodeFormat_EAN8
        case .ean13: zxing_BarcodeFormat_EAN13
        case .upca: zxing_BarcodeFormat_UPCA
        case .upce: zxing_BarcodeFormat_UPCE
        case .gs1DataBar: zxing_BarcodeFormat_DataBar
        case .gs1DataBarExpanded: zxing_BarcodeFormat_DataBarExpanded
        case .gs1DataBarLimited: zxing_BarcodeFormat_None   // zxing-cpp 1.4 has none: quire's own decoder reads it
        case .microPDF417: zxing_BarcodeFormat_None   // zxing-cpp 1.4 has none: quire's own decoder reads it
        case .code39Checksum, .code39FullASCII, .code39FullASCIIChecksum, .code93i, .i2of5, .i2of5Checksum, .itf14:
            family.zxingFormat
        }
    }

    /// The plain symbology (a ``family``) for a single zxing format bit; nil for None or an unknown bit.
    init?(zxingFormat: zxing_BarcodeFormat) {
        guard zxingFormat.rawValue != 0,
              let match = Symbology.allCases.first(where: { $0.zxingFormat.rawValue == zxingFormat.rawValue }) else {
            return nil
        }
        self = match
    }

    /// Linear (1-D) symbologies: the ones ZBar could also read and rotations help most.
    public var isLinear: Bool {
        switch self {
        case .code128, .code39, .code93, .codabar, .itf, .ean8, .ean13, .upca, .upce,
             .gs1DataBar, .gs1DataBarExpanded, .gs1DataBarLimited, .code39Checksum, .code39FullASCII, .code39FullASCIIChecksum,
             .code93i, .i2of5, .i2of5Checksum, .itf14: true
        case .qr, .microQR, .aztec, .dataMatrix, .pdf417, .maxiCode, .microPDF417: false
        }
    }
}

extension Collection where Element == Symbology {
    /// The zxing format bit set for these symbologies (0 when empty).
    var zxingFormats: zxing_BarcodeFormats {
        zxing_BarcodeFormats(rawValue: reduce(0) { $0 | $1.zxingFormat.rawValue })
    }
}
