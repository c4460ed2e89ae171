/// A request's query string, split into its parameters and percent-decoded, strictly: where
/// Hummingbird's `queryParameters` keeps the raw text of a value it cannot decode, leaves names
/// encoded and answers the first of a repeated name, this refuses all three (a repeated name
/// when it is read), so a handler never acts on a value the client did not mean. Nothing here imports the server framework, so the
/// libFuzzer target `QueryString` builds it alone (docs/fuzzing.md).
struct QueryString: Equatable {
    /// More parameters than any route reads; a query with more is refused before any is decoded.
    static let maxParameters = 32
    /// Longer than any value a route takes (the longest, a page cursor, is under 100 bytes).
    static let maxValueBytes = 1024

    struct Parameter: Equatable {
        let name: String
        let value: String
    }

    /// In the order the query gives them.
    let parameters: [Parameter]

    /// Splits `raw` (the text after `?`, still percent-encoded; nil or empty for no query) on
    /// `&` and each part at its first `=`. Empty parts (`a=1&&b=2`) are skipped; a part without
    /// `=` is a name with an empty value.
    ///
    /// - Throws: `QueryFieldError` for more than `maxParameters` parts, a
    ///   `%` not followed by two hex digits, bytes that are not UTF-8 once decoded, or a value
    ///   longer than `maxValueBytes`.
    init(_ raw: Substring?) throws(QueryFieldError) {
        guard let raw, !raw.isEmpty else {
            parameters = []
            return
        }
        let parts = raw.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
        guard parts.count <= Self.maxParameters else {
            throw QueryFieldError(field: nil, "a query holds at most \(Self.maxParameters) parameters")
        }
        var parameters: [Parameter] = []
        parameters.reserveCapacity(parts.count)
        for part in parts {
            let equals = part.firstIndex(of: UInt8(ascii: "="))
            let name = try Self.decode(part[..<(equals ?? part.endIndex)], field: nil)
            var value = ""
            if let equals { value = try Self.decode(part[part.index(after: equals)...], field: name) }
            guard value.utf8.count <= Self.maxValueBytes else {
                throw QueryFieldError(field: name, "\(EchoedText.of(name)) is longer than \(Self.maxValueBytes) bytes")
            }
            parameters.append(Parameter(name: name, value: value))
        }
        self.parameters = parameters
    }

    /// The value of `name`, or nil when the query does not give it.
    ///
    /// - Throws: `QueryFieldError` when the query gives `name` more than once: which one the
    ///   client meant is not for the server to guess. (A repeated name no route reads is ignored.)
    func value(_ name: String) throws(QueryFieldError) -> String? {
        var found: String?
        for parameter in parameters where parameter.name == name {
            guard found == nil else { throw QueryFieldError(field: name, "\(EchoedText.of(name)) is given more than once") }
            found = parameter.value
        }
        return found
    }

    /// Percent-decodes one name or value (`+` stays a plus: no route takes form-encoded text).
    private static func decode(_ encoded: Substring.UTF8View.SubSequence, field: String?) throws(QueryFieldError) -> String {
        guard encoded.contains(UInt8(ascii: "%")) else {
            guard let text = String(validating: encoded, as: UTF8.self) else { throw Self.notUTF8(field) }
            return text
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index = encoded.index(after: index)
                continue
            }
            let high = encoded.index(after: index)
            guard high < encoded.endIndex, let highValue = hexValue(encoded[high]) else { throw Self.badEscape(field) }
            let low = encoded.index(after: high)
            guard low < encoded.endIndex, let lowValue = hexValue(encoded[low]) else { throw Self.badEscape(field) }
            bytes.append(highValue << 4 | lowValue)
            index = encoded.index(after: low)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Self.notUTF8(field) }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func badEscape(_ field: String?) -> QueryFieldError {
        QueryFieldError(field: field, "\(field.map { EchoedText.of($0) } ?? "a parameter's name") has a % not followed by two hex digits")
    }

    private static func notUTF8(_ field: String?) -> QueryFieldError {
        QueryFieldError(field: field, "\(field.map { EchoedText.of($0) } ?? "a parameter's name") is not UTF-8 text")
    }
}

/// A query parameter the route cannot take: its name (nil when the fault is the query's shape or
/// a name itself) and what is wrong, in words a client's developer can act on. The server
/// answers it as 400 `bad_message` with this message.
struct QueryFieldError: Error, Equatable {
    let field: String?
    let message: String

    init(field: String?, _ message: String) {
        self.field = field
        self.message = message
    }
}
