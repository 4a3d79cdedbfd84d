/// A symbol's place in a structured-append sequence: one message split over several symbols
/// (QR, Data Matrix, PDF417, Aztec, MaxiCode), to be read in `index` order and joined.
///
/// zxing-cpp: `Result::sequenceIndex`, `sequenceSize`, `sequenceId`
/// (https://github.com/zxing-cpp/zxing-cpp, `core/src/Result.h`).
public struct BarcodeSequence: Codable, Sendable, Hashable {
    /// 0-based position of this symbol in the sequence.
    public var index: Int
    /// How many symbols the sequence has; 0 when the symbol does not say (PDF417 without a
    /// segment count).
    public var count: Int
    /// What links the parts of one message: QR's parity byte as a decimal string, PDF417's and
    /// Data Matrix's file id; "" when the symbology has none (MaxiCode, Aztec without an id).
    public var id: String

    public init(index: Int, count: Int, id: String) {
        self.index = index; self.count = count; self.id = id
    }
}
