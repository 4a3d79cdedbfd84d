/// `${VAR}` and `${VAR:-default}` in pipeline-file values. `$${` writes a literal `${`.
/// An unset variable without a default is an error; `${VAR:-default}` also uses the default
/// when the variable is set but empty (as the shell does).
enum EnvironmentExpansion {
    struct Problem: Error, Equatable {
        var message: String
    }

    static func expand(_ text: String, environment: [String: String]) -> Result<String, Problem> {
        guard text.contains("${") else { return .success(text) }
        var output = ""
        var rest = Substring(text)
        while let dollar = rest.range(of: "${") {
            let before = rest[..<dollar.lowerBound]
            if before.hasSuffix("$") {
                output += before.dropLast() + "${"
                rest = rest[dollar.upperBound...]
                continue
            }
            output += before
            guard let close = rest[dollar.upperBound...].firstIndex(of: "}") else {
                return .failure(Problem(message: "unterminated '${' (write '$${' for a literal '${')"))
            }
            let body = rest[dollar.upperBound..<close]
            let name: Substring, fallback: Substring?
            if let sep = body.range(of: ":-") {
                name = body[..<sep.lowerBound]; fallback = body[sep.upperBound...]
            } else {
                name = body; fallback = nil
            }
            guard isVariableName(name) else {
                return .failure(Problem(message: "'${\(body)}' is not a valid variable reference (names use letters, digits and '_')"))
            }
            let value = environment[String(name)]
            if let fallback, value?.isEmpty ?? true {
                output += fallback
            } else if let value {
                output += value
            } else {
                return .failure(Problem(message: "environment variable '\(name)' is not set (write '${\(name):-default}' to give a default)"))
            }
            rest = rest[rest.index(after: close)...]
        }
        output += rest
        return .success(output)
    }

    static func isVariableName(_ name: some StringProtocol) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
