import Foundation

/// Any JSON value, read from stored JSON text so an answer can carry it as JSON rather than as
/// a string holding JSON (the audit log's arguments).
enum JSONText: Sendable, Codable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONText])
    case object([String: JSONText])

    /// The value `text` holds; a text that is not JSON is kept as a string, so nothing stored is lost.
    init(parsing text: String) {
        self = (try? JSONDecoder().decode(JSONText.self, from: Data(text.utf8))) ?? .string(text)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONText].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONText].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        // Whole numbers (times, ids) as integers: a Double would print 1.7e12 as 1700000000000.0.
        case .number(let value):
            if let whole = Int64(exactly: value) { try container.encode(whole) } else { try container.encode(value) }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
