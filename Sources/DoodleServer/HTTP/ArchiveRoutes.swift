import DoodleCore
import DoodleStorage
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The archive's HTTP API: leaderboard, games, drawings (JSON and SVG), a player's drawings,
/// and the authenticated `/v1/me` routes.
struct ArchiveRoutes {
    let reader: ArchiveReader
    let players: PlayerRepository
    /// Forgets the player's tokens in memory, so a deleted player's token resumes nothing.
    let forgetPlayer: @Sendable (PlayerID) async -> Void
    let clock: any GameClock
    let logger: Logger
    let renderer = SVGRenderer()

    static let defaultLeaderboardLimit = 50
    static let defaultDrawingsLimit = 20
    static let maxLimit = 100

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/leaderboard") { request, _ in
            let limit = try Self.limit(in: request, default: Self.defaultLeaderboardLimit)
            return JSONResponse(try await archive { try await reader.leaderboard(limit: limit) })
        }
        router.get("/v1/games/{id}") { _, context in
            let id = try context.parameters.require("id")
            guard let game = try await archive({ try await reader.game(id: id) }) else { throw APIError.notFound("no game has the id \(id)") }
            return JSONResponse(game)
        }
        router.get("/v1/drawings/{id}.svg") { _, context in
            let id = try context.parameters.require("id")
            let drawing = try await drawing(id: id)
            var headers = HTTPFields()
            headers[.contentType] = "image/svg+xml; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: renderer.render(drawing.actions))))
        }
        router.get("/v1/drawings/{id}") { _, context in
            JSONResponse(try await drawing(id: try context.parameters.require("id")))
        }
        router.get("/v1/players/{id}/drawings") { request, context in
            let id = try context.parameters.require("id")
            let limit = try Self.limit(in: request, default: Self.defaultDrawingsLimit)
            var before: DrawingCursor?
            if let token = request.uri.queryParameters["before"] {
                guard let cursor = DrawingCursor(token: String(token)) else {
                    throw APIError.badRequest("before must be a nextBefore value from an earlier page")
                }
                before = cursor
            }
            guard let page = try await archive({ try await reader.drawings(by: id, limit: limit, before: before) }) else {
                throw APIError.notFound("no player has the id \(id)")
            }
            return JSONResponse(page)
        }
        router.get("/v1/me") { request, _ in
            JSONResponse(try await authenticatedPlayer(request))
        }
        router.get("/v1/me/latest-received") { request, _ in
            let player = try await authenticatedPlayer(request)
            guard let drawing = try await archive({ try await reader.latestReceivedDrawing(for: player.playerId) }) else {
                throw APIError.notFound("no drawing received yet")
            }
            return JSONResponse(drawing)
        }
        router.delete("/v1/me") { request, _ -> HTTPResponse.Status in
            let player = try await authenticatedPlayer(request)
            _ = try await archive { try await players.delete(playerId: player.playerId, at: clock.nowMillis()) }
            await forgetPlayer(player.playerId)
            logger.info("player \(player.playerId) deleted its personal data")
            return .noContent
        }
    }

    private func drawing(id: String) async throws -> DrawingDetails {
        guard let drawing = try await archive({ try await reader.drawing(id: id) }) else {
            throw APIError.notFound("no drawing has the id \(id)")
        }
        return drawing
    }

    /// The player whose token the request carries as `Authorization: Bearer <token>`.
    private func authenticatedPlayer(_ request: Request) async throws -> PlayerProfile {
        guard let header = request.headers[.authorization] else {
            throw APIError.unauthorized("send your token as Authorization: Bearer <token>")
        }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIError.unauthorized("send your token as Authorization: Bearer <token>")
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty, let player = try await archive({ try await players.player(tokenHash: PlayerDirectory.hash(token)) }) else {
            throw APIError.unauthorized("unknown token")
        }
        return player
    }

    /// `limit` from the query: absent gives the default; anything but an integer 1…100 is a 400.
    private static func limit(in request: Request, default defaultLimit: Int) throws -> Int {
        guard let text = request.uri.queryParameters["limit"] else { return defaultLimit }
        guard let limit = Int(text), (1...maxLimit).contains(limit) else {
            throw APIError.badRequest("limit must be an integer from 1 to \(maxLimit)")
        }
        return limit
    }

    /// Runs a storage call; a database failure becomes a logged 500 with code `internal`.
    private func archive<Value: Sendable>(_ operation: () async throws -> Value) async throws -> Value {
        do {
            return try await operation()
        } catch {
            logger.error("archive query failed", metadata: ["error": "\(error)"])
            throw APIError(status: .internalServerError, code: "internal", message: "the archive could not answer; try again later")
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
