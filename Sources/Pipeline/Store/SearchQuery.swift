/// What people type into `quire search`, turned into an FTS5 query.
///
/// Words, `"phrases"`, `prefix*`, `AND`/`OR`/`NOT`, parentheses and `NEAR(a b, N)` pass as FTS5
/// reads them. What FTS5 would refuse or misread is made into what was meant: a word holding
/// punctuation (`18/03/2024`, `e-mail`, `O'Brien`, `total:`) becomes the phrase of its parts, and
/// a bare `a NEAR b` (or `a NEAR/5 b`) becomes `NEAR(a b)` (`NEAR(a b, 5)`). What cannot be
/// understood (an unbalanced quote or parenthesis, an operator with nothing on one side) is an
/// error that says what is wrong. Pure: no SQLite.
public enum SearchQuery {
    /// Whether the query holds a bare NEAR (which ``fts5(_:near:)`` can read as AND).
    public static func hasBareNear(_ query: String) -> Bool {
        ((try? tokenize(query)) ?? []).contains { if case .near = $0 { return true } else { return false } }
    }

    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    private enum Token: Equatable {
        case term(String)          // an FTS5 string, prefix or phrase, ready to use
        case op(String)            // AND, OR, NOT
        case near(Int?)            // a bare NEAR or NEAR/N
        case open, close
        case raw(String)           // a NEAR(...) group, passed through as written
    }

    /// `near: false` reads a bare NEAR as AND (to tell "too far apart" from "not there").
    public static func fts5(_ query: String, near: Bool = true) throws(Problem) -> String {
        var tokens = try tokenize(query)
        tokens = try joinNear(tokens, near: near)
        try checkOperators(tokens)
        return tokens.map { token -> String in
            switch token {
            case .term(let s), .op(let s), .raw(let s): return s
            case .open: return "("
            case .close: return ")"
            case .near: preconditionFailure("joined above")
            }
        }.joined(separator: " ")
    }

    private static func tokenize(_ query: String) throws(Problem) -> [Token] {
        var tokens: [Token] = []
        let chars = Array(query)
        var i = 0
        var depth = 0
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { i += 1; continue }
            if c == "\"" {
                guard let end = chars[(i + 1)...].firstIndex(of: "\"") else {
                    throw Problem(message: "the quote opened at character \(i + 1) is never closed (a phrase is \"two words\")")
                }
                let phrase = String(chars[(i + 1)..<end])
                var next = end + 1
                let star = next < chars.count && chars[next] == "*"
                if star { next += 1 }
                tokens.append(.term("\"" + phrase + "\"" + (star ? "*" : "")))
                i = next
                continue
            }
            if c == "(" { depth += 1; tokens.append(.open); i += 1; continue }
            if c == ")" {
                guard depth > 0 else { throw Problem(message: "')' at character \(i + 1) closes no '('") }
                depth -= 1; tokens.append(.close); i += 1; continue
            }
            var end = i
            while end < chars.count, !chars[end].isWhitespace, !"\"()".contains(chars[end]) { end += 1 }
            let word = String(chars[i..<end])
            // FTS5's own NEAR(a b, N): pass the group through to its closing parenthesis.
            if word == "NEAR", end < chars.count, chars[end] == "(" {
                guard let close = chars[end...].firstIndex(of: ")") else {
                    throw Problem(message: "NEAR( at character \(i + 1) is never closed: write NEAR(word1 word2, 10)")
                }
                tokens.append(.raw(String(chars[i...close])))
                i = close + 1
                continue
            }
            tokens.append(classify(word))
            i = end
        }
        guard depth == 0 else { throw Problem(message: "a '(' is never closed") }
        return tokens
    }

    private static func classify(_ word: String) -> Token {
        if ["AND", "OR", "NOT"].contains(word) { return .op(word) }
        if word == "NEAR" { return .near(nil) }
        if word.hasPrefix("NEAR/"), let n = Int(word.dropFirst(5)), n >= 0 { return .near(n) }
        let isPlain: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" || $0.unicodeScalars.first!.value > 127 }
        if word.allSatisfy(isPlain) { return .term(word) }
        if word.count > 1, word.hasSuffix("*"), word.dropLast().allSatisfy(isPlain) { return .term(word) }
        // Punctuation inside a word (a date, a hyphenated word, a colon FTS5 would read as a
        // column filter): the phrase of its parts, which is how the text was indexed.
        let star = word.hasSuffix("*") && word.count > 1
        let body = star ? String(word.dropLast()) : word
        return .term("\"" + body.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (star ? "*" : ""))
    }

    /// `a NEAR b NEAR/3 c` → `NEAR(a b c, 3)`: the largest distance given, FTS5's 10 when none is.
    private static func joinNear(_ tokens: [Token], near: Bool) throws(Problem) -> [Token] {
        var out: [Token] = []
        var i = 0
        while i < tokens.count {
            guard case .near = tokens[i] else { out.append(tokens[i]); i += 1; continue }
            guard case .term(let left)? = out.last else {
                throw Problem(message: "NEAR needs a word or phrase on each side: 'invoice NEAR total', or NEAR(invoice total, 5)")
            }
            out.removeLast()
            var terms = [left]
            var distance: Int?
            while i < tokens.count, case .near(let n) = tokens[i] {
                guard i + 1 < tokens.count, case .term(let right) = tokens[i + 1] else {
                    throw Problem(message: "NEAR needs a word or phrase on each side: 'invoice NEAR total', or NEAR(invoice total, 5)")
                }
                if let n { distance = max(distance ?? 0, n) }
                terms.append(right)
                i += 2
            }
            out.append(.raw(near ? "NEAR(" + terms.joined(separator: " ") + (distance.map { ", \($0)" } ?? "") + ")"
                                 : terms.joined(separator: " AND ")))
        }
        return out
    }

    /// AND, OR and NOT join two sides; say so rather than let FTS5 say "syntax error near AND".
    private static func checkOperators(_ tokens: [Token]) throws(Problem) {
        for (index, token) in tokens.enumerated() {
            guard case .op(let name) = token else { continue }
            let before = index > 0 ? tokens[index - 1] : nil
            let after = index + 1 < tokens.count ? tokens[index + 1] : nil
            let leftOK: Bool = { switch before { case .term?, .raw?, .close?: return true; default: return false } }()
            let rightOK: Bool = { switch after { case .term?, .raw?, .open?: return true; default: return false } }()
            guard leftOK && rightOK else {
                throw Problem(message: "\(name) needs something to search for on each side ('invoice \(name) receipt'); "
                              + "to search for the word itself, write it in lower case or in quotes")
            }
        }
        if tokens.isEmpty { throw Problem(message: "the query holds nothing to search for") }
    }
}
