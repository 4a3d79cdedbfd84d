import DocumentModel
import Split
import XCTest

final class DocumentSplitterTests: XCTestCase {
    private func page(_ n: Int, _ payloads: [String] = [], blank: Bool = false, patch: String? = nil,
                      symbology: Symbology = .code128) -> PageSignals {
        PageSignals(number: n, barcodes: payloads.map { (symbology, $0) }, blank: blank, patchCode: patch)
    }

    private func settings(_ change: (inout SplitSettings) -> Void = { _ in }) -> SplitSettings {
        var s = SplitSettings()
        s.enabled = true
        s.separators = [PayloadPattern("PATCH T"), PayloadPattern("/^SEP-[0-9]+$/")]
        change(&s)
        return s
    }

    func testSeparatorsASNsTagsAndBlankPagesMakeLogicalDocuments() {
        let pages = [
            page(1, ["ASN00012", "TAG:invoice"]), page(2), page(3, blank: true),
            page(4, ["PATCH T"], symbology: .qr), page(5, blank: true),
            page(6, ["ASN13"]), page(7, ["TAG:contract", "TAG:2024"]),
            page(8, patch: "PATCH T"), page(9),
            page(10, ["SEP-7"]), page(11, ["SEP-x"]),
        ]
        let (docs, problems) = DocumentSplitter(settings: settings()).split(pages)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(docs.map(\.pages), [[1, 2], [6, 7], [9], [11]])
        XCTAssertEqual(docs.map(\.asn), [12, 13, nil, nil])
        XCTAssertEqual(docs.map(\.tags), [["invoice"], ["2024", "contract"], [], []])
        XCTAssertEqual(docs.map(\.separator), [nil, "PATCH T", "PATCH T", "SEP-7"])
        XCTAssertEqual(docs.map(\.separatorPage), [nil, 4, 8, 10])
    }

    func testKeepingSeparatorPagesAndBlankPages() {
        let pages = [page(1), page(2, ["PATCH T"]), page(3, blank: true), page(4)]
        let s = settings { $0.keepSeparatorPages = true; $0.blankPages = .keep }
        XCTAssertEqual(DocumentSplitter(settings: s).split(pages).documents.map(\.pages), [[1], [2, 3, 4]])
    }

    func testBlankPagesAsSeparatorsMakeNoEmptyDocuments() {
        let pages = [page(1), page(2, blank: true), page(3, blank: true), page(4), page(5), page(6, blank: true)]
        let s = settings { $0.blankPages = .separator }
        let docs = DocumentSplitter(settings: s).split(pages).documents
        XCTAssertEqual(docs.map(\.pages), [[1], [4, 5]])
        XCTAssertEqual(docs.map(\.separator), [nil, "blank page"])
    }

    func testSeparatorSymbologiesNarrowWhatCounts() {
        let pages = [page(1), page(2, ["PATCH T"], symbology: .qr), page(3, ["PATCH T"], symbology: .code128), page(4)]
        let s = settings { $0.separatorSymbologies = [.code128] }
        XCTAssertEqual(DocumentSplitter(settings: s).split(pages).documents.map(\.pages), [[1, 2], [4]])
    }

    func testPatchCodesCanBeTurnedOff() {
        let pages = [page(1), page(2, patch: "PATCH T"), page(3)]
        XCTAssertEqual(DocumentSplitter(settings: settings { $0.patchCodes = false }).split(pages).documents.count, 1)
        XCTAssertEqual(DocumentSplitter(settings: settings()).split(pages).documents.count, 2)
    }

    func testASNProblemsAndASNStartingDocuments() {
        let pages = [page(1, ["ASN12a"]), page(2, ["ASN5"]), page(3, ["ASN6"]), page(4)]
        let (docs, problems) = DocumentSplitter(settings: settings()).split(pages)
        XCTAssertEqual(docs.map(\.pages), [[1, 2, 3, 4]])
        XCTAssertEqual(problems.map(\.kind), [.unparsableASN, .conflictingASN])
        XCTAssertEqual(problems.map(\.page), [1, 3])
        let starting = DocumentSplitter(settings: settings { $0.asnStartsDocument = true }).split(pages)
        XCTAssertEqual(starting.documents.map(\.pages), [[1], [2], [3, 4]])
        XCTAssertEqual(starting.documents.map(\.asn), [nil, 5, 6])
        XCTAssertEqual(starting.problems.map(\.kind), [.unparsableASN])
    }

    func testAMissingSeparatorIsAProblemOnlyWhenOneIsRequired() {
        let pages = [page(1), page(2, ["PATCH T"]), page(3)]
        XCTAssertEqual(DocumentSplitter(settings: settings()).split(pages).problems, [])
        let problems = DocumentSplitter(settings: settings { $0.requireSeparator = true }).split(pages).problems
        XCTAssertEqual(problems.map(\.kind), [.missingSeparator])
        let fine = [page(1, ["PATCH T"]), page(2)]
        XCTAssertEqual(DocumentSplitter(settings: settings { $0.requireSeparator = true }).split(fine).problems, [])
    }

    func testTagTemplatesInPythonAndDollarForms() {
        let s = settings { $0.tags = [TagRule(pattern: "TAG:(.*)", template: "\\g<1>"), TagRule(pattern: "T-(\\w+)-(\\w+)", template: "$2/\\1")] }
        XCTAssertEqual(DocumentSplitter(settings: s).tags(on: page(1, ["TAG:tax", "T-a-b", "xTAG:no"])), ["tax", "b/a"])
    }
}
