/// Whether a page is blank, from its ink coverage: the share of the page inside its margins
/// covered by marks large enough to be writing.
///
/// Robust to what scanners add to an empty sheet: the margins (a dark border around the sheet,
/// punch holes, staple marks, the edge shadow) are left out; the ink threshold follows the
/// paper's own gray (a grey or yellowed sheet, show-through from the other side stays paper);
/// dust, specks and sensor noise are connected marks of a few pixels and are not counted.
public struct BlankPageDetector: Sendable {
    /// Share of the width and height left out on each side.
    public var margin = 0.08
    /// A pixel is ink when it is this much darker than the paper (0…255).
    public var contrast = 100
    /// Marks smaller than this (in square inches) are specks, not writing: 0.0015 in² is a
    /// 1 mm dot; a letter of 10-point text is about 0.003 in².
    public var minimumMarkArea = 0.0015
    /// A page is blank below this ink coverage (0.03 %: about six letters of 10-point text).
    public var threshold = 0.0003

    /// Counting stops at this coverage (1 %).
    public var coverageCap = 0.01

    public init() {}

    public struct Reading: Sendable, Equatable {
        public var blank: Bool
        /// Share of the area inside the margins covered by counted marks, counted up to
        /// `coverageCap` (a page of text stops being measured there: it is not blank).
        public var coverage: Double
    }

    public func read(_ plane: GrayPlane) -> Reading {
        let mx = Int(Double(plane.width) * margin), my = Int(Double(plane.height) * margin)
        let x0 = mx, x1 = plane.width - mx, y0 = my, y1 = plane.height - my
        guard x1 - x0 > 4, y1 - y0 > 4 else { return Reading(blank: true, coverage: 0) }
        let w = x1 - x0, h = y1 - y0
        let paper = plane.paperLevel(x0: x0, y0: y0, x1: x1, y1: y1)
        let cut = UInt8(max(0, min(255, paper - contrast)))
        var ink = [Bool](repeating: false, count: w * h)
        var any = false
        plane.bytes.withUnsafeBufferPointer { px in
            for y in 0..<h {
                let src = (y + y0) * plane.width + x0, dst = y * w
                for x in 0..<w where px[src + x] < cut { ink[dst + x] = true; any = true }
            }
        }
        guard any else { return Reading(blank: true, coverage: 0) }
        let dpi = plane.dpi > 0 ? Double(plane.dpi) : Double(plane.width) / 8.5
        let minimum = max(2, Int(minimumMarkArea * dpi * dpi))
        let cap = Int(coverageCap * Double(w * h)) + 1
        let counted = Components.area(of: ink, width: w, height: h, keepingAtLeast: minimum, upTo: cap)
        let coverage = min(coverageCap, Double(counted) / Double(w * h))
        return Reading(blank: coverage < threshold, coverage: coverage)
    }
}

/// Connected marks (8-connected) of a binary image.
enum Components {
    /// The summed area of the components of at least `minimum` pixels (counting stops once it
    /// reaches `cap`).
    static func area(of mask: [Bool], width: Int, height: Int, keepingAtLeast minimum: Int, upTo cap: Int = .max) -> Int {
        var seen = [Bool](repeating: false, count: mask.count)
        var stack: [Int] = []
        var total = 0
        for start in mask.indices where mask[start] && !seen[start] {
            seen[start] = true
            stack.append(start)
            var size = 0
            while let i = stack.popLast() {
                size += 1
                let x = i % width, y = i / width
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < height else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < width else { continue }
                        let j = ny * width + nx
                        if mask[j] && !seen[j] { seen[j] = true; stack.append(j) }
                    }
                }
            }
            if size >= minimum { total += size }
            if total >= cap { break }
        }
        return total
    }
}
