import Foundation
import Hummingbird
import NIOCore

/// Reads a route's JSON request body into a `Decodable` value: past `limit` bytes 413
/// `too_large`; a body that is not the expected object 400 `bad_message`, naming the field at
/// fault and what the route expects. Unknown fields are ignored, as in WebSocket messages.
enum JSONRequestBody {
    /// The whole request body, or 413 `too_large` beyond `limit` bytes.
    static func collect(_ request: Request, upTo limit: Int) async throws -> ByteBuffer {
        var request = request
        do {
            return try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError(status: .contentTooLarge, code: "too_large", message: "the body may be at most \(limit) bytes")
        }
    }

    /// - Parameter expected: the body's shape as the route documents it, for the error message.
    static func decode<Body: Decodable>(_ type: Body.Type, from request: Request, upTo limit: Int, expected: String) async throws -> Body {
        let bytes = try await collect(request, upTo: limit)
        do {
            return try JSONDecoder().decode(type, from: Data(bytes.readableBytesView))
        } catch {
            throw APIError.badRequest("\(describe(error)); send \(expected)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _):
            return "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case DecodingError.dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the body is not a JSON object" }
            return "field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' is malformed"
        default:
            return "the body is not a JSON object"
        }
    }
}
