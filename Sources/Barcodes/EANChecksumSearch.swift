/// The EAN-13 numbers that best explain per-digit pattern costs, under the symbol's rules: the
/// left half's L/G parity pattern gives the first digit, the right half is in R code, and the
/// check digit must verify. A symbol scanned right to left is read too (its left half then
/// shows G codes and its right half R or backwards L codes). Pure Swift.
package enum EANChecksumSearch {
    package struct Candidate: Sendable, Equatable {
        /// The 13 digits in the symbol's order.
        package var digits: String
        package var cost: Double
        package var backwards: Bool
    }

    /// The best and second-best valid numbers (distinct digits) for `costs` (12 digit positions
    /// as seen on the line × ``EANBlurModel/columns`` patterns), cheapest first.
    package static func best(_ costs: [Double]) -> [Candidate] {
        var all: [Candidate] = []
        for backwards in [false, true] {
            for first in 0..<10 {
                // For each of the 12 encoded digits in symbol order (positions 2–13): the line
                // position it is seen at and the column offset of its pattern.
                let parity = EANBlurModel.parity[first]
                let slots: [(position: Int, column: Int)] = (0..<12).map { k in
                    if !backwards { return (k, k < 6 ? (parity[k] ? 10 : 0) : 20) }
                    // Seen right to left: symbol digit k is at line position 11 − k.
                    return (11 - k, k < 6 ? (parity[k] ? 20 : 30) : 10)
                }
                // Two cheapest partial numbers per checksum residue.
                var states: [[(cost: Double, digits: [Int])]] = Array(repeating: [], count: 10)
                states[first % 10] = [(0, [])]
                for (k, slot) in slots.enumerated() {
                    let weight = k % 2 == 0 ? 3 : 1
                    var next: [[(cost: Double, digits: [Int])]] = Array(repeating: [], count: 10)
                    for residue in 0..<10 {
                        for partial in states[residue] {
                            for d in 0..<10 {
                                let c = partial.cost + costs[slot.position * EANBlurModel.columns + slot.column + d]
                                let r = (residue + weight * d) % 10
                                insert(&next[r], (c, partial.digits + [d]))
                            }
                        }
                    }
                    states = next
                }
                for done in states[0] {
                    all.append(Candidate(digits: String(first) + done.digits.map(String.init).joined(), cost: done.cost, backwards: backwards))
                }
            }
        }
        all.sort { $0.cost < $1.cost }
        var distinct: [Candidate] = []
        for candidate in all where !distinct.contains(where: { $0.digits == candidate.digits }) {
            distinct.append(candidate)
            if distinct.count == 2 { break }
        }
        return distinct
    }

    /// Keeps the two cheapest entries.
    private static func insert(_ list: inout [(cost: Double, digits: [Int])], _ entry: (cost: Double, digits: [Int])) {
        if list.count < 2 { list.append(entry); list.sort { $0.cost < $1.cost }; return }
        if entry.cost < list[1].cost {
            list[1] = entry
            if list[1].cost < list[0].cost { list.swapAt(0, 1) }
        }
    }
}
