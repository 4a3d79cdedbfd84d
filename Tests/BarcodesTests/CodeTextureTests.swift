import DocumentModel
import Foundation
@testable import Barcodes
@testable import Imaging
import XCTest

/// The code-texture check of candidate regions (``CodeTexture``): a born-digital page's pictures
/// (photo texture, gradients, foliage, big glyphs) give the region search regions that are not
/// read by the costly passes, while real codes, also photographed ones, still are.
final class CodeTextureTests: XCTestCase {
    /// A deterministic pseudo-random sequence (64-bit LCG), in 0..<1.
    private struct Random {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    /// A photo-like picture of four textures side by side, each 320 × 320: smooth value noise
    /// (a photo's texture, JPEG-like blotches), a gradient with a soft dark disc, foliage-like
    /// overlapping leaves of mixed tones, and a big bold glyph ("L", a logo's letter).
    static func photoLike() -> BarcodeGrayPlane {
        let side = 320, width = 2 * side, height = 2 * side
        var bytes = [UInt8](repeating: 255, count: width * height)
        var random = Random(state: 35)
        // Value noise: random levels on a 16-px grid, bilinear between them.
        let cell = 16, cells = side / cell + 2
        let grid = (0..<(cells * cells)).map { _ in 40 + 180 * random.next() }
        for y in 0..<side {
            for x in 0..<side {
                let gx = Double(x) / Double(cell), gy = Double(y) / Double(cell)
                let ix = Int(gx), iy = Int(gy), fx = gx - Double(ix), fy = gy - Double(iy)
                let v = grid[iy * cells + ix] * (1 - fx) * (1 - fy) + grid[iy * cells + ix + 1] * fx * (1 - fy)
                    + grid[(iy + 1) * cells + ix] * (1 - fx) * fy + grid[(iy + 1) * cells + ix + 1] * fx * fy
                bytes[y * width + x] = UInt8(max(0, min(255, v + 12 * (random.next() - 0.5))))
            }
        }
        // A gradient from light to dark with a soft dark disc.
        for y in 0..<side {
            for x in 0..<side {
                let ramp = 230 - 160 * Double(x) / Double(side)
                let d = ((Double(x) - 200) * (Double(x) - 200) + (Double(y) - 150) * (Double(y) - 150)).squareRoot()
                let disc = d < 60 ? 1 : d < 100 ? (100 - d) / 40 : 0
                bytes[y * width + side + x] = UInt8(ramp * (1 - 0.8 * disc))
            }
        }
        // Foliage: 140 leaves (ellipses of random size, angle and tone) on a mid-gray ground.
        for y in 0..<side { for x in 0..<side { bytes[(side + y) * width + x] = 150 } }
        for _ in 0..<140 {
            let cx = random.next() * Double(side), cy = random.next() * Double(side)
            let a = 8 + 22 * random.next(), b = 4 + 8 * random.next(), angle = random.next() * .pi
            let tone = UInt8(20 + 200 * random.next())
            let (c, s) = (cos(angle), sin(angle))
            for y in max(0, Int(cy - a))..<min(side, Int(cy + a) + 1) {
                for x in max(0, Int(cx - a))..<min(side, Int(cx + a) + 1) {
                    let u = (Double(x) - cx) * c + (Double(y) - cy) * s, v = -(Double(x) - cx) * s + (Double(y) - cy) * c
                    if (u * u) / (a * a) + (v * v) / (b * b) <= 1 { bytes[(side + y) * width + x] = tone }
                }
            }
        }
        // A bold "L" on white.
        for y in 40..<280 {
            for x in 80..<240 where x < 140 || y >= 220 { bytes[(side + y) * width + side + x] = 10 }
        }
        return BarcodeGrayPlane(width: width, height: height, bytes: bytes)
    }

    private func image(_ plane: BarcodeGrayPlane) throws -> Image {
        try XCTUnwrap(Image(grayForTests: plane.width, height: plane.height, bytes: plane.bytes))
    }

    /// Every texture of the photo-like picture shows neither bars nor modules.
    func testPhotoTexturesShowNoCode() {
        let plane = Self.photoLike()
        for (name, x, y) in [("noise", 0, 0), ("gradient", 320, 0), ("foliage", 0, 320), ("glyph", 320, 320)] {
            let texture = CodeTexture(plane, in: Box(x: x, y: y, width: 320, height: 320))
            XCTAssertFalse(texture.showsCode, "\(name): \(texture)")
        }
    }

    /// Real codes show theirs: linear codes bars, matrix codes modules (fixtures at their size,
    /// and a linear code blurred and turned 8°, as photographed).
    func testCodesShowTheirTexture() throws {
        for (file, linear) in [("single_code128.png", true), ("single_ean13.png", true), ("single_itf.png", true),
                               ("single_qr.png", false), ("single_dataMatrix.png", false)] {
            let image = try BarcodeFixtures.image(file)
            let plane = try XCTUnwrap(try image.barcodeGrayPlane())
            let texture = CodeTexture(plane, in: Box(x: 0, y: 0, width: plane.width, height: plane.height))
            XCTAssertTrue(linear ? texture.showsBars : texture.showsModules, "\(file): \(texture)")
        }
        let photographed = try XCTUnwrap(try BarcodeFixtures.image("single_code128.png")
            .barcodeGrayPlane(scale: 1.5, rotation: 8 * .pi / 180))
        let blurred = Self.blurred(photographed, radius: 2)
        let texture = CodeTexture(blurred, in: Box(x: 0, y: 0, width: blurred.width, height: blurred.height))
        XCTAssertTrue(texture.showsBars, "blurred and turned: \(texture)")
    }

    /// A box blur of `radius` pixels (a soft, out-of-focus copy).
    static func blurred(_ plane: BarcodeGrayPlane, radius: Int) -> BarcodeGrayPlane {
        var out = plane.bytes
        for y in 0..<plane.height {
            for x in 0..<plane.width {
                var sum = 0, n = 0
                for dy in -radius...radius {
                    for dx in -radius...radius {
                        let xx = x + dx, yy = y + dy
                        guard xx >= 0, yy >= 0, xx < plane.width, yy < plane.height else { continue }
                        sum += Int(plane.bytes[yy * plane.width + xx]); n += 1
                    }
                }
                out[y * plane.width + x] = UInt8(sum / n)
            }
        }
        return BarcodeGrayPlane(width: plane.width, height: plane.height, bytes: out)
    }

    /// The reader with the check reads none of the photo-like picture's candidate regions (the
    /// region search finds some: without the check they are read by every candidate pass).
    func testPhotoLikePictureCandidatesAreNotReadWithTheCheck() throws {
        let picture = try image(Self.photoLike())
        let regions = try picture.barcodeCandidateRegions()
        XCTAssertFalse(regions.isEmpty, "the region search takes the picture's texture for codes")
        for textPage in [false, true] {
            let reader = BarcodeReader()
            XCTAssertEqual(try reader.read(picture, textPage: textPage), [])
            XCTAssertGreaterThan(reader.candidateReads, 0, "textPage \(textPage): read without the check")
            XCTAssertEqual(try reader.read(picture, textPage: textPage, codeTexture: true), [])
            XCTAssertEqual(reader.candidateReads, 0, "textPage \(textPage): read with the check")
        }
    }

    /// A picture with a soft code beside the textures (blurred): the code is still found with the
    /// check, on the picture and on a large copy (read only where there is evidence of a code).
    /// (A turned, blurred, noisy JPEG label in a PDF: ``EmbeddedCodeImageTests``.)
    func testPhotographedCodeBesideTexturesIsStillFound() throws {
        var plane = Self.photoLike()
        let code = Self.blurred(try XCTUnwrap(try BarcodeFixtures.image("single_code128.png").barcodeGrayPlane()), radius: 1)
        // Pasted over the lower part of the noise and the gradient.
        XCTAssertLessThanOrEqual(code.width, 640)
        XCTAssertLessThanOrEqual(code.height, 220)
        for y in 0..<code.height {
            for x in 0..<code.width { plane.bytes[(100 + y) * plane.width + x] = code.bytes[y * code.width + x] }
        }
        let picture = try image(plane)
        for copy in [picture, try picture.scaled(by: 2.5)] {
            let found = try BarcodeReader().read(copy, textPage: true, codeTexture: true)
            XCTAssertEqual(found.map(\.payload), ["QUIRE-128-abc"], "\(copy.width)x\(copy.height)")
        }
    }

    /// A large image (read only where there is evidence of a code) whose regions all show no
    /// code's texture is still read whole once by the first pass: the safety net for a code the
    /// check would wrongly leave out.
    func testLargeImageWhoseRegionsAllFailIsReadWholeOnce() throws {
        let picture = try image(Self.photoLike()).scaled(by: 2.5)
        XCTAssertGreaterThanOrEqual(max(picture.width, picture.height), 1500)
        let reader = BarcodeReader()
        XCTAssertEqual(try reader.read(picture, textPage: true, codeTexture: true), [])
        XCTAssertEqual(reader.candidateReads, 0)
        XCTAssertEqual(reader.textureFallbackReads, 1, "the whole image read once")
        XCTAssertEqual(try reader.read(picture, textPage: true), [])
        XCTAssertEqual(reader.textureFallbackReads, 0, "without the check: its regions are read")
        XCTAssertGreaterThan(reader.candidateReads, 0)
    }

    /// With the check, the linear-only passes read only the regions that show bars: a block of
    /// modules (a matrix code's texture, as a text block or a logo shows) is read by the others.
    func testLinearOnlyPassesReadOnlyBarRegions() throws {
        let code = try XCTUnwrap(try BarcodeFixtures.image("single_code128.png").barcodeGrayPlane())
        let width = code.width + 400, height = 400
        var plane = BarcodeGrayPlane(width: width, height: height, bytes: [UInt8](repeating: 255, count: width * height))
        var random = Random(state: 37)
        for my in 0..<24 {
            for mx in 0..<24 where random.next() < 0.5 {
                for y in 0..<8 { for x in 0..<8 { plane.bytes[(100 + my * 8 + y) * width + 60 + mx * 8 + x] = 0 } }
            }
        }
        for y in 0..<code.height {
            for x in 0..<code.width { plane.bytes[(120 + y) * width + 340 + x] = code.bytes[y * code.width + x] }
        }
        let page = try BarcodePage(try image(plane), codeTexture: true)
        let linear = BarcodePass(multi: false, area: .candidates, linearOnly: true)
        let any = BarcodePass(multi: false, area: .candidates)
        let modules = { (box: Box) in box.x < 300 }
        XCTAssertEqual(page.candidates.filter(modules).count, 1, "the module block's region: \(page.candidates)")
        XCTAssertEqual(page.candidates(for: any), page.candidates)
        let bars = page.candidates(for: linear)
        XCTAssertFalse(bars.isEmpty)
        XCTAssertFalse(bars.contains(where: modules), "\(bars)")
        XCTAssertTrue(try BarcodePage(try image(plane)).candidates(for: linear).contains(where: modules), "without the check")
        XCTAssertEqual(try BarcodeReader().read(try image(plane), textPage: true, codeTexture: true).map(\.payload), ["QUIRE-128-abc"])
    }
}
