import Foundation

/// docs/openapi.json, read so that tests can check each HTTP answer against it: the route,
/// the method, the status, the media type and, for JSON, the body's schema.
public struct OpenAPIDocument: Sendable {
    /// `paths` of the document: template → method → operation.
    let paths: [String: JSONValue]
    public let validator: JSONSchemaValidator

    public static let repositoryPath = TestServer.repositoryRoot + "/docs/openapi.json"

    /// Reads and parses the document; throws if it is not JSON or has no `paths`.
    public static func load(path: String = repositoryPath) throws -> OpenAPIDocument {
        let root = try JSONValue.parse(try Data(contentsOf: URL(fileURLWithPath: path)))
        guard case .object(let paths)? = root["paths"] else { throw OpenAPIDocumentError.malformed("no paths object") }
        var schemas: [String: JSONValue] = [:]
        if case .object(let declared)? = root["components"]?["schemas"] { schemas = declared }
        return OpenAPIDocument(paths: paths, validator: JSONSchemaValidator(schemas: schemas))
    }

    /// Every documented (method, path template), e.g. ("GET", "/v1/drawings/{id}.svg").
    public var operations: [(method: String, template: String)] {
        paths.sorted { $0.key < $1.key }.flatMap { entry -> [(method: String, template: String)] in
            guard case .object(let methods) = entry.value else { return [] }
            return methods.keys.sorted().map { (method: $0.uppercased(), template: entry.key) }
        }
    }

    /// The template a concrete path falls under. Where several match (`/v1/drawings/x.svg`
    /// matches `{id}` and `{id}.svg`), the one with the most literal text wins, as the router does.
    public func template(for path: String) -> String? {
        let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        return paths.keys
            .filter { Self.matches(bare, template: $0) }
            .max { Self.literalLength($0) < Self.literalLength($1) }
    }

    /// Every way an answer departs from the document: an undocumented route, method or status,
    /// a media type the status does not declare, a body where none is documented, or a JSON
    /// body that breaks the schema. Empty if the answer is documented.
    public func problems(method: String, path: String, status: Int, contentType: String?, body: Data) -> [String] {
        let method = method.uppercased()
        guard let template = template(for: path) else { return ["no documented route matches \(method) \(path)"] }
        guard let operation = paths[template]?[method.lowercased()] else {
            return ["\(method) \(template) is not documented"]
        }
        guard let response = operation["responses"]?[String(status)] else {
            return ["status \(status) is not documented for \(method) \(template)"]
        }
        let label = "\(method) \(path) → \(status)"
        guard case .object(let content)? = response["content"], !content.isEmpty else {
            return body.isEmpty ? [] : ["\(label): a body came, but none is documented"]
        }
        if method == "HEAD" { return [] }
        let mediaType = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard let media = content[mediaType] else {
            return ["\(label): content type '\(contentType ?? "none")' is not one of \(content.keys.sorted())"]
        }
        guard mediaType == "application/json" else { return [] }
        guard let schema = media["schema"] else { return ["\(label): \(mediaType) has no schema"] }
        let value: JSONValue
        do {
            value = try JSONValue.parse(body)
        } catch {
            return ["\(label): the body is not JSON: \(String(decoding: body, as: UTF8.self))"]
        }
        return validator.problems(with: value, against: schema).map { "\(label): \($0)" }
    }

    private static func matches(_ path: String, template: String) -> Bool {
        var pattern = "^"
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            pattern += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "[^/]+"
            rest = rest[rest.index(after: close)...]
        }
        pattern += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
        return path.range(of: pattern, options: .regularExpression) != nil
    }

    private static func literalLength(_ template: String) -> Int {
        var length = 0
        var inParameter = false
        for character in template {
            if character == "{" { inParameter = true } else if character == "}" { inParameter = false } else if !inParameter { length += 1 }
        }
        return length
    }
}

public enum OpenAPIDocumentError: Error {
    case malformed(String)
}
