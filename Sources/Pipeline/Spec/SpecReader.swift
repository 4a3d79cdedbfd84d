import Foundation
import YAML

/// Walks a parsed pipeline file, converting values and collecting every problem as a
/// ``Diagnostic`` instead of stopping at the first one. One reader per file.
final class SpecReader {
    let file: String
    /// Absolute folder of the pipeline file: relative paths resolve against it.
    let folder: String
    let environment: [String: String]
    /// Where `<lang>.traineddata` must be for a language to count as installed.
    let tessdataDirectory: String
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, folder: String, environment: [String: String], tessdataDirectory: String) {
        self.file = file; self.folder = folder; self.environment = environment
        self.tessdataDirectory = tessdataDirectory
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    func error(_ message: String, at mark: Mark) {
        diagnostics.append(Diagnostic(file: file, line: mark.line, column: mark.column, message: message))
    }

    func warning(_ message: String, at mark: Mark) {
        diagnostics.append(Diagnostic(file: file, line: mark.line, column: mark.column, message: message, severity: .warning))
    }

    // MARK: Mappings

    /// The first value of each known key of a mapping. Reports a non-mapping, duplicate keys,
    /// non-scalar keys and unknown keys (with a suggestion). A null node is an empty mapping.
    func fields(of node: YAMLNode, section: String?, known: [String]) -> [String: YAMLNode]? {
        if node.isNull { return [:] }
        guard let pairs = node.mapping else {
            error("\(section ?? "the pipeline file"): expected a mapping of keys, found \(node.kindDescription)", at: node.mark)
            return nil
        }
        var result: [String: YAMLNode] = [:]
        var firstKey: [String: Mark] = [:]
        for pair in pairs {
            guard let key = pair.key.scalarValue, pair.key.sequence == nil else {
                error("keys must be plain names, found \(pair.key.kindDescription)", at: pair.key.mark)
                continue
            }
            if let first = firstKey[key] {
                error("duplicate key '\(key)' (first defined at line \(first.line))", at: pair.key.mark)
                continue
            }
            firstKey[key] = pair.key.mark
            guard known.contains(key) else {
                error(unknownKeyMessage(key, section: section, known: known), at: pair.key.mark)
                continue
            }
            result[key] = pair.value
        }
        return result
    }

    private func unknownKeyMessage(_ key: String, section: String?, known: [String]) -> String {
        let place = section.map { " in '\($0)'" } ?? ""
        if let hint = SpecKeys.renamed[key], known.contains(hint) {
            return "unknown key '\(key)'\(place) (did you mean '\(hint)'?)"
        }
        if let suggestion = Suggestion.closest(to: key, among: known) {
            return "unknown key '\(key)'\(place) (did you mean '\(suggestion)'?)"
        }
        if let home = SpecKeys.section(holding: key), home != section {
            return "unknown key '\(key)'\(place) ('\(key)' belongs under '\(home)')"
        }
        return "unknown key '\(key)'\(place); expected one of: \(known.joined(separator: ", "))"
    }

    // MARK: Scalars

    /// A scalar's text with `${VAR}` expanded; nil (and a diagnostic) for lists, mappings and
    /// bad expansions. Nulls are reported as missing values.
    func text(_ node: YAMLNode, _ path: String, expand: Bool = true) -> String? {
        guard let value = node.scalarValue else {
            error("\(path): expected a single value, found \(node.kindDescription)", at: node.mark)
            return nil
        }
        if node.isNull {
            error("\(path): a value is required", at: node.mark)
            return nil
        }
        guard expand else { return value }
        switch EnvironmentExpansion.expand(value, environment: environment) {
        case .success(let expanded): return expanded
        case .failure(let problem):
            error("\(path): \(problem.message)", at: node.mark)
            return nil
        }
    }

    func bool(_ node: YAMLNode, _ path: String) -> Bool? {
        guard let raw = text(node, path) else { return nil }
        switch raw.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            error("\(path): expected a boolean, found '\(raw)'", at: node.mark)
            return nil
        }
    }

    func int(_ node: YAMLNode, _ path: String, in range: ClosedRange<Int>) -> Int? {
        text(node, path).flatMap { int($0, node, path, in: range) }
    }

    /// `raw` (already expanded) as a whole number in `range`.
    func int(_ raw: String, _ node: YAMLNode, _ path: String, in range: ClosedRange<Int>) -> Int? {
        guard let value = Int(raw.replacingOccurrences(of: "_", with: "")) else {
            error("\(path): expected a whole number, found '\(raw)'", at: node.mark)
            return nil
        }
        guard range.contains(value) else {
            let rule = range.upperBound == .max ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
            error("\(path): must be \(rule), found \(value)", at: node.mark)
            return nil
        }
        return value
    }

    /// A finite number in `range`; `exclusiveLower` makes the lower bound itself invalid.
    func number(_ node: YAMLNode, _ path: String, in range: ClosedRange<Double>, exclusiveLower: Bool = false) -> Double? {
        guard let raw = text(node, path) else { return nil }
        guard let value = Double(raw.replacingOccurrences(of: "_", with: "")), value.isFinite else {
            error("\(path): expected a number, found '\(raw)'", at: node.mark)
            return nil
        }
        let low = Self.format(range.lowerBound), high = Self.format(range.upperBound)
        if !range.contains(value) || (exclusiveLower && value == range.lowerBound) {
            let rule: String
            if range.upperBound == .infinity { rule = exclusiveLower ? "greater than \(low)" : "at least \(low)" }
            else { rule = "between \(low) and \(high)" }
            error("\(path): must be \(rule), found \(Self.format(value))", at: node.mark)
            return nil
        }
        return value
    }

    /// One of an enum's raw values, with the valid values and a suggestion on error.
    func choice<E: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ path: String, noun: String) -> E? where E.RawValue == String {
        guard let raw = text(node, path) else { return nil }
        if let value = E(rawValue: raw) { return value }
        let valid = E.allCases.map(\.rawValue)
        var message = "\(path): unknown \(noun) '\(raw)'; expected \(Self.orList(valid))"
        if let suggestion = Suggestion.closest(to: raw, among: valid) { message += " (did you mean '\(suggestion)'?)" }
        error(message, at: node.mark)
        return nil
    }

    /// A list of scalar texts; a single scalar counts as a one-item list. Each item is
    /// returned with its node (for positions).
    func list(_ node: YAMLNode, _ path: String, expand: Bool = true) -> [(text: String, node: YAMLNode)]? {
        if node.scalarValue != nil, !node.isNull {
            return text(node, path, expand: expand).map { [($0, node)] }
        }
        guard let items = node.sequence else {
            if node.isNull { return [] }
            error("\(path): expected a list, found \(node.kindDescription)", at: node.mark)
            return nil
        }
        var result: [(text: String, node: YAMLNode)] = []
        var ok = true
        for item in items {
            if let value = text(item, path, expand: expand) { result.append((value, item)) } else { ok = false }
        }
        return ok ? result : nil
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func orList(_ values: [String]) -> String {
        guard values.count > 1 else { return values.first ?? "" }
        return values.dropLast().joined(separator: ", ") + " or " + values.last!
    }
}
