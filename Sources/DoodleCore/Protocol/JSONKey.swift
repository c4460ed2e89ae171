/// A string coding key, so the hand-written message coders can use flat, camelCase field names
/// without one `CodingKeys` enum per message.
struct JSONKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init(stringLiteral value: String) { stringValue = value }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

typealias JSONDecodingContainer = KeyedDecodingContainer<JSONKey>
typealias JSONEncodingContainer = KeyedEncodingContainer<JSONKey>

extension KeyedDecodingContainer where Key == JSONKey {
    func required<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        try decode(T.self, forKey: JSONKey(key))
    }

    func optional<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: JSONKey(key))
    }
}

extension KeyedEncodingContainer where Key == JSONKey {
    mutating func put<T: Encodable>(_ value: T, _ key: String) throws {
        try encode(value, forKey: JSONKey(key))
    }

    /// Encodes an optional as `null` when absent: used where the contract shows the field as null.
    mutating func putNullable<T: Encodable>(_ value: T?, _ key: String) throws {
        if let value { try encode(value, forKey: JSONKey(key)) } else { try encodeNil(forKey: JSONKey(key)) }
    }

    /// Leaves the field out when absent: used where the contract says a field is "present only" sometimes.
    mutating func putIfPresent<T: Encodable>(_ value: T?, _ key: String) throws {
        try encodeIfPresent(value, forKey: JSONKey(key))
    }
}
