import DocumentModel
import XCTest
@testable import Pipeline

/// `microPDF417` (read by quire's own decoder) is a symbology name of the pipeline file.
final class MicroPDF417SpecTests: XCTestCase {
    func testTheNameIsAcceptedAndAllIncludesIt() throws {
        let sandbox = try SpecSandbox()
        let head = "name: t\ndatabase: quire.db\ninputs: [scans]\nbarcodes:\n  symbologies: "
        let named = sandbox.validate(head + "[pdf417, microPDF417]\n")
        XCTAssertEqual(named.diagnostics, [])
        XCTAssertEqual(try XCTUnwrap(named.spec).barcodes.symbologies, [.pdf417, .microPDF417])
        XCTAssertTrue(try XCTUnwrap(sandbox.validate(head + "all\n").spec).barcodes.symbologies.contains(.microPDF417))
        // Other spellings are pointed to it.
        let other = sandbox.validate(head + "[Micro-PDF417]\n")
        XCTAssertNil(other.spec)
        XCTAssertTrue(other.diagnostics.contains { $0.message.contains("(did you mean 'microPDF417'?)") }, "\(other.diagnostics)")
    }
}
