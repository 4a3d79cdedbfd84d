import Barcodes
import DocumentModel
import Foundation
import XCTest

final class BarcodeDumpTests: XCTestCase {
    func testDump() throws {
        guard ProcessInfo.processInfo.environment["QUIRE_BARCODE_DUMP"] != nil else { throw XCTSkip("dump only") }
        let manifest = try BarcodeFixtures.manifest()
        let only = ProcessInfo.processInfo.environment["QUIRE_BARCODE_DUMP"] ?? ""
        for name in manifest.files.keys.sorted() where only.isEmpty || name.contains(only) {
            let image = try BarcodeFixtures.image(name)
            for pass in BarcodeSearch.stagedPasses {
                FileHandle.standardError.write("FILE \(name) \(pass)\n".data(using: .utf8)!)
                let found = try BarcodeReader().read(image, pass: pass)
                print("DUMP", name, pass, found.map { "\($0.symbology) \($0.payload.debugDescription) \($0.corners.map { "\($0.x),\($0.y)" }) o=\($0.orientation) raw=\($0.rawBytes != nil)" })
            }
        }
    }
}
