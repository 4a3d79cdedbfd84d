extension PageDrawing {
    /// Where an image is drawn: the current transformation matrix [a b c d e f] at its `Do` (or
    /// inline image), which maps the image's unit square onto the page's user space (ISO 32000-1
    /// §8.3.4: (s, t) ↦ (a·s + c·t + e, b·s + d·t + f)). The image's first sample row lies along
    /// t = 1 and its first column along s = 0; a negative determinant is a mirrored image.
    public struct Placement: Sendable, Equatable {
        public var a, b, c, d, e, f: Double
        public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
            self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
        }

        /// The user-space point of the unit square's (`s`, `t`).
        public func apply(_ s: Double, _ t: Double) -> (x: Double, y: Double) { (a * s + c * t + e, b * s + d * t + f) }

        /// The drawn lengths in points of the image's rows (its s axis) and columns (its t axis).
        public var sideLengths: (s: Double, t: Double) { ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot()) }
    }
}

extension ContentScanner.Matrix {
    var placement: PageDrawing.Placement { PageDrawing.Placement(a: a, b: b, c: c, d: d, e: e, f: f) }
}
