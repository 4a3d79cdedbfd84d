import Foundation
import XCTest
@testable import Imaging

/// Hostile image files (issue 15, items 8 and 17), generated at test time in a temp folder.
final class HostileImageTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("quire-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// CPU seconds this thread has used (not wall time: the machine is shared).
    private func threadCPU() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    func testGeneratedGIFDecodes() throws {
        // The generator's LZW stream is valid: leptonica decodes it to the frame it describes.
        let path = try write(HostileGIF.make(screen: (64, 48), frames: [(64, 48)]), "small.gif")
        let image = try ImageFile.read(path, maxPixels: 1_000_000, assumedDPI: 300)
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 48)
        XCTAssertEqual(image.pixel(x: 10, y: 10), 0, "colour 0 of the table is black")
    }

    func testGIFFrameLargerThanItsScreenIsRefusedBeforeDecoding() throws {
        // A 10×10 logical screen carrying one valid 20000×20000 frame (≈ 300 KB of LZW):
        // giflib would allocate and decode 400 MB before leptonica even looks at the screen.
        let path = try write(HostileGIF.make(screen: (10, 10), frames: [(20_000, 20_000)]), "bomb.gif")
        let before = threadCPU()
        XCTAssertThrowsError(try ImageFile.read(path, maxPixels: 100_000_000, assumedDPI: 300)) { error in
            XCTAssertEqual((error as? ImageError)?.reason, .tooLarge(width: 20_000, height: 20_000, maxPixels: 100_000_000),
                           "\(error)")
        }
        // Refused from the block structure: milliseconds, where decoding costs seconds of CPU.
        XCTAssertLessThan(threadCPU() - before, 1.0)
    }

    func testGIFFramesTogetherOverTheBudgetAreRefused() throws {
        let path = try write(HostileGIF.make(screen: (100, 100), frames: Array(repeating: (100, 100), count: 4)), "many.gif")
        XCTAssertThrowsError(try ImageFile.read(path, maxPixels: 30_000, assumedDPI: 300)) { error in
            XCTAssertTrue("\(error)".hasSuffix("many.gif: its 4 frames hold 40000 pixels together, more than the limit of 30000 pixels; not decoded"),
                          "\(error)")
        }
        XCTAssertEqual(try ImageFile.read(path, maxPixels: 40_000, assumedDPI: 300).width, 100)
    }

    func testLeptonicaFailureThrowsImageErrorInsteadOfTrapping() throws {
        let image = try XCTUnwrap(Image(grayForTests: 4, height: 4, bytes: Array(repeating: 200, count: 16)))
        // 400,000 × 400,000 pixels: leptonica refuses to allocate it and returns NULL.
        XCTAssertThrowsError(try image.scaled(by: 100_000)) { error in
            XCTAssertTrue(error is ImageError, "\(error)")
            XCTAssertEqual("\(error)", "image: leptonica could not scale an image by 100000.0 (out of memory?)")
        }
        XCTAssertThrowsError(try image.barcodeGrayPlane(scale: 100_000))
    }
}

/// Writes GIF files whose frames are all colour 0 (a valid LZW stream, built the way giflib's
/// encoder does), in a few hundred KB even for a 20000×20000 frame.
enum HostileGIF {
    static func make(screen: (Int, Int), frames: [(Int, Int)]) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += le16(screen.0) + le16(screen.1) + [0x80, 0, 0]         // global table of 2 colours
        out += [0, 0, 0, 255, 255, 255]
        for (w, h) in frames {
            out += [0x2C] + le16(0) + le16(0) + le16(w) + le16(h) + [0]
            out += [2]                                                   // LZW minimum code size
            let codes = lzwOfZeros(count: w * h)
            var at = 0
            while at < codes.count {
                let n = min(255, codes.count - at)
                out.append(UInt8(n))
                out += codes[at..<at + n]
                at += n
            }
            out.append(0)
        }
        out.append(0x3B)
        return out
    }

    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }

    /// LZW codes for `count` zero pixels, packed LSB first. Constant input makes the dictionary a
    /// list of runs: after a clear, code 0 is a run of 1 and each new entry is one longer, so a
    /// run of any length up to the longest entry is a single code (giflib's EGifCompressLine).
    private static func lzwOfZeros(count: Int) -> [UInt8] {
        let clear = 4, eoi = 5
        var bytes: [UInt8] = [], buffer = 0, bits = 0
        var runningBits = 3, maxCode1 = 8, runningCode = eoi + 1
        var runCode: [Int] = [0, 0]                    // runCode[L] = code of a run of L zeros
        func output(_ code: Int) {
            buffer |= code << bits
            bits += runningBits
            while bits >= 8 { bytes.append(UInt8(buffer & 0xFF)); buffer >>= 8; bits -= 8 }
            if runningCode >= maxCode1 && code <= 4095 { runningBits += 1; maxCode1 = 1 << runningBits }
        }
        func reset() { runningCode = eoi + 1; runningBits = 3; maxCode1 = 8; runCode = [0, 0] }
        output(clear)
        var remaining = count - 1, current = 1
        while true {
            let longest = runCode.count - 1
            let grow = min(longest - current, remaining)
            current += grow; remaining -= grow
            if remaining == 0 { output(runCode[current]); break }
            // The next zero does not extend the longest run: emit it, add run + 1.
            output(runCode[current])
            if runningCode >= 4095 {
                output(clear); reset()
            } else {
                runCode.append(runningCode); runningCode += 1
            }
            current = 1; remaining -= 1
        }
        output(eoi)
        if bits > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        return bytes
    }
}
