import DocumentModel

/// Which of the requested variants of a symbology family a read is, and its payload.
///
/// zxing reads the bars of a family (Code 39, Code 93, ITF) once; the variant follows from the
/// text. Rules, in this order:
/// - Full ASCII (`code39FullASCII`, `code39FullASCIIChecksum`, `code93i`) wins when the text
///   uses it: Code 39 shift pairs (`+A` → `a`, decoded here from the raw read) or, for Code 93
///   (which zxing always decodes), characters outside Code 93's 43 basic ones.
/// - Otherwise the least constrained requested variant the read satisfies wins: plain before
///   checksum variants (a checksum variant only accepts reads whose check character verifies:
///   Code 39 modulo 43, ITF the GS1 modulo 10), and `itf14` (14 digits, valid check digit) only
///   when neither `itf` nor `i2of5` is requested. Check characters stay in the payload.
/// - A read that satisfies none of the requested variants is dropped.
enum SymbologyVariants {
    /// The symbology to report and its payload; nil when no requested variant fits.
    static func resolve(family: Symbology, text: String, wanted: Set<Symbology>) -> (Symbology, String)? {
        switch family {
        case .code39: code39(text, wanted)
        case .code93: code93(text, wanted)
        case .itf: itf(text, wanted)
        default: wanted.contains(family) ? (family, text) : nil
        }
    }

    private static func code39(_ raw: String, _ wanted: Set<Symbology>) -> (Symbology, String)? {
        let checked = code39CheckIsValid(raw)
        let extended = code39FullASCII(raw)
        var order: [(Symbology, String, Bool)] = []
        if let extended, extended != raw {
            order += [(.code39FullASCII, extended, true), (.code39FullASCIIChecksum, extended, checked)]
        }
        order += [(.code39, raw, true), (.code39Checksum, raw, checked)]
        if extended == raw {
            order += [(.code39FullASCII, raw, true), (.code39FullASCIIChecksum, raw, checked)]
        }
        return order.first { wanted.contains($0.0) && $0.2 }.map { ($0.0, $0.1) }
    }

    private static func code93(_ text: String, _ wanted: Set<Symbology>) -> (Symbology, String)? {
        let basic = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%")
        let order: [Symbology] = text.allSatisfy(basic.contains) ? [.code93, .code93i] : [.code93i, .code93]
        return order.first(where: wanted.contains).map { ($0, text) }
    }

    private static func itf(_ text: String, _ wanted: Set<Symbology>) -> (Symbology, String)? {
        let checked = gs1CheckIsValid(text)
        let order: [(Symbology, Bool)] = [(.itf, true), (.i2of5, true), (.i2of5Checksum, checked),
                                          (.itf14, checked && text.count == 14)]
        return order.first { wanted.contains($0.0) && $0.1 }.map { ($0.0, text) }
    }

    /// The AIM symbology identifier of the variant reported, from zxing's (nil when zxing gave
    /// none). zxing-cpp 1.4 reads Code 39 raw, checking nothing (`]A0`), and ITF without a check
    /// (`]I0`); the modifier then says what quire verified and decoded (ISO/IEC 15424): Code 39
    /// `+1` a check character verified (and kept), `+4` full ASCII; ITF `1` a check digit verified.
    /// zxing-cpp 1.4 leaves out the ECI modifier: a symbol with ECI designators gets it here (QR
    /// `]Q1` → `]Q2`, Data Matrix `]d1`/`]d2` → `]d4`/`]d5`, Aztec `]z0` → `]z3`, MaxiCode `+2`).
    static func identifier(_ zxing: String, for symbology: Symbology, eci: Bool = false) -> String? {
        guard zxing.count == 3, let modifier = zxing.last?.wholeNumberValue else { return zxing.isEmpty ? nil : zxing }
        let prefix = zxing.prefix(2)
        if eci, let offset = ["]Q": 1, "]d": 3, "]z": 3, "]U": 2][String(prefix)] {
            return prefix + String(modifier + offset)
        }
        switch symbology {
        case .code39Checksum: return prefix + "1"
        case .code39FullASCII: return prefix + "4"
        case .code39FullASCIIChecksum: return prefix + "5"
        case .i2of5Checksum, .itf14: return prefix + "1"
        default: return zxing
        }
    }

    static let code39Alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%")

    /// True when the last character is the modulo-43 check character of the others.
    static func code39CheckIsValid(_ text: String) -> Bool {
        let values = text.map { code39Alphabet.firstIndex(of: $0) }
        guard values.count >= 2, values.allSatisfy({ $0 != nil }) else { return false }
        let sum = values.dropLast().reduce(0) { $0 + $1! }
        return sum % 43 == values.last!!
    }

    /// True when the last digit is the GS1 modulo-10 check digit of the others (weights 3, 1
    /// from the right).
    static func gs1CheckIsValid(_ text: String) -> Bool {
        let digits = text.compactMap(\.wholeNumberValue)
        guard digits.count == text.count, digits.count >= 2 else { return false }
        let body = digits.dropLast().reversed().enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 3 : 1) }
        return (10 - body % 10) % 10 == digits.last!
    }

    /// Code 39 full ASCII: the shift characters `$ % / +` followed by a letter stand for one
    /// ASCII character. nil when a shift character is followed by something that is not a
    /// valid pair (then the text is not full ASCII).
    static func code39FullASCII(_ raw: String) -> String? {
        var out = "", chars = Array(raw), i = 0
        while i < chars.count {
            let c = chars[i]
            guard "$%/+".contains(c) else { out.append(c); i += 1; continue }
            guard i + 1 < chars.count, let v = chars[i + 1].asciiValue, (65...90).contains(v) else { return nil }
            let n = v - 65  // A = 0
            let code: UInt8?
            switch c {
            case "$": code = n + 1  // $A..$Z: 0x01..0x1A
            case "+": code = n + 97  // +A..+Z: a..z
            case "/": code = n <= 14 ? n + 33 : (n == 25 ? 58 : nil)  // /A..: ! .. /, /Z: ':'
            default:  // %
                switch n {
                case 0...4: code = n + 27  // %A..%E: ESC FS GS RS US
                case 5...9: code = n + 54  // %F..%J: ; < = > ?
                case 10...14: code = n + 81  // %K..%O: [ \ ] ^ _
                case 15...19: code = n + 108  // %P..%T: { | } ~ DEL
                case 20: code = 0  // %U: NUL
                case 21: code = 64  // %V: @
                case 22: code = 96  // %W: `
                default: code = 127  // %X..%Z: DEL
                }
            }
            guard let code else { return nil }
            out.append(Character(Unicode.Scalar(code)))
            i += 2
        }
        return out
    }
}
