/// Reed–Solomon error correction of PDF417 and MicroPDF417 codewords over GF(929) (the
/// integers modulo the prime 929, generator 3; ISO/IEC 15438 and 24728): the check words make
/// the codeword polynomial (first codeword the highest power) vanish at 3¹ … 3ᵏ. Errors and
/// erasures are found by Berlekamp–Massey and corrected by Forney's formula; the result is
/// accepted only when every syndrome of the corrected codewords is zero. Pure Swift.
enum PDF417ReedSolomon {
    static let prime = 929

    /// Corrects `codewords` (data then `checkWords` check words) in place, given the positions
    /// known to be unread (`erasures`); returns how many codewords were changed, or nil when
    /// they cannot be corrected: 2 × errors + erasures must be at most `checkWords − margin`.
    static func correct(_ codewords: inout [Int], checkWords k: Int, erasures: [Int] = [], margin: Int = 0) -> Int? {
        let n = codewords.count
        guard k >= 1, n > k, erasures.count <= k - margin else { return nil }
        let syndromes = (1...k).map { evaluate(codewords, at: power(3, $0)) }   // S₁ … Sₖ
        if syndromes.allSatisfy({ $0 == 0 }) { return 0 }
        // The locator of position p (degree n − 1 − p) is 3^(n − 1 − p).
        func locator(_ p: Int) -> Int { power(3, n - 1 - p) }
        // Berlekamp–Massey, started from the erasures' locator polynomial (lowest degree first).
        var lambda = [1]
        for p in erasures { lambda = multiply(lambda, [1, (prime - locator(p)) % prime]) }
        var b = lambda, length = erasures.count
        let v = erasures.count
        if v < k {
            for r in (v + 1)...k {
                var delta = 0
                for i in 0..<lambda.count where r - 1 - i >= 0 { delta = (delta + lambda[i] * syndromes[r - 1 - i]) % prime }
                let shifted = [0] + b
                if delta == 0 { b = shifted; continue }
                let t = subtract(lambda, scale(shifted, delta))
                if 2 * length <= r + v - 1 {
                    length = r + v - length
                    b = scale(lambda, inverse(delta))
                } else {
                    b = shifted
                }
                lambda = t
            }
        }
        while lambda.count > 1, lambda.last == 0 { lambda.removeLast() }
        let degree = lambda.count - 1
        let errors = degree - v
        guard errors >= 0, 2 * errors + v <= k - margin else { return nil }
        // The roots: positions p whose locator's inverse zeroes lambda.
        var positions: [Int] = []
        for p in 0..<n where evaluateLow(lambda, at: inverse(locator(p))) == 0 { positions.append(p) }
        guard positions.count == degree else { return nil }
        // Forney: Ω = S(x) Λ(x) mod xᵏ with S(x) = S₁ + S₂x + …; e = −Ω(X⁻¹) / Λ′(X⁻¹).
        let omega = Array(multiply(syndromes, lambda).prefix(k))
        let derivative = lambda.count > 1 ? (1..<lambda.count).map { lambda[$0] * $0 % prime } : [0]
        var corrected = codewords
        for p in positions {
            let x = inverse(locator(p))
            let denominator = evaluateLow(derivative, at: x)
            guard denominator != 0 else { return nil }
            let e = (prime - evaluateLow(omega, at: x) * inverse(denominator) % prime) % prime
            corrected[p] = ((corrected[p] - e) % prime + prime) % prime
        }
        guard (1...k).allSatisfy({ evaluate(corrected, at: power(3, $0)) == 0 }) else { return nil }
        let changed = zip(codewords, corrected).filter { $0 != $1 }.count
        codewords = corrected
        return changed
    }

    /// The check words for `data` (for tests and fixtures): the remainder of data · xᵏ by
    /// ∏ (x − 3ⁱ), negated.
    static func checkWords(_ data: [Int], count k: Int) -> [Int] {
        var generator = [1]   // highest power first
        for i in 1...k {
            let root = power(3, i)
            var next = [Int](repeating: 0, count: generator.count + 1)
            for (j, g) in generator.enumerated() {
                next[j] = (next[j] + g) % prime
                next[j + 1] = (next[j + 1] + g * (prime - root)) % prime
            }
            generator = next
        }
        var remainder = data + [Int](repeating: 0, count: k)
        for i in 0..<data.count where remainder[i] != 0 {
            let factor = remainder[i]
            for j in 0...k { remainder[i + j] = ((remainder[i + j] - factor * generator[j]) % prime + prime) % prime }
        }
        return remainder.suffix(k).map { (prime - $0) % prime }
    }

    // MARK: GF(929) arithmetic

    static func power(_ base: Int, _ exponent: Int) -> Int {
        var result = 1, b = base % prime, e = exponent
        while e > 0 { if e & 1 == 1 { result = result * b % prime }; b = b * b % prime; e >>= 1 }
        return result
    }
    static func inverse(_ a: Int) -> Int { power(a, prime - 2) }
    /// Horner's rule, the first coefficient the highest power.
    static func evaluate(_ coefficients: [Int], at x: Int) -> Int { coefficients.reduce(0) { ($0 * x + $1) % prime } }
    /// The lowest power first.
    private static func evaluateLow(_ coefficients: [Int], at x: Int) -> Int { coefficients.reversed().reduce(0) { ($0 * x + $1) % prime } }
    private static func multiply(_ a: [Int], _ b: [Int]) -> [Int] {
        var product = [Int](repeating: 0, count: a.count + b.count - 1)
        for (i, x) in a.enumerated() where x != 0 { for (j, y) in b.enumerated() { product[i + j] = (product[i + j] + x * y) % prime } }
        return product
    }
    private static func scale(_ a: [Int], _ factor: Int) -> [Int] { a.map { $0 * factor % prime } }
    private static func subtract(_ a: [Int], _ b: [Int]) -> [Int] {
        (0..<max(a.count, b.count)).map { i in ((i < a.count ? a[i] : 0) - (i < b.count ? b[i] : 0) + prime) % prime }
    }
}
