import DoodleCore
import DoodlePictures
import DoodleStorage
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The archive's HTTP API: leaderboard, games, drawings (JSON and SVG), a player's drawings,
/// and the authenticated `/v1/me` routes. Pair drawings are served here too, to their two
/// partners only.
struct ArchiveRoutes {
    let reader: any ArchiveReader
    let pairReader: any PairReader
    let players: PlayerRepository
    /// `DELETE /v1/me` ends the player's pair through its room first, so the partner hears of it.
    let pairs: any PairActions
    let authentication: BearerAuthentication
    let storage: StorageCalls
    /// Forgets the player's tokens in memory, so a deleted player's token resumes nothing.
    let forgetPlayer: @Sendable (PlayerID) async -> Void
    /// The widgets' latest heads, which a deletion changes.
    let latestHeads: LatestHeadCache
    let clock: any GameClock
    let logger: Logger
    let renderer = SVGRenderer()

    static let defaultLeaderboardLimit = 50
    static let defaultDrawingsLimit = 20
    static let maxLimit = 100

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/leaderboard") { request, _ in
            let asked = try request.query { fields throws(QueryFieldError) in
                try LeaderboardRequest(fields, now: clock.nowMillis(), limit: try Self.limit(in: fields, default: Self.defaultLeaderboardLimit))
            }
            return try await storage { try await LeaderboardAnswer.read(asked, from: reader) }
        }
        router.get("/v1/games/{id}") { _, context in
            let id = try context.parameters.identifier("id", of: "game")
            guard let game = try await storage({ try await reader.game(id: id) }) else { throw APIError.notFound("no game has the id \(id)") }
            return JSONResponse(game)
        }
        router.get("/v1/drawings/{id}.svg") { request, context in
            let drawing = try await drawing(id: try context.parameters.identifier("id", of: "drawing"), request: request)
            var headers = HTTPFields()
            headers[.contentType] = "image/svg+xml; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: renderer.render(drawing.actions))))
        }
        router.get("/v1/drawings/{id}") { request, context in
            try await drawing(id: try context.parameters.identifier("id", of: "drawing"), request: request)
        }
        router.get("/v1/players/{id}/drawings") { request, context in
            let id = try context.parameters.identifier("id", of: "player")
            let (limit, before) = try request.query { fields throws(QueryFieldError) in
                (try Self.limit(in: fields, default: Self.defaultDrawingsLimit),
                 try fields.parsed("before", expected: "a nextBefore value from an earlier page", DrawingCursor.init(token:)))
            }
            guard let page = try await storage({ try await reader.drawings(by: id, limit: limit, before: before) }) else {
                throw APIError.notFound("no player has the id \(id)")
            }
            return JSONResponse(page)
        }
        router.get("/v1/me") { request, _ in
            JSONResponse(try await authentication.player(request))
        }
        router.delete("/v1/me") { request, _ -> HTTPResponse.Status in
            let player = try await authentication.player(request)
            switch await pairs.unpair(by: player.playerId) {
            case .success: break
            case .failure(.refused(let refusal)) where refusal.code == .notPaired: break
            case .failure(let error):
                // Deleting now would leave the partner's room believing in the pair: answer, and let the client retry.
                logger.error("unpairing \(player.playerId) before its deletion failed", metadata: ["error": "\(error)"])
                throw APIError(ProtocolError(.internal, "your pair could not be ended; nothing was deleted, try again later"))
            }
            _ = try await storage { try await players.delete(playerId: player.playerId, at: clock.nowMillis()) }
            // The player's own head goes; and a pair formed after the unpair above ends inside
            // the deletion, without its room, leaving a partner this route cannot name. Deletions
            // are rare, so every head is read again rather than one left stale.
            latestHeads.invalidateAll()
            await forgetPlayer(player.playerId)
            logger.info("player \(player.playerId) deleted its personal data")
            return .noContent
        }
    }

    /// A finished game's drawing, or a pair drawing if the request's token is one of its
    /// partners'; anything else is 404 exactly as for an id no drawing has.
    private func drawing(id: String, request: Request) async throws -> ArchivedDrawing {
        if let drawing = try await storage({ try await reader.drawing(id: id) }) { return .game(drawing) }
        let viewer = try await authentication.optionalPlayer(request)
        guard let drawing = try await storage({ try await pairReader.drawing(id: id, viewer: viewer) }) else {
            throw APIError.notFound("no drawing has the id \(id)")
        }
        return .pair(drawing)
    }

    /// `limit` from the query: absent gives the default; anything but an integer 1…100 is refused.
    private static func limit(in fields: QueryFields, default defaultLimit: Int) throws(QueryFieldError) -> Int {
        try fields.integer("limit", in: 1...maxLimit) ?? defaultLimit
    }
}

/// A drawing as `GET /v1/drawings/{id}` shows it: from a party or telephone game, or from a pair.
enum ArchivedDrawing: ResponseEncodable {
    case game(DrawingDetails)
    case pair(PairDrawingDetails)

    /// The full record, in arrival order.
    var actions: [DrawingAction] {
        switch self {
        case .game(let drawing): drawing.actions
        case .pair(let drawing): drawing.actions
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .game(let drawing): try drawing.encode(to: encoder)
        case .pair(let drawing): try drawing.encode(to: encoder)
        }
    }
}

/// Any archive value as a JSON response, encoded by the request context's encoder.
struct JSONResponse<Value: Encodable & Sendable>: ResponseEncodable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
