@testable import Barcodes
import XCTest

/// The pure parts of the MicroPDF417 reader: the codeword and row address tables, Reed–Solomon
/// over GF(929) and the compaction modes, on codewords of symbols PyPI zxing-cpp 3.1's writer
/// made (scripts/tables/pdf417_tables.py checks the tables against the same writer).
final class MicroPDF417CodewordTests: XCTestCase {
    /// 'HELLO WORLD 123' (1 column × 17 rows, 7 check words), as the writer encodes it.
    static let hello = [900, 214, 341, 446, 674, 521, 116, 841, 63, 900, 312, 219, 860, 856, 582, 809, 622]

    func testCodewordTableHoldsEachPatternOnce() {
        XCTAssertEqual(PDF417Codewords.patterns.count, 3 * 929)
        XCTAssertEqual(Set(PDF417Codewords.patterns).count, 3 * 929)
        // Codeword 0 of cluster 0: bars and spaces 3 1 1 1 1 1 3 6 (ISO/IEC 15438 table).
        let pattern = PDF417Codewords.pattern([3, 1, 1, 1, 1, 1, 3, 6], total: 17)
        XCTAssertEqual(pattern.flatMap(PDF417Codewords.codeword)?.cluster, 0)
        XCTAssertEqual(pattern.flatMap(PDF417Codewords.codeword)?.value, 0)
        // Every pattern's cluster is (b1 − b2 + b3 − b4 + 9) mod 9 / 3 of its bar widths.
        for (i, bits) in PDF417Codewords.patterns.enumerated() {
            var runs: [Int] = [], last: UInt32 = 2
            for k in (0..<17).reversed() {
                let bit = (bits >> UInt32(k)) & 1
                if bit == last { runs[runs.count - 1] += 1 } else { runs.append(1); last = bit }
            }
            XCTAssertEqual(runs.count, 8)
            XCTAssertEqual((runs[0] - runs[2] + runs[4] - runs[6] + 9) % 9, 3 * (i / 929))
        }
    }

    func testVariantsGiveEachRowItsAddresses() {
        XCTAssertEqual(MicroPDF417Variant.all.count, 34)
        // 1 column × 17 rows: left and right patterns from 36, cluster 6 first.
        let v = MicroPDF417Variant.all[2]
        XCTAssertEqual([v.columns, v.rows, v.checkWords, v.left, v.right, v.cluster], [1, 17, 7, 35, 35, 2])
        XCTAssertEqual(v.row(left: 40, centre: nil, right: 40), 5)
        XCTAssertNil(v.row(left: 40, centre: nil, right: 41))   // the two ends disagree
        XCTAssertNil(v.row(left: 30, centre: nil, right: nil))  // row 47: beyond the symbol
        XCTAssertEqual(MicroPDF417Variant.sideAddress(0x334), 35)
        XCTAssertNil(MicroPDF417Variant.sideAddress(0x2CE))
    }

    /// The check words are the writer's, and Reed–Solomon corrects errors and erasures within
    /// its margin, and gives up (never a wrong message) beyond it.
    func testReedSolomonCorrectsWithinItsMargin() {
        XCTAssertEqual(PDF417ReedSolomon.checkWords(Array(Self.hello.prefix(10)), count: 7), Array(Self.hello.suffix(7)))
        var clean = Self.hello
        XCTAssertEqual(PDF417ReedSolomon.correct(&clean, checkWords: 7, margin: 2), 0)
        // Two errors and one erasure: 2 × 2 + 1 = 5 ≤ 7 − 2.
        var damaged = Self.hello
        damaged[1] = 5; damaged[12] = 0; damaged[6] = 0
        XCTAssertEqual(PDF417ReedSolomon.correct(&damaged, checkWords: 7, erasures: [6], margin: 2), 3)
        XCTAssertEqual(damaged, Self.hello)
        // Three errors: 6 > 5, beyond the margin (within 7 − 0 only without it).
        var worse = Self.hello
        worse[1] = 5; worse[3] = 7; worse[12] = 0
        XCTAssertNil(PDF417ReedSolomon.correct(&worse, checkWords: 7, margin: 2))
        XCTAssertEqual(worse[1], 5)
        var same = Self.hello
        same[1] = 5; same[3] = 7; same[12] = 0
        XCTAssertEqual(PDF417ReedSolomon.correct(&same, checkWords: 7, margin: 0), 3)
        XCTAssertEqual(same, Self.hello)
    }

    func testCompactionModes() throws {
        func text(_ codewords: [Int]) -> String? { PDF417Compaction.decode(codewords)?.text }
        XCTAssertEqual(text(Array(Self.hello.prefix(10))), "HELLO WORLD 123")
        // Text with byte shifts (913) for Latin-1 letters.
        XCTAssertEqual(text([900, 817, 913, 233, 341, 446, 689, 913, 246, 521, 119, 900]), "héllo wörld")
        // ECI 899 (binary), Byte Compaction in sixes (924).
        let bytes = try XCTUnwrap(PDF417Compaction.decode([927, 899, 924, 0, 5, 860, 104, 611]))
        XCTAssertEqual(bytes.bytes, [0, 1, 2, 200, 255, 3])
        XCTAssertEqual(bytes.eciRuns.map(\.eci), [nil, 899])
        // Numeric Compaction.
        XCTAssertEqual(text([902, 376, 807, 429, 111, 283, 827, 527, 866, 518, 280, 795]), "31415926535897932384626433832795")
        // ECI 7 (ISO/IEC 8859-5) then Byte Compaction.
        XCTAssertEqual(text([927, 7, 924, 321, 499, 691, 628, 290]), "Привет")
        // Lower case, punctuation and the mixed sub-mode.
        XCTAssertEqual(text([900, 357, 439, 808, 127, 31, 839, 26, 34, 559, 781, 125, 437, 146, 842, 2, 226, 32, 483, 58, 880,
                             900, 900, 900]), "Lot 4711; best before 2027-12-31!")
        // Codewords this decoder does not take: no message rather than a wrong one.
        XCTAssertNil(PDF417Compaction.decode([928, 111, 100]))
        XCTAssertNil(PDF417Compaction.decode([903, 1, 2]))
    }
}
