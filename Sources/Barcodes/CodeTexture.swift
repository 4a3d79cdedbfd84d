import DocumentModel
import Foundation
import Imaging

/// What a code-like region's pixels show along a few straight scan lines: whether they cross
/// the many parallel edges of a linear code's bars, or the modules of a matrix code in two
/// directions, or neither (a photo's texture, a gradient, a big glyph, a logo). Pure Swift.
///
/// The region's dark and light levels are its 5th and 95th percentiles; a line crosses an edge
/// where it passes from below the middle minus a band (a fifth of the contrast) to above the
/// middle plus the band, or back (hysteresis: JPEG noise and smooth shading around the middle
/// count no edges). In each of 8 directions (every 22.5°) ``linesPerDirection`` parallel lines
/// through the region's central 80 % are followed pixel by pixel; the median of their edge
/// counts is the direction's count. A linear code's bars give many edges across them and few
/// along them (a line along the bars stays in one bar or space; a code turned up to 11.25° off
/// one of the 8 directions still gives few); a matrix code's modules give several edges in two
/// perpendicular directions. Photo texture that survives the hysteresis has neither: a gradient
/// or a soft shape gives two edges a line at most, a large glyph or a logo a few; and a code is
/// printed in two tones, where a photo's blotches are shaded (``maxMidtones``). A halftone
/// screen's dots look like modules to this test (not told apart).
///
/// Used as a cheap test of the candidate regions of born-digital pages' images before the
/// costly passes read them (``BarcodeReader/read(_:textPage:codeTexture:)``).
struct CodeTexture: Equatable {
    /// Dark-to-light difference (95th − 5th percentile of the region's gray levels).
    var contrast: Double
    /// Median edge count of the lines in each of the 8 directions (0°, 22.5°, … 157.5°).
    var edges: [Int]
    /// Share of the region's pixels within the band around the middle level (a printed code is
    /// two-toned: few pixels between dark and light, even blurred; a photo's shading has many).
    var midtones: Double

    /// Lines followed in each direction.
    static let linesPerDirection = 7
    /// The least contrast (of 255) in which a code can be seen.
    static let minContrast = 32.0
    /// At most this share of midtones (camera photos of codes on the dev set: ≤ 0.31 for 97 % of
    /// the regions a code was read in; smooth photo texture 0.4 and more).
    static let maxMidtones = 0.35
    /// A linear code: at least this many edges across its bars (the shortest linear symbols
    /// have 25+: Code 128 with one character, EAN-8 43; a region may hold part of a code)…
    static let minBarEdges = 10
    /// …and along its bars at most this share of them (or 2: a line through a bar and the
    /// human-readable digit under it).
    static let maxAlongShare = 0.34
    /// A matrix code: at least this many edges in two perpendicular directions (a 10 × 10 Data
    /// Matrix has about 5 a row, a version 1 QR code 10; small Data Matrix symbols are also
    /// found by their L finder, which does not depend on these regions).
    static let minModuleEdges = 6

    /// The texture of `box` (clamped to the plane) in `plane`.
    init(_ plane: BarcodeGrayPlane, in box: Box) {
        let x0 = max(0, box.x), y0 = max(0, box.y)
        let x1 = min(plane.width, box.x + box.width), y1 = min(plane.height, box.y + box.height)
        guard x1 - x0 >= 4, y1 - y0 >= 4 else {
            self.contrast = 0; self.edges = Array(repeating: 0, count: 8); self.midtones = 1; return
        }
        let w = x1 - x0, h = y1 - y0
        // The percentiles from a grid of at most ~4,096 samples.
        let step = max(1, Int((Double(w * h) / 4096).squareRoot()))
        var histogram = [Int](repeating: 0, count: 256)
        var samples = 0
        for y in stride(from: y0, to: y1, by: step) {
            for x in stride(from: x0, to: x1, by: step) {
                histogram[Int(plane.bytes[y * plane.width + x])] += 1
                samples += 1
            }
        }
        func percentile(_ share: Double) -> Double {
            let wanted = Int(Double(samples) * share)
            var seen = 0
            for (level, count) in histogram.enumerated() {
                seen += count
                if seen > wanted { return Double(level) }
            }
            return 255
        }
        let dark = percentile(0.05), light = percentile(0.95)
        contrast = light - dark
        let middle = (dark + light) / 2, band = contrast / 5
        let low = middle - band, high = middle + band
        midtones = Double(histogram.indices.filter { Double($0) > low && Double($0) < high }.reduce(0) { $0 + histogram[$1] })
            / Double(max(1, samples))
        var counts: [Int] = []
        for direction in 0..<8 {
            let angle = Double(direction) * Double.pi / 8
            let dx = cos(angle), dy = sin(angle)
            let nx = -dy, ny = dx
            // Half the region's extent across the lines, of which the central 80 % is covered.
            let span = 0.8 * (abs(nx) * Double(w) + abs(ny) * Double(h)) / 2
            let length = Int(abs(dx) * Double(w) + abs(dy) * Double(h)) + 2
            let cx = Double(x0) + Double(w) / 2, cy = Double(y0) + Double(h) / 2
            var lineCounts: [Int] = []
            for k in 0..<Self.linesPerDirection {
                let offset = -span + 2 * span * (Double(k) + 0.5) / Double(Self.linesPerDirection)
                let sx = cx + nx * offset - dx * Double(length) / 2, sy = cy + ny * offset - dy * Double(length) / 2
                var state = 0, edges = 0
                for i in 0..<length {
                    let x = Int((sx + dx * Double(i)).rounded()), y = Int((sy + dy * Double(i)).rounded())
                    guard x >= x0, y >= y0, x < x1, y < y1 else { continue }
                    let v = Double(plane.bytes[y * plane.width + x])
                    if v < low, state != -1 {
                        if state != 0 { edges += 1 }
                        state = -1
                    } else if v > high, state != 1 {
                        if state != 0 { edges += 1 }
                        state = 1
                    }
                }
                lineCounts.append(edges)
            }
            counts.append(lineCounts.sorted()[lineCounts.count / 2])
        }
        edges = counts
    }

    /// Many edges across one direction, few along the one perpendicular to it.
    var showsBars: Bool {
        guard contrast >= Self.minContrast, let most = edges.max(), let across = edges.firstIndex(of: most) else { return false }
        let along = edges[(across + 4) % 8]
        return most >= Self.minBarEdges && Double(along) <= max(2, Self.maxAlongShare * Double(most))
    }

    /// Several edges in two perpendicular directions.
    var showsModules: Bool {
        guard contrast >= Self.minContrast else { return false }
        return (0..<4).contains { min(edges[$0], edges[$0 + 4]) >= Self.minModuleEdges }
    }

    /// Two-toned, with bars or modules: worth the costly passes.
    var showsCode: Bool { midtones <= Self.maxMidtones && (showsBars || showsModules) }
}
