import Foundation

/// A small JSON Schema checker for the keywords `docs/export-json.schema.json` uses: `type`,
/// `enum`, `required`, `properties`, `additionalProperties: false`, `items`, `minItems`,
/// `maxItems`, `minimum`, `maximum`, `pattern` and local `$ref`s (`#/$defs/...`). An unknown
/// keyword is an error, so the schema cannot silently outgrow the checker.
struct JSONSchemaValidator {
    let root: [String: Any]
    private static let known: Set<String> = ["$schema", "$id", "title", "description", "type", "enum", "required",
                                             "properties", "additionalProperties", "items", "minItems", "maxItems",
                                             "minimum", "maximum", "pattern", "$ref", "$defs"]

    init(schemaFile: URL) throws {
        root = try XCTUnwrapDictionary(JSONSerialization.jsonObject(with: Data(contentsOf: schemaFile)))
    }

    /// Every violation, as `path: problem`; empty when `value` is valid.
    func validate(_ value: Any) -> [String] {
        var problems: [String] = []
        check(value, against: root, at: "$", into: &problems)
        return problems
    }

    private func check(_ value: Any, against schema: [String: Any], at path: String, into problems: inout [String]) {
        for key in schema.keys where !Self.known.contains(key) { problems.append("\(path): schema keyword '\(key)' unsupported") }
        if let ref = schema["$ref"] as? String {
            let name = ref.replacingOccurrences(of: "#/$defs/", with: "")
            guard let defs = root["$defs"] as? [String: Any], let target = defs[name] as? [String: Any] else {
                problems.append("\(path): unresolved \(ref)"); return
            }
            check(value, against: target, at: path, into: &problems)
        }
        if let type = schema["type"] as? String, !Self.has(value, type: type) {
            problems.append("\(path): expected \(type), found \(Swift.type(of: value))"); return
        }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal($0, value) }) {
            problems.append("\(path): \(value) is not one of \(options)")
        }
        if let number = value as? NSNumber, !Self.isBool(value) {
            if let min = schema["minimum"] as? Double, number.doubleValue < min { problems.append("\(path): \(number) < \(min)") }
            if let max = schema["maximum"] as? Double, number.doubleValue > max { problems.append("\(path): \(number) > \(max)") }
        }
        if let pattern = schema["pattern"] as? String, let string = value as? String,
           string.range(of: pattern, options: .regularExpression) == nil {
            problems.append("\(path): '\(string)' does not match \(pattern)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { problems.append("\(path): missing '\(key)'") }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, child) in object {
                if let sub = properties[key] as? [String: Any] {
                    check(child, against: sub, at: "\(path).\(key)", into: &problems)
                } else if (schema["additionalProperties"] as? Bool) == false {
                    problems.append("\(path): unexpected key '\(key)'")
                }
            }
        }
        if let array = value as? [Any] {
            if let min = schema["minItems"] as? Int, array.count < min { problems.append("\(path): fewer than \(min) items") }
            if let max = schema["maxItems"] as? Int, array.count > max { problems.append("\(path): more than \(max) items") }
            if let items = schema["items"] as? [String: Any] {
                for (i, element) in array.enumerated() { check(element, against: items, at: "\(path)[\(i)]", into: &problems) }
            }
        }
    }

    private static func isBool(_ value: Any) -> Bool {
        guard let n = value as? NSNumber else { return false }
        return String(cString: n.objCType) == "c"
    }

    private static func has(_ value: Any, type: String) -> Bool {
        switch type {
        case "object": return value is [String: Any]
        case "array": return value is [Any]
        case "string": return value is String
        case "boolean": return isBool(value)
        case "integer":
            guard let n = value as? NSNumber, !isBool(value) else { return false }
            return n.doubleValue.rounded() == n.doubleValue
        case "number": return value is NSNumber && !isBool(value)
        case "null": return value is NSNull
        default: return false
        }
    }

    private static func equal(_ a: Any, _ b: Any) -> Bool {
        if let x = a as? String, let y = b as? String { return x == y }
        if let x = a as? NSNumber, let y = b as? NSNumber, !isBool(a), !isBool(b) { return x.doubleValue == y.doubleValue }
        return false
    }
}

private func XCTUnwrapDictionary(_ value: Any) throws -> [String: Any] {
    guard let d = value as? [String: Any] else { throw CocoaError(.fileReadCorruptFile) }
    return d
}
