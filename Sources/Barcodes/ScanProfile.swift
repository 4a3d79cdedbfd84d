import Foundation

/// The gray levels along one straight scan line through an 8-bit gray area, sampled every pixel
/// (bilinear), and where the line lies: sample `t` is at `origin + t · direction` (pixels of the
/// area). Parallel lines made by ``lines(width:height:bytes:angle:spacing:)`` share the
/// position along the direction, so a symbol edge found at sample `t` on one is near `t` on the
/// next. Pure Swift.
package struct ScanProfile: Sendable {
    /// Gray levels, one a pixel along the line.
    var samples: [Double]
    /// The point of sample 0 and the unit direction of the line, in area pixels.
    var origin: (x: Double, y: Double)
    var direction: (x: Double, y: Double)
    /// The line's signed distance from the area's centre, across the direction.
    var offset: Double
    /// The position of sample 0 along the direction, the same origin for every parallel line.
    var start: Double

    /// The area point at (fractional) sample `t`.
    func point(_ t: Double) -> (x: Double, y: Double) {
        (origin.x + t * direction.x, origin.y + t * direction.y)
    }

    /// The angle (radians, of the gray gradient: across the bars of a linear code) that most of
    /// the area's edges share, and how strongly they share it (coherence 0–1 of the structure
    /// tensor: 1 for straight parallel bars, near 0 for text or noise). `step`: the gradients of
    /// every `step`-th pixel of every `step`-th row.
    package static func dominantAngle(width: Int, height: Int, bytes: [UInt8], step: Int = 1) -> (angle: Double, coherence: Double) {
        guard width >= 3, height >= 3 else { return (0, 0) }
        var jxx = 0.0, jyy = 0.0, jxy = 0.0
        bytes.withUnsafeBufferPointer { px in
            for y in stride(from: 1, to: height - 1, by: step) {
                for x in stride(from: 1, to: width - 1, by: step) {
                    let i = y * width + x
                    let gx = Double(px[i + 1]) - Double(px[i - 1]), gy = Double(px[i + width]) - Double(px[i - width])
                    jxx += gx * gx; jyy += gy * gy; jxy += gx * gy
                }
            }
        }
        let total = jxx + jyy
        guard total > 0 else { return (0, 0) }
        let coherence = ((jxx - jyy) * (jxx - jyy) + 4 * jxy * jxy).squareRoot() / total
        return (0.5 * atan2(2 * jxy, jxx - jyy), coherence)
    }

    /// Parallel lines at `angle` (radians, y down) across the whole area, `spacing` pixels apart,
    /// each clipped to the area; lines shorter than `minLength` samples are left out.
    static func lines(width: Int, height: Int, bytes: [UInt8], angle: Double, spacing: Double,
                      minLength: Int = 40) -> [ScanProfile] {
        let d = (x: cos(angle), y: sin(angle)), n = (x: -d.y, y: d.x)
        let cx = Double(width - 1) / 2, cy = Double(height - 1) / 2
        let half = (Double(width * width + height * height)).squareRoot() / 2
        var result: [ScanProfile] = []
        var offset = -half + spacing / 2
        while offset < half {
            let base = (x: cx + n.x * offset - d.x * half, y: cy + n.y * offset - d.y * half)
            // The samples t in 0..<2·half that fall inside the area.
            var first = -1, last = -1
            var t = 0
            while Double(t) < 2 * half {
                let x = base.x + Double(t) * d.x, y = base.y + Double(t) * d.y
                if x >= 0, y >= 0, x <= Double(width - 1), y <= Double(height - 1) {
                    if first < 0 { first = t }
                    last = t
                }
                t += 1
            }
            if first >= 0, last - first + 1 >= minLength {
                var samples: [Double] = []
                samples.reserveCapacity(last - first + 1)
                bytes.withUnsafeBufferPointer { px in
                    for t in first...last {
                        samples.append(GraySampling.bilinear(px, width: width, height: height,
                                                x: base.x + Double(t) * d.x, y: base.y + Double(t) * d.y))
                    }
                }
                result.append(ScanProfile(samples: samples, origin: (base.x + Double(first) * d.x, base.y + Double(first) * d.y),
                                          direction: d, offset: offset, start: Double(first)))
            }
            offset += spacing
        }
        return result
    }
}
