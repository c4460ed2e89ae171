import DoodleCore
import DoodleStorage
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Drawings as pictures: `GET /v1/drawings/{id}.png?size=512` and the replay
/// `GET /v1/drawings/{id}.gif?size=256` (a finished game's drawing for anyone, a pair drawing for
/// its two partners only), and `GET /v1/me/latest-received.png` (the caller's latest drawing
/// from its partner, else the starter drawing). Answered by `PictureAnswer`: an `If-None-Match`
/// naming the current tag gets 304 with no render and no record read (the widget's, from
/// `LatestHeadCache`, with no database read at all).
struct PictureRoutes {
    let reader: any ArchiveReader
    let pairReader: any PairReader
    let authentication: BearerAuthentication
    let storage: StorageCalls
    let pictures: Pictures
    /// Each widget token's player and latest drawing, so an unchanged widget costs no database read.
    let latestHeads: LatestHeadCache
    let logger: Logger

    func register(on router: Router<DoodleRequestContext>) {
        for format in [PictureFormat.png, .gif] {
            router.get(RouterPath("/v1/drawings/{id}.\(format.rawValue)")) { request, context in
                let size = try PictureAnswer.size(in: request, for: format)
                let id = try context.parameters.identifier("id", of: "drawing")
                return try await answer(request, with: try await drawingSource(id: id, request: request), format: format, size: size)
            }
        }
        router.get("/v1/me/latest-received.png") { request, _ in
            let size = try PictureAnswer.size(in: request, for: .png)
            // A widget polls this: who is asking and which picture is theirs come from memory
            // (else one read), and the drawing itself is read only if the picture must be rendered.
            let hash = try authentication.tokenHash(request)
            // A banned player's head is never kept (its ban forgets it on every node), so its
            // polls always come this way and meet the ban; everyone else's cost no ban lookup.
            let head = try await latestHeads.head(tokenHash: hash) {
                let read = try await storage({ try await pairReader.latestReceivedHead(tokenHash: hash) }).map { player, head in
                    LatestHead(playerId: player, drawing: head.map { LatestHead.Drawing(id: $0.drawingId, sentAt: $0.sentAt) })
                }
                if let player = read?.playerId { try await authentication.refuseIfBanned(player) }
                return read
            }
            guard let head else { throw APIError.unauthorized("unknown token") }
            let source = head.drawing.map { drawing in
                PictureSource(
                    drawingId: drawing.id, revision: drawing.sentAt, cacheControl: Pictures.privateCacheControl,
                    items: { [pairReader] in
                        guard let details = try await pairReader.drawing(id: drawing.id, viewer: head.playerId) else {
                            throw PictureSourceError.vanished(drawing.id)
                        }
                        return details.drawing.strokes
                    })
            }
            return try await answer(request, with: source ?? Self.starter, format: .png, size: size)
        }
    }

    /// A finished game's drawing for anyone, or a pair drawing if the request's token is one of
    /// its partners'; anything else is 404 exactly as for an id no drawing has. Only the
    /// drawing's time is read here: the record is read and decoded when a picture is rendered,
    /// never for a 304 or a cached picture.
    private func drawingSource(id: String, request: Request) async throws -> PictureSource {
        if let endedAt = try await storage({ try await reader.drawingEndedAt(id: id) }) {
            return PictureSource(
                drawingId: id, revision: endedAt, cacheControl: Pictures.publicCacheControl,
                items: { [reader] in
                    guard let drawing = try await reader.drawing(id: id) else { throw PictureSourceError.vanished(id) }
                    return CanvasReplay.visibleItems(after: drawing.actions)
                })
        }
        let viewer = try await authentication.optionalPlayer(request)
        guard let sentAt = try await storage({ try await pairReader.drawingSentAt(id: id, viewer: viewer) }) else {
            throw APIError.notFound("no drawing has the id \(id)")
        }
        return PictureSource(
            drawingId: id, revision: sentAt, cacheControl: Pictures.privateCacheControl,
            items: { [pairReader] in
                guard let drawing = try await pairReader.drawing(id: id, viewer: viewer) else { throw PictureSourceError.vanished(id) }
                return drawing.drawing.strokes
            })
    }

    /// The built-in starter drawing, named by a checksum of its items so that a new one gets new tags.
    static let starter = PictureSource(
        drawingId: "starter", revision: Int64(truncatingIfNeeded: StarterDrawing.checksum), cacheControl: Pictures.privateCacheControl,
        items: { StarterDrawing.items })

    private func answer(_ request: Request, with source: PictureSource, format: PictureFormat, size: Int) async throws -> Response {
        try await PictureAnswer.respond(
            to: request, key: source.key(format, size: size), cacheControl: source.cacheControl, logger: logger
        ) {
            try await pictures.drawing(source, format: format, size: size)
        }
    }
}

enum PictureSourceError: Error, CustomStringConvertible {
    /// A drawing named a moment ago could not be read when its picture was rendered.
    case vanished(String)

    var description: String {
        switch self {
        case .vanished(let id): "drawing \(id) could no longer be read"
        }
    }
}
