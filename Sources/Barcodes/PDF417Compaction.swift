import Foundation

/// The data codewords of a PDF417 or MicroPDF417 symbol turned into its message (ISO/IEC 15438
/// section 5.4; ISO/IEC 24728 uses the same modes): Text Compaction (900; the symbol starts in
/// it, Alpha sub-mode), Byte Compaction (901, 924; 913 shifts one byte from Text), Numeric
/// Compaction (902), ECI designators (927 one codeword, 926 two, 925 one, user defined). Pad
/// codewords (900 at the end) end the message. Codewords this decoder does not take (Macro
/// PDF417 control blocks 922, 923, 928; reader initialisation 921; linkage 918, 920; MicroPDF417's
/// Code 128 emulation 903–907, 912, 914, 915) make it return nil: such a symbol is not read
/// rather than read wrong. Pure Swift.
enum PDF417Compaction {
    /// A decoded message: its bytes, the ECI in force for each run of them, and whether any ECI
    /// designator appeared.
    struct Message: Equatable {
        var bytes: [UInt8]
        /// ECI (0 … 811799) of the bytes from each index on; the default (before any designator) is nil.
        var eciRuns: [(start: Int, eci: Int?)]
        static func == (a: Message, b: Message) -> Bool {
            a.bytes == b.bytes && a.eciRuns.map(\.start) == b.eciRuns.map(\.start) && a.eciRuns.map(\.eci) == b.eciRuns.map(\.eci)
        }
        var hasECI: Bool { eciRuns.contains { $0.eci != nil } }
    }

    static func decode(_ codewords: [Int]) -> Message? {
        var message = Message(bytes: [], eciRuns: [(0, nil)])
        var i = 0
        while i < codewords.count {
            let c = codewords[i]
            switch c {
            case 0..<900, 913:
                let end = textEnd(codewords, from: i)
                guard let bytes = text(Array(codewords[i..<end])) else { return nil }
                message.bytes += bytes
                i = end
            case 900:
                i += 1
            case 901, 902, 924:
                // The run ends at the next codeword of 900 or more (a latch, an ECI, a pad).
                let end = codewords[(i + 1)...].firstIndex { $0 >= 900 } ?? codewords.count
                let run = Array(codewords[(i + 1)..<end])
                guard let bytes = c == 902 ? numeric(run) : byteRun(run, sixes: c == 924) else { return nil }
                message.bytes += bytes
                i = end
            case 925, 926, 927:
                let count = c == 926 ? 2 : 1
                guard i + count < codewords.count, codewords[(i + 1)...(i + count)].allSatisfy({ $0 < 900 }) else { return nil }
                let eci = c == 927 ? codewords[i + 1] : c == 926 ? 900 * (codewords[i + 1] + 1) + codewords[i + 2]
                    : 810_900 + codewords[i + 1]
                message.eciRuns.append((message.bytes.count, eci))
                i += count + 1
            default:
                return nil
            }
        }
        return message
    }

    /// Where a Text run from `start` ends: the next codeword ≥ 900 other than a byte shift (913).
    private static func textEnd(_ codewords: [Int], from start: Int) -> Int {
        var i = start
        while i < codewords.count {
            if codewords[i] == 913 { i += 2; continue }
            if codewords[i] >= 900 { break }
            i += 1
        }
        return min(i, codewords.count)
    }

    private enum SubMode { case alpha, lower, mixed, punct }
    private static let mixedCharacters: [UInt8] = Array("0123456789&\r\t,:#-.$/+%*=^".utf8)
    private static let punctCharacters: [UInt8] = Array(";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'".utf8)

    /// A Text Compaction run: each codeword two values (30 × high + low); 913 + a codeword a byte.
    static func text(_ codewords: [Int]) -> [UInt8]? {
        var values: [Int] = []
        var shiftedBytes: [Int: [UInt8]] = [:]   // value index → the bytes before it (913 shifts)
        var i = 0
        while i < codewords.count {
            if codewords[i] == 913 {
                guard i + 1 < codewords.count, codewords[i + 1] < 256 else { return nil }
                shiftedBytes[values.count, default: []].append(UInt8(codewords[i + 1])); i += 2; continue
            }
            guard codewords[i] < 900 else { return nil }
            values += [codewords[i] / 30, codewords[i] % 30]
            i += 1
        }
        var out: [UInt8] = []
        var mode = SubMode.alpha, shift: SubMode? = nil
        for (k, v) in values.enumerated() {
            // A byte shift (913) ends a codeword: a Punct shift (29) left pending before it was padding.
            if let bytes = shiftedBytes[k] { out += bytes; shift = nil }
            let current = shift ?? mode
            shift = nil
            switch current {
            case .alpha:
                switch v {
                case 0..<26: out.append(UInt8(65 + v))
                case 26: out.append(32)
                case 27: mode = .lower
                case 28: mode = .mixed
                default: shift = .punct
                }
            case .lower:
                switch v {
                case 0..<26: out.append(UInt8(97 + v))
                case 26: out.append(32)
                case 27: shift = .alpha
                case 28: mode = .mixed
                default: shift = .punct
                }
            case .mixed:
                switch v {
                case 0..<25: out.append(mixedCharacters[v])
                case 25: mode = .punct
                case 26: out.append(32)
                case 27: mode = .lower
                case 28: mode = .alpha
                default: shift = .punct
                }
            case .punct:
                if v < 29 { out.append(punctCharacters[v]) } else { mode = .alpha }
            }
        }
        if let bytes = shiftedBytes[values.count] { out += bytes }
        return out
    }

    /// A Byte Compaction run: groups of 5 codewords give 6 bytes (base 900); with 901 a last
    /// group of fewer than 6 bytes has one codeword a byte (and so has a last group of exactly
    /// 5 codewords); with 924 every group is whole.
    static func byteRun(_ codewords: [Int], sixes: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        var i = 0
        while i < codewords.count {
            let remaining = codewords.count - i
            if remaining >= 6 || (sixes && remaining >= 5) {
                var value: UInt64 = 0
                for c in codewords[i..<(i + 5)] { value = value * 900 + UInt64(c) }
                guard value < 1 << 48 else { return nil }
                for shift in stride(from: 40, through: 0, by: -8) { out.append(UInt8((value >> UInt64(shift)) & 0xFF)) }
                i += 5
            } else {
                guard !sixes, codewords[i] < 256 else { return nil }
                out.append(UInt8(codewords[i])); i += 1
            }
        }
        return out
    }

    /// A Numeric Compaction run: groups of up to 15 codewords, each a base-900 number whose
    /// decimal digits after a leading 1 are the data.
    static func numeric(_ codewords: [Int]) -> [UInt8]? {
        var out: [UInt8] = []
        var start = 0
        while start < codewords.count {
            let group = codewords[start..<min(codewords.count, start + 15)]
            // Base 900 to decimal: repeated multiply-add on a little-endian array of decimal digits.
            var digits: [UInt8] = [0]
            for c in group {
                var carry = c
                for k in digits.indices {
                    let v = Int(digits[k]) * 900 + carry
                    digits[k] = UInt8(v % 10); carry = v / 10
                }
                while carry > 0 { digits.append(UInt8(carry % 10)); carry /= 10 }
            }
            while digits.count > 1, digits.last == 0 { digits.removeLast() }
            guard digits.last == 1, digits.count >= 2 else { return nil }
            out += digits.dropLast().reversed().map { $0 + 48 }
            start += 15
        }
        return out
    }
}

extension PDF417Compaction.Message {
    /// The message as text: each run of bytes in the character set of its ECI (ISO/IEC 8859-1
    /// without one, as PDF417's default; UTF-8 for ECI 26; Windows code pages 1250–1252 for
    /// 21–23; ISO/IEC 8859-2 for 4, 8859-5 for 7; binary (899) and any other ECI as ISO/IEC 8859-1, lossless
    /// byte for byte, with the bytes kept as `rawBytes`).
    var text: String {
        var out = ""
        for (k, run) in eciRuns.enumerated() {
            let end = k + 1 < eciRuns.count ? eciRuns[k + 1].start : bytes.count
            let part = Array(bytes[run.start..<end])
            switch run.eci {
            case 26: out += String(decoding: part, as: UTF8.self)
            case 4: out += String(bytes: part, encoding: .isoLatin2) ?? latin1(part)
            case 7: out += cyrillic(part)
            case 21: out += String(bytes: part, encoding: .windowsCP1250) ?? latin1(part)
            case 22: out += String(bytes: part, encoding: .windowsCP1251) ?? latin1(part)
            case 23: out += String(bytes: part, encoding: .windowsCP1252) ?? latin1(part)
            default: out += latin1(part)
            }
        }
        return out
    }

    /// ISO/IEC 8859-5: 0xA1 … 0xFF are U+0401 … U+045F but for 0xAD (soft hyphen), 0xF0 (№)
    /// and 0xFD (§); below 0xA1 as ISO/IEC 8859-1.
    private func cyrillic(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { b -> Unicode.Scalar in
            switch b {
            case 0xAD, 0..<0xA1: Unicode.Scalar(b)
            case 0xF0: "\u{2116}"
            case 0xFD: "\u{A7}"
            default: Unicode.Scalar(UInt16(b) + 0x360) ?? Unicode.Scalar(b)
            }
        }))
    }

    private func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
