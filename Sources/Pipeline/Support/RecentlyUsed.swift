/// A worker's few most recently used engines by their settings (Tesseract recognizers, data
/// detectors): with `ocr.languages: auto` pages of several languages alternate, and making an
/// engine again for each costs far more than keeping a handful.
struct RecentlyUsed<Key: Equatable, Value> {
    /// The most values kept; the least recently used goes first.
    let capacity: Int
    private var entries: [(key: Key, value: Value)] = []

    init(capacity: Int) { self.capacity = capacity }

    /// The value kept for `key`, else the one `make` makes (then kept).
    mutating func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let i = entries.firstIndex(where: { $0.key == key }) {
            let kept = entries.remove(at: i)
            entries.append(kept)
            return kept.value
        }
        let made = try make()
        if entries.count >= capacity { entries.removeFirst() }
        entries.append((key, made))
        return made
    }
}
