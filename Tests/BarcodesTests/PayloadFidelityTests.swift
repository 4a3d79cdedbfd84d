import Barcodes
import DocumentModel
import Foundation
import Imaging
import XCTest

/// What is kept of a symbol's payload, read by zxing-cpp 1.4 from the fixtures of
/// scripts/fixtures/barcodes_payloads.py: GS1 element strings in both forms, Code 39 full ASCII,
/// Codabar's start and stop, binary and ECI payloads, structured-append links, symbology
/// identifiers (docs/pipeline-files.md, "Payloads as stored").
final class PayloadFidelityTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/barcodes-payloads")

    private func read(_ name: String, _ symbologies: Set<Symbology> = Set(Symbology.allCases)) throws -> [Barcode] {
        let path = Self.folder.appendingPathComponent(name).path
        let image = try XCTUnwrap(Image(readingForTests: path), "cannot read fixture \(path)")
        return try BarcodeReader(symbologies: symbologies).read(image)
    }

    private func one(_ name: String, _ symbologies: Set<Symbology> = Set(Symbology.allCases)) throws -> Barcode {
        let found = try read(name, symbologies)
        XCTAssertEqual(found.count, 1, "\(name): \(found.map(\.payload))")
        return try XCTUnwrap(found.first)
    }

    func testGS1DataMatrixKeepsParenthesisedAndRawElementString() throws {
        let code = try one("gs1_datamatrix.png")
        XCTAssertEqual(code.symbology, .dataMatrix)
        XCTAssertEqual(code.payload, "(01)09501101530003(10)AB-123(17)271231")
        // Raw: no parentheses, a GS after the variable-length (10) that is not last.
        XCTAssertEqual(code.rawBytes, Array("010950110153000310AB-123\u{1D}17271231".utf8))
        XCTAssertEqual(code.symbologyIdentifier, "]d2")  // d = Data Matrix, 2 = GS1
    }

    func testGS1128KeepsRawElementStringAndIdentifier() throws {
        let code = try one("gs1_128.png")
        XCTAssertEqual(code.symbology, .code128)
        XCTAssertEqual(code.payload, "(01)09501101530003(3103)000750(21)X7")
        XCTAssertEqual(code.rawBytes, Array("0109501101530003310300075021X7".utf8))
        XCTAssertEqual(code.symbologyIdentifier, "]C1")  // FNC1 in first position: GS1-128
    }

    func testCode39FullASCIIIsDecodedWithItsModifier() throws {
        let full = try one("code39_fullascii.png")
        XCTAssertEqual(full.symbology, .code39FullASCII)
        XCTAssertEqual(full.payload, "Quire-1 ok")
        XCTAssertEqual(full.symbologyIdentifier, "]A4")  // full ASCII, no check character
        // Asked for plain Code 39 only: the shift pairs as printed.
        let plain = try one("code39_fullascii.png", [.code39])
        XCTAssertEqual(plain.symbology, .code39)
        XCTAssertEqual(plain.payload, "Q+U+I+R+E-1 +O+K")
        XCTAssertEqual(plain.symbologyIdentifier, "]A0")
    }

    func testCodabarKeepsStartAndStopCharacters() throws {
        let code = try one("codabar.png")
        XCTAssertEqual(code.symbology, .codabar)
        XCTAssertEqual(code.payload, "A40156B")
        XCTAssertEqual(code.symbologyIdentifier, "]F0")
    }

    func testBinaryQRKeepsItsBytes() throws {
        let code = try one("qr_binary.png")
        XCTAssertEqual(code.symbology, .qr)
        XCTAssertEqual(code.rawBytes, [0, 255, 16, 128, 1, 2, 3, 200, 201, 202, 7, 8, 9, 250, 251, 254])
        XCTAssertEqual(code.symbologyIdentifier, "]Q1")
    }

    func testECIPayloadIsDecodedAndFlagged() throws {
        let code = try one("qr_eci_cyrillic.png")
        XCTAssertEqual(code.payload, "Привет, мир")
        // The bytes as encoded (ISO-8859-5, ECI 7), not UTF-8: kept raw.
        XCTAssertEqual(code.rawBytes.map { Array($0.prefix(3)) }, [0xBF, 0xE0, 0xD8])
        XCTAssertEqual(code.symbologyIdentifier, "]Q2")  // modifier 2: ECI protocol in use
        // Without ECI the same kind of symbol is ]Q1 (its bytes are UTF-8 text: no raw_bytes).
        let plain = try one("ean13.png", [.ean13])
        XCTAssertEqual(plain.symbologyIdentifier, "]E0")
    }

    func testStructuredAppendPartsAreLinked() throws {
        let parts = try read("qr_append.png", [.qr])
        XCTAssertEqual(parts.count, 2, "\(parts.map(\.payload))")
        let sequences = parts.compactMap(\.sequence)
        XCTAssertEqual(sequences.count, 2)
        XCTAssertEqual(Set(sequences.map(\.id)).count, 1, "both parts carry the same sequence id")
        XCTAssertEqual(sequences.map(\.count), [2, 2])
        let message = parts.sorted { $0.sequence!.index < $1.sequence!.index }.map(\.payload).joined()
        XCTAssertEqual(message, "Hello, structured append")
        XCTAssertEqual(Set(sequences.map(\.index)), [0, 1])
    }

    func testEAN13SymbologyIdentifier() throws {
        let code = try one("ean13.png")
        XCTAssertEqual(code.symbology, .ean13)
        XCTAssertEqual(code.payload, "4006381333931")
        XCTAssertEqual(code.symbologyIdentifier, "]E0")
        XCTAssertNil(code.sequence)
        XCTAssertNil(code.rawBytes)
    }
}
