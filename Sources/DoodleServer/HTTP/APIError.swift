import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An HTTP API error, rendered as `{"error":{"code","message"}}` with its status.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    /// Headers the answer carries besides its content type (`Allow` on a 405).
    var headers = HTTPFields()
    /// `invalid_name`'s reason, or a ban's (with `untilMillis`): as the `error` message has them.
    var reason: String?
    var untilMillis: Int64?

    static func notFound(_ message: String) -> APIError { APIError(status: .notFound, code: "not_found", message: message) }
    static func badRequest(_ message: String) -> APIError { APIError(status: .badRequest, code: "bad_message", message: message) }
    static func unauthorized(_ message: String) -> APIError { APIError(status: .unauthorized, code: "unauthorized", message: message) }
    /// 403 `banned`: the caller's token is a banned player's.
    static let banned = APIError(status: .forbidden, code: "banned", message: "an operator banned you from this server")

    /// 403 `banned` with the ban's reason and end, for the page that tells the player.
    static func banned(reason: String?, untilMillis: Int64?, message: String = "an operator banned you from this server") -> APIError {
        APIError(status: .forbidden, code: "banned", message: message, reason: reason, untilMillis: untilMillis)
    }
    static func tooManyRequests(_ message: String) -> APIError {
        APIError(status: .tooManyRequests, code: "rate_limited", message: message)
    }

    /// `{"error":{"code","message"}}` (with `reason` and `untilMillis` where the error has
    /// them), also written where no router answers (a refused upgrade).
    struct Body: Encodable, Sendable {
        struct Detail: Encodable, Sendable {
            let code: String
            let message: String
            let reason: String?
            let untilMillis: Int64?
        }
        let error: Detail

        init(code: String, message: String, reason: String? = nil, untilMillis: Int64? = nil) {
            error = Detail(code: code, message: message, reason: reason, untilMillis: untilMillis)
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try JSONEncoder().encode(Body(code: code, message: message, reason: reason, untilMillis: untilMillis))
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
