import Foundation

/// Checks a JSON value against a schema written in the subset of JSON Schema that
/// docs/openapi.json uses: `type` (a name or a list of names), `enum`, `required`,
/// `properties`, `additionalProperties` (false or a schema), `items`, `oneOf`, `nullable`,
/// `minimum`/`maximum`, `minLength`, `pattern`, and `$ref` to `#/components/schemas/…`. Other
/// keywords (`description`, `default`, …) are annotations here and are not checked.
public struct JSONSchemaValidator: Sendable {
    /// `components.schemas` of the document, for `$ref`.
    let schemas: [String: JSONValue]

    public init(schemas: [String: JSONValue]) {
        self.schemas = schemas
    }

    /// Every way `value` breaks `schema`, each with the JSON path where it does; empty if it fits.
    public func problems(with value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
        guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
        if let reference = keywords["$ref"]?.stringValue {
            let prefix = "#/components/schemas/"
            guard reference.hasPrefix(prefix), let target = schemas[String(reference.dropFirst(prefix.count))] else {
                return ["\(path): unresolvable $ref \(reference)"]
            }
            return problems(with: value, against: target, at: path)
        }
        if value == .null, keywords["nullable"] == .bool(true) { return [] }
        var found: [String] = []
        if let types = keywords["type"], !Self.allowedTypes(types).contains(where: { Self.value(value, isOfType: $0) }) {
            return ["\(path): expected \(Self.allowedTypes(types).joined(separator: " or ")), got \(value.typeName) \(value)"]
        }
        if case .array(let allowed)? = keywords["enum"], !allowed.contains(value) {
            found.append("\(path): \(value) is not one of \(allowed.map(\.description).joined(separator: ", "))")
        }
        if case .array(let choices)? = keywords["oneOf"] {
            let fitting = choices.filter { problems(with: value, against: $0, at: path).isEmpty }.count
            if fitting != 1 { found.append("\(path): \(value) fits \(fitting) of the oneOf schemas, not exactly one") }
        }
        found += boundProblems(value, keywords, path)
        switch value {
        case .object(let members): found += objectProblems(members, keywords, path)
        case .array(let elements):
            if let items = keywords["items"] {
                for (index, element) in elements.enumerated() {
                    found += problems(with: element, against: items, at: "\(path)[\(index)]")
                }
            }
        default: break
        }
        return found
    }

    private func objectProblems(_ members: [String: JSONValue], _ keywords: [String: JSONValue], _ path: String) -> [String] {
        var found: [String] = []
        if case .array(let required)? = keywords["required"] {
            for case .string(let name) in required where members[name] == nil {
                found.append("\(path): required property \(name) is missing")
            }
        }
        let properties: [String: JSONValue]
        if case .object(let declared)? = keywords["properties"] { properties = declared } else { properties = [:] }
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            if let propertySchema = properties[name] {
                found += problems(with: member, against: propertySchema, at: "\(path).\(name)")
            } else if let additional = keywords["additionalProperties"] {
                if additional == .bool(false) {
                    found.append("\(path): property \(name) is not in the schema")
                } else if case .object = additional {
                    found += problems(with: member, against: additional, at: "\(path).\(name)")
                }
            }
        }
        return found
    }

    private func boundProblems(_ value: JSONValue, _ keywords: [String: JSONValue], _ path: String) -> [String] {
        var found: [String] = []
        let number: Double? =
            switch value {
            case .integer(let integer): Double(integer)
            case .number(let double): double
            default: nil
            }
        if let number {
            if let minimum = Self.number(keywords["minimum"]), number < minimum { found.append("\(path): \(value) is below \(minimum)") }
            if let maximum = Self.number(keywords["maximum"]), number > maximum { found.append("\(path): \(value) is above \(maximum)") }
        }
        if case .string(let text) = value {
            if let minLength = Self.number(keywords["minLength"]), Double(text.count) < minLength {
                found.append("\(path): \(value) is shorter than \(Int(minLength))")
            }
            // The document's patterns use only syntax that ECMA-262 and NSRegularExpression share.
            if let pattern = keywords["pattern"]?.stringValue, text.range(of: pattern, options: .regularExpression) == nil {
                found.append("\(path): \(value) does not match \(pattern)")
            }
        }
        return found
    }

    private static func allowedTypes(_ types: JSONValue) -> [String] {
        switch types {
        case .string(let name): [name]
        case .array(let names): names.compactMap(\.stringValue)
        default: []
        }
    }

    private static func value(_ value: JSONValue, isOfType type: String) -> Bool {
        // Every integer is also a number.
        value.typeName == type || (type == "number" && value.typeName == "integer")
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let integer)?: Double(integer)
        case .number(let double)?: double
        default: nil
        }
    }
}
