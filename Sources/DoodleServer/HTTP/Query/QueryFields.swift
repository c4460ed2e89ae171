/// The typed reading of a query: each route asks for its parameters by name with their bounds,
/// and gets a value inside them or a `QueryFieldError` naming the parameter. A number from the
/// query is bounded here, where it is parsed, so no arithmetic after it can overflow. Parameters
/// a route does not ask for are ignored, as HTTP APIs usually do (a cache-busting `_=` is fine).
struct QueryFields {
    let query: QueryString

    init(_ query: QueryString) {
        self.query = query
    }

    /// The raw query text (after `?`, still percent-encoded).
    init(raw: Substring?) throws(QueryFieldError) {
        self.init(try QueryString(raw))
    }

    /// A whole number in `range`; nil when absent. Digits only, with an optional leading `-`:
    /// no `+`, spaces, exponents or fractions.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(QueryFieldError) -> Int? {
        guard let text = try query.value(name) else { return nil }
        guard let value = Self.wholeNumber(text).flatMap(Int.init(exactly:)), range.contains(value) else {
            throw QueryFieldError(field: name, "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A whole number of 64 bits in `range`; nil when absent. `meaning` says what the number
    /// is in the error, e.g. "an instant in milliseconds since 1970".
    func integer64(_ name: String, in range: ClosedRange<Int64>, meaning: String? = nil) throws(QueryFieldError) -> Int64? {
        guard let text = try query.value(name) else { return nil }
        guard let value = Self.wholeNumber(text), range.contains(value) else {
            let what = meaning.map { "\($0), " } ?? "an integer "
            throw QueryFieldError(field: name, "\(name) must be \(what)from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// One of a string enumeration's raw values; nil when absent.
    func choice<Value: RawRepresentable & CaseIterable>(_ name: String, _ type: Value.Type = Value.self) throws(QueryFieldError) -> Value?
    where Value.RawValue == String {
        guard let text = try query.value(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            let choices = Value.allCases.map(\.rawValue)
            let listed = choices.count > 1 ? choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "") : choices.joined()
            throw QueryFieldError(field: name, "\(name) must be \(listed)")
        }
        return value
    }

    /// Text of 1 to `maxLength` characters without control characters; nil when absent.
    func text(_ name: String, maxLength: Int) throws(QueryFieldError) -> String? {
        guard let text = try query.value(name) else { return nil }
        guard !text.isEmpty, text.count <= maxLength,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw QueryFieldError(field: name, "\(name) must be 1 to \(maxLength) characters without control characters")
        }
        return text
    }

    /// A value only `parse` understands (a page cursor, say); nil when absent. `expected` says
    /// what a good one is, e.g. "a nextBefore value from an earlier page".
    func parsed<Value>(_ name: String, expected: String, _ parse: (String) -> Value?) throws(QueryFieldError) -> Value? {
        guard let text = try query.value(name) else { return nil }
        guard let value = parse(text) else { throw QueryFieldError(field: name, "\(name) must be \(expected)") }
        return value
    }

    /// `text` as a 64-bit whole number: ASCII digits with an optional leading `-`, at most 19
    /// digits (so the conversion cannot overflow); nil for anything else.
    static func wholeNumber(_ text: String) -> Int64? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.count <= 19, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int64(text)
    }
}
