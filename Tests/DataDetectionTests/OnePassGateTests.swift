import DocumentModel
import Foundation
import XCTest
@testable import DataDetection

/// The byte tests of issue 35's one-pass detection: each answers false only where the
/// expression (or check) it stands before cannot match, checked against that expression on the
/// differential fixture's lines and on lines made for each test's edges; and each answers
/// false on running text, where it saves the expression.
final class OnePassGateTests: XCTestCase {
    private func line(_ text: String) -> LineText {
        LineText(line: 0, words: text.split(separator: " ").map {
            Word(text: String($0), confidence: 95, box: Box(x: 0, y: 0, width: 10, height: 10))
        })
    }

    private func matches(_ regex: NSRegularExpression, _ text: String) -> Bool { regex.matches(anywhereIn: text) }

    /// The fixture's lines and `extra`, as lines.
    private func lines(_ extra: [String]) throws -> [LineText] {
        try (DetectionDifferentialTests.pages().flatMap(\.1) + extra).map(line)
    }

    private let runningText = ["Result quarter price board east central 1809 closed quarter.",
                               "Between 5014 safety an policy market toward include customer archive completed with require.",
                               "491 daily monthly budget support result reduce consider signed inspector change between this."]

    func testTheLabelPassFindsWhatTheLabelExpressionsFind() throws {
        // The VAT expression as it was, with the alternatives "ust" makes redundant.
        let oldVAT = NSRegularExpression.make(
            #"\b(vat|ust|ustid|ust-id|ust\.-?id|mwst|tva|iva|btw|moms|alv|dph|pdv|nip|cif|nif|p\.\s?iva|partita|tax|steuer|uid)"#)
        let extra = ["P. IVA 01234567890", "p.iva", "p.  iva", "p.\tiva 12", "_flight 12", "2flight", "Xflight", "in-flight LH 400",
                     "e-Ticket", "UPS#1", "ust.-id DE1", "USt-IdNr.", "ISBN:978", "xissn", "Kelvin \u{212A}ISBN", "envío 12",
                     "DHL_Express", "tracking…", "Trace", "AIRPORT", "pnr", "vuelo 3", "steuerNr", "nif", "partita"]
        for l in try lines(extra) {
            let lowered = l.text.lowercased()
            let kinds = LabelMatches(lines: [l]).kinds(line: 0)
            for label in Label.allCases {
                XCTAssertEqual(kinds.contains(Label.Kinds(label)), matches(label.regex, lowered), "\(label) \(l.text)")
            }
            XCTAssertEqual(kinds.contains(Label.Kinds(.vat)), matches(oldVAT, lowered), l.text)
        }
        XCTAssertNil(Label.kinds(in: Array("p.\tiva".utf8)), "a tab: searched with the expressions")
        XCTAssertEqual(Label.kinds(in: Array("Boarding at gate 5, VAT and ISBN".utf8)), [Label.Kinds(.flight), Label.Kinds(.vat), Label.Kinds(.isbn)])
    }

    func testTheIdentifierShapeIsFalseOnlyWhereNoCheckAccepts() throws {
        func accepted(_ s: String, pieces: Int) -> Bool {
            let letters = s.count >= 8 && s.prefix(2).allSatisfy(\.isLetter)
            return Checksums.iban(s) || Checksums.ups(s) || Checksums.s10(s) || s.allSatisfy(\.isNumber) || Checksums.isbn10(s)
                || (pieces == 2 && Checksums.issn(s)) || (letters && VATNumber.check(s) != .invalid)
        }
        var compacts = ["DE89370400440532013000", "GB82WEST12345698765432", "FR1420041010050500013M02606", "NL91ABNA0417164300",
                        "1Z999AA10123456784", "RA123456785DE", "9781234567897", "030640615X", "03785955", "DE136695976",
                        "ATU13585627", "FR40303265045", "NL004495445B01", "ESX1234567X", "IE1234567WA", "PRICEBOARD1809"]
        // Every run of the fixture's pieces, as the detector builds them.
        for l in try lines([]) {
            let units = Array(l.text.utf16)
            let pieces = IdentifierDetector.pieces(in: units)
            for start in pieces.indices {
                var s = ""
                for end in start..<min(pieces.count, start + 9) {
                    s += String(utf16CodeUnits: Array(units[pieces[end]]), count: pieces[end].count).uppercased()
                    if s.count >= 8, s.count <= 34 { compacts.append(s) }
                }
            }
        }
        var accepting = 0
        for s in compacts {
            for pieces in 1...3 where accepted(s, pieces: pieces) {
                accepting += 1
                XCTAssertTrue(IdentifierDetector.mayBeIdentifier(Array(s.utf8), pieceCount: pieces), s)
            }
        }
        XCTAssertGreaterThan(accepting, 30)
        XCTAssertFalse(IdentifierDetector.mayBeIdentifier(Array("PRICEBOARD1809".utf8), pieceCount: 2))
        XCTAssertFalse(IdentifierDetector.mayBeIdentifier(Array("CENTRAL1809".utf8), pieceCount: 2))
    }

    func testTheTwoDecimalTestIsFalseOnlyWhereTheExpressionCannotMatch() throws {
        let extra = ["12.50", "1,99 €", "x9.99y", "9.9", "12.345", ".50", "5.", "٣.٥٠", "１２.５０", "Total 7,25"]
        for l in try lines(extra) where matches(MoneyDetector.twoDecimals, l.text) {
            XCTAssertTrue(MoneyDetector.mayHoldTwoDecimals(l), l.text)
        }
        for text in runningText { XCTAssertFalse(MoneyDetector.mayHoldTwoDecimals(line(text)), text) }
    }

    /// Lines the amount test turns away hold amounts with neither a currency mark nor two decimals.
    func testTheAmountTestIsFalseOnlyWhereNoAmountIsMarkedOrHasTwoDecimals() throws {
        let extra = ["$5", "US$ 12", "RM 12", "12 RM", "kr 5", "5 kr.", "Fr. 4", "Rp 1000", "EUR 20", "20 USD", "ABC 12", "Ft 300",
                     "12,50", "1.234,56", "₹ 500", "€12", "12 €", "£2", "１２ EUR", "Total 12", "total 12.5", "S$3", "R$ 10"]
        var used = 0
        for l in try lines(extra) {
            for pattern in [MoneyDetector.amount, MoneyDetector.amountSpaceGrouped] {
                for m in l.matches(pattern) {
                    let marked = m[1] != nil || m[5] != nil
                    let twoDecimals = (m[3] ?? "").range(of: #"[.,]\d{2}$"#, options: .regularExpression) != nil
                    guard marked || twoDecimals else { continue }
                    used += 1
                    XCTAssertTrue(MoneyDetector.mayHoldAmount(l), l.text)
                }
            }
        }
        XCTAssertGreaterThan(used, 50)
        for text in runningText { XCTAssertFalse(MoneyDetector.mayHoldAmount(line(text)), text) }
    }

    func testTheSpacedDateTestIsFalseOnlyWhereTheSpacedFormsCannotMatch() throws {
        let extra = ["27.03 2018", "27 03/2018", "27-03 2018", "27 03.2018", "٢٧.٠٣ ٢٠١٨", "27.03  2018", "2.3 2018"]
        for l in try lines(extra) where matches(DateDetector.spacedDayFirst, l.text) || matches(DateDetector.spacedMonthSeparator, l.text) {
            XCTAssertTrue(DateDetector.mayHoldSpacedDate(l), l.text)
        }
        for text in runningText { XCTAssertFalse(DateDetector.mayHoldSpacedDate(line(text)), text) }
    }

    func testWordsLeftAloneByTheRepairTestAreNotRepaired() throws {
        let extra = ["l0/O3/2018", "0S-~05-17", "2O24", "1l.", "12/Ol", "S5.", "B8-8"]
        for l in try lines(extra) {
            // What `repairedDigits` asks of a word before it repairs it: two ASCII digits and a separator.
            for word in l.words where !DateDetector.mayBeRepaired(word.text) {
                let chars = Array(word.text)
                XCTAssertFalse(chars.filter { $0.isASCII && $0.isNumber }.count >= 2 && chars.contains { "./-".contains($0) }, word.text)
            }
        }
        XCTAssertTrue(DateDetector.mayBeRepaired("l0/O3/2018"))
        XCTAssertFalse(DateDetector.mayBeRepaired("quarter."))
    }

    func testTheTimeTestIsFalseOnlyWhereTheTimePatternsCannotMatch() throws {
        let extra = ["14:35", "2 : 30", "14h30", "14 H 30", "3 pm", "3PM", "3 a.m.", "3\tpm", "١٤:٣٥", "１４:３５", "12 h"]
        for l in try lines(extra) where matches(TimeDetector.clock, l.text) || matches(TimeDetector.hourOnly, l.text) {
            XCTAssertTrue(TimeDetector.mayHoldTime(l), l.text)
        }
        for text in runningText { XCTAssertFalse(TimeDetector.mayHoldTime(line(text)), text) }
    }

    func testTheDurationTestIsFalseOnlyWhereTheDurationPatternsCannotMatch() throws {
        let extra = ["2 hours", "2HOURS", "1.5 hrs", "2h 30min", "2 H 30 M", "14 Tage", "3 días", "2 años", "5 ore", "3 yr",
                     "4 wks", "2,5 Std", "10 saat", "7 an", "3 jam", "١٤ days"]
        for l in try lines(extra) where matches(DurationDetector.spelled, l.text) || matches(DurationDetector.compact, l.text) {
            XCTAssertTrue(DurationDetector.mayHoldDuration(l), l.text)
        }
        XCTAssertFalse(DurationDetector.mayHoldDuration(line(runningText[0])), runningText[0])
        XCTAssertTrue(DurationDetector.mayHoldDuration(line(runningText[1])), "5014 safety: the first letters of saat")
        XCTAssertTrue(DurationDetector.mayHoldDuration(line(runningText[2])), "491 daily: the first letters of day")
    }

    func testThePhoneLabelPassFindsWhatThePhoneLabelExpressionFinds() throws {
        let extra = ["Tel: 020 7946 0958", "TEL.123", "Hotel 12", "telephone 5", "Telefonnummer 3", "H/P 012-345", "hp:0123",
                     "php 5", "_tel 5", "tel_ 5", "2tel 5", "cellar 4", "Cell 4", "ph. 4", "Tél 01", "☎ 012", "📞 03", "fax\t12",
                     "mob-12", "WhatsApp 6", "contactless 7", "FON 8", "tfn", "x ph"]
        var labelled = 0
        for l in try lines(extra) {
            let expected = matches(PhoneDetector.label, l.text)
            XCTAssertEqual(PhoneDetector.hasLabel(l), expected, l.text)
            if expected { labelled += 1 }
        }
        XCTAssertGreaterThan(labelled, 10)
    }

    func testTheDocumentDateCountJoinsOnlyLinesThatRepeatASeparator() throws {
        for (_, lines) in try DetectionDifferentialTests.pages() + [(DetectionSettings(), ["25/12/2018 and 12/25/2018", "1 . 2 . 2018"])] {
            let text = page(lines)
            var expected = DateOrderHint()
            for l in text.lines { expected.count(in: l.words.map(\.text).joined(separator: " ")) }
            XCTAssertEqual(DateOrderHint(pages: [text]), expected, lines.joined(separator: " | "))
        }
    }
}
