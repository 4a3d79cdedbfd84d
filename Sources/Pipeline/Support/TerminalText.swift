/// Text from outside quire (file names, library messages) made safe to print on a terminal.
///
/// A file may be named `a\n[1/1] done` or carry ESC sequences that move the cursor, recolour or
/// retitle the terminal. Plain progress, the run summary and `status` print such names through
/// ``safe(_:)``: control characters become visible escapes. JSON output escapes them itself.
public enum TerminalText {
    /// `text` with C0 controls, DEL, C1 controls and bidirectional overrides written as escapes
    /// (`\n`, `\r`, `\t`, `\x1B`, `\u{202E}`); everything else unchanged.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value <= 0xFF ? "\\x" + (hex.count == 1 ? "0" : "") + hex : "\\u{\(hex)}"
            }
        }
        return out
    }

    /// Controls a terminal acts on: C0 (incl. ESC), DEL, C1 (incl. the 8-bit CSI 0x9B), and the
    /// bidi embedding/override/isolate controls that reorder what is shown.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
