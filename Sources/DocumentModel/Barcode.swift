/// Barcodes (Vision's DetectBarcodesRequest observations).

/// Symbologies quire reads, with Vision-style names (the pipeline file and `barcodes.symbology`).
///
/// Some are variants of one bar pattern (Vision's names): `code39Checksum`, `code39FullASCII`
/// and `code39FullASCIIChecksum` of ``code39``; `code93i` of ``code93``; `i2of5`,
/// `i2of5Checksum` and `itf14` of ``itf``. Their ``family`` is the plain symbology.
public enum Symbology: String, Codable, Sendable, CaseIterable {
    case qr, microQR, aztec, dataMatrix, pdf417, maxiCode
    case code128, code39, code93, codabar, itf
    case ean8, ean13, upca, upce
    case gs1DataBar, gs1DataBarExpanded, gs1DataBarLimited
    case microPDF417
    case code39Checksum, code39FullASCII, code39FullASCIIChecksum, code93i
    case i2of5, i2of5Checksum, itf14

    /// The plain symbology whose bars this one uses (itself for the plain ones).
    public var family: Symbology {
        switch self {
        case .code39Checksum, .code39FullASCII, .code39FullASCIIChecksum: .code39
        case .code93i: .code93
        case .i2of5, .i2of5Checksum, .itf14: .itf
        default: self
        }
    }
}

/// One decoded barcode: payload, symbology and the four corners in page pixels.
public struct Barcode: Codable, Sendable, Hashable {
    public var symbology: Symbology
    /// The payload as text (UTF-8; binary payloads are rendered lossily, see `rawBytes`).
    public var payload: String
    /// The raw payload bytes when the payload is binary; nil for text payloads.
    public var rawBytes: [UInt8]?
    /// Corners: top-left, top-right, bottom-right, bottom-left (of the symbol, as read).
    public var corners: [Point]
    /// Orientation of the symbol in degrees (clockwise).
    public var orientation: Int
    /// The EAN-2/EAN-5 add-on of an EAN/UPC symbol (Vision's `supplementalPayload`); the
    /// payload then ends with it. nil when there is none.
    public var supplementalPayload: String?
    /// The AIM symbology identifier the reader reported: `]` + symbology code + modifier (`]Q1`
    /// a QR code, `]Q2` one with ECI designators, `]Q3` GS1 QR, `]C1` GS1-128, `]d2` GS1 Data
    /// Matrix, `]E0` EAN-13, `]A0` Code 39, …; ISO/IEC 15424). nil when the reader gives none
    /// (ZBar's reads).
    public var symbologyIdentifier: String?
    /// The symbol's place in a structured-append sequence; nil when it is not part of one.
    public var sequence: BarcodeSequence?

    public init(symbology: Symbology, payload: String, rawBytes: [UInt8]? = nil, corners: [Point], orientation: Int = 0,
                supplementalPayload: String? = nil, symbologyIdentifier: String? = nil, sequence: BarcodeSequence? = nil) {
        self.symbology = symbology; self.payload = payload; self.rawBytes = rawBytes
        self.corners = corners; self.orientation = orientation; self.supplementalPayload = supplementalPayload
        self.symbologyIdentifier = symbologyIdentifier; self.sequence = sequence
    }

    /// Axis-aligned bounds of the corners.
    public var bounds: Box {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Box(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}

extension Barcode {
    /// True when the point lies inside the symbol's quadrilateral (convex, either winding);
    /// false for fewer than 3 corners or a degenerate (zero-area) quadrilateral.
    public func contains(x: Double, y: Double) -> Bool {
        guard corners.count >= 3 else { return false }
        var sign = 0.0
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let cross = Double(b.x - a.x) * (y - Double(a.y)) - Double(b.y - a.y) * (x - Double(a.x))
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return sign != 0
    }

    /// The mean of the corners.
    public var centre: (x: Double, y: Double) {
        let n = Double(max(1, corners.count))
        return (corners.reduce(0.0) { $0 + Double($1.x) } / n, corners.reduce(0.0) { $0 + Double($1.y) } / n)
    }
}
