/// How much of a text layer reads as words: the test that tells a scan's usable OCR layer from
/// a junk one (``TextLayerPolicy``, rule 4). Pure: no C.
///
/// The layer is cut at whitespace into tokens; punctuation is stripped from each token's ends.
/// A token is a **word** when it is letters only (an apostrophe or hyphen between letters
/// allowed) with no capital straight after a small letter ("AGREEIIENT" and "Prüfung" are words,
/// "OFl&LTORS", "IGi.WG" and "DauaufSichtsbehörde" are not), or a **number** when it is digits
/// with `. , / : % -` between them. Anything else (letters mixed with digits or symbols, stray
/// symbols) is junk, the marks of an OCR engine that misread the scan.
public struct LayerWordShare: Equatable, Sendable {
    /// Tokens that are words or numbers.
    public var words = 0
    /// All tokens left once punctuation is stripped from their ends.
    public var tokens = 0

    /// `words / tokens`, 0 for no token.
    public var share: Double { tokens == 0 ? 0 : Double(words) / Double(tokens) }

    public init(words: Int, tokens: Int) {
        self.words = words; self.tokens = tokens
    }

    public init(_ characters: some Sequence<Unicode.Scalar>) {
        var token: [Unicode.Scalar] = []
        for s in characters {
            if s.properties.isWhitespace {
                count(token)
                token.removeAll(keepingCapacity: true)
            } else {
                token.append(s)
            }
        }
        count(token)
    }

    private mutating func count(_ raw: [Unicode.Scalar]) {
        var core = raw[...]
        while let first = core.first, Self.isPunctuation(first) { core = core.dropFirst() }
        while let last = core.last, Self.isPunctuation(last) { core = core.dropLast() }
        guard !core.isEmpty else { return }
        tokens += 1
        if Self.isWord(core) || Self.isNumber(core) { words += 1 }
    }

    static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    static func isWord(_ token: ArraySlice<Unicode.Scalar>) -> Bool {
        var previous: Unicode.Scalar?
        for s in token {
            if s.properties.isAlphabetic {
                if let p = previous, p.properties.isLowercase, s.properties.isUppercase { return false }
            } else if s == "'" || s == "\u{2019}" || s == "-" {
                // Only between two letters.
                guard let p = previous, p.properties.isAlphabetic else { return false }
            } else {
                return false
            }
            previous = s
        }
        return previous?.properties.isAlphabetic ?? false
    }

    static func isNumber(_ token: ArraySlice<Unicode.Scalar>) -> Bool {
        var digits = 0
        for s in token {
            if s.properties.numericType == .decimal { digits += 1 } else if !".,/:%-".unicodeScalars.contains(s) { return false }
        }
        return digits > 0
    }
}
