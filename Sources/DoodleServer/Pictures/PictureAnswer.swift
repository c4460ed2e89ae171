import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// How every picture route answers: a strong `ETag` and `Cache-Control` always; 304 with no
/// body, no render and no record read when the request's `If-None-Match` names the tag; else the
/// picture, a 503 `busy` with `Retry-After: 1` when the render queue is full, or a 500 that says
/// to try again if rendering failed.
enum PictureAnswer {
    static func respond(
        to request: Request, key: PictureCache.Key, cacheControl: String, logger: Logger,
        picture: () async throws -> ByteBuffer
    ) async throws -> Response {
        let tag = EntityTag(key)
        var headers = HTTPFields()
        headers[.eTag] = tag.value
        headers[.cacheControl] = cacheControl
        if let ifNoneMatch = request.headers[.ifNoneMatch], tag.isMatched(byIfNoneMatch: ifNoneMatch) {
            return Response(status: .notModified, headers: headers)
        }
        let bytes: ByteBuffer
        do {
            bytes = try await picture()
        } catch is RenderPoolBusy {
            var busyHeaders = HTTPFields()
            busyHeaders[.retryAfter] = "1"
            throw APIError(
                status: .serviceUnavailable, code: "busy", message: "the server is busy rendering pictures; try again in a moment",
                headers: busyHeaders)
        } catch {
            logger.error(
                "rendering \(key.format.rawValue) of \(key.subject) at \(key.size) px failed", metadata: ["error": "\(error)"])
            throw APIError(status: .internalServerError, code: "internal", message: "the picture could not be rendered; try again later")
        }
        headers[.contentType] = key.format.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: bytes))
    }

    /// `size` from the query: absent gives the format's default; anything but an integer in the
    /// format's sizes is a 400.
    static func size(in request: Request, for format: PictureFormat) throws -> Int {
        try request.query { fields throws(QueryFieldError) in try fields.integer("size", in: format.sizes) ?? format.defaultSize }
    }
}
