/// Coordinate descent over a model's parameters, as the blurred decoders fit a symbol's geometry
/// (``BlurredEANDecoder``, ``BlurredCode128Decoder``): for each step size in turn, the moves that
/// step gives from the current point (made at the start of each round) are tried one by one and
/// any that lowers the cost is kept, until a round improves nothing or `maxRounds` are spent.
enum CoordinateDescent {
    /// The lowest cost found from `start` and where, or nil when `start` itself has no cost
    /// (`cost` returns nil for a point outside the model's limits).
    static func minimize<Point>(from start: Point, steps: [Double], maxRounds: Int,
                                moves: (Point, Double) -> [Point], cost: (Point) -> Double?) -> (cost: Double, g: Point)? {
        var point = start
        guard var current = cost(point) else { return nil }
        for step in steps {
            var improved = true, rounds = 0
            while improved && rounds < maxRounds {
                improved = false; rounds += 1
                for move in moves(point, step) {
                    if let c = cost(move), c < current { current = c; point = move; improved = true }
                }
            }
        }
        return (current, point)
    }
}
