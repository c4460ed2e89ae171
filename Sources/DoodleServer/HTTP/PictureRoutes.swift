import DoodleCore
import DoodleStorage
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Drawings as PNG pictures: `GET /v1/drawings/{id}.png?size=512`. Every answer carries a
/// strong `ETag` and `Cache-Control`; an `If-None-Match` naming the current tag gets 304 with
/// no body and no render.
struct PictureRoutes {
    let reader: ArchiveReader
    let pictures: Pictures
    let logger: Logger

    static let defaultSize = 512

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/drawings/{id}.png") { request, context in
            let size = try Self.size(in: request)
            let id = try context.parameters.require("id")
            return try await answer(request, with: try await drawingSource(id: id), size: size)
        }
    }

    /// A finished game's drawing: anyone may see it, and it never changes.
    private func drawingSource(id: String) async throws -> PictureSource {
        let drawing: DrawingDetails?
        do {
            drawing = try await reader.drawing(id: id)
        } catch {
            logger.error("archive query failed", metadata: ["error": "\(error)"])
            throw APIError(status: .internalServerError, code: "internal", message: "the archive could not answer; try again later")
        }
        guard let drawing else { throw APIError.notFound("no drawing has the id \(id)") }
        let actions = drawing.actions
        return PictureSource(
            drawingId: drawing.id, revision: drawing.endedAt, cacheControl: Pictures.publicCacheControl,
            items: { CanvasReplay.visibleItems(after: actions) })
    }

    /// 304 if the request's `If-None-Match` names the picture's tag, else the picture.
    private func answer(_ request: Request, with source: PictureSource, size: Int) async throws -> Response {
        let tag = EntityTag(source.key(size: size))
        var headers = HTTPFields()
        headers[.eTag] = tag.value
        headers[.cacheControl] = source.cacheControl
        if let ifNoneMatch = request.headers[.ifNoneMatch], tag.isMatched(byIfNoneMatch: ifNoneMatch) {
            return Response(status: .notModified, headers: headers)
        }
        let png: ByteBuffer
        do {
            png = try await pictures.png(source, size: size)
        } catch {
            logger.error("rendering drawing \(source.drawingId) at \(size) px failed", metadata: ["error": "\(error)"])
            throw APIError(status: .internalServerError, code: "internal", message: "the picture could not be rendered; try again later")
        }
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: png))
    }

    /// `size` from the query: absent gives 512; anything but an integer 64…1024 is a 400.
    static func size(in request: Request) throws -> Int {
        guard let text = request.uri.queryParameters["size"] else { return defaultSize }
        guard let size = Int(text), PNGRenderer.sizes.contains(size) else {
            throw APIError.badRequest("size must be an integer from \(PNGRenderer.sizes.lowerBound) to \(PNGRenderer.sizes.upperBound)")
        }
        return size
    }
}
