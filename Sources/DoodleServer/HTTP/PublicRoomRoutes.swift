import DoodleCore
import DoodleStorage
import Foundation
import Hummingbird

/// `GET /v1/rooms`: the public rooms, for strangers to pick one. It names only rooms their
/// creators made public, so unlike a code lookup it reveals nothing private and has no
/// per-address limit.
struct PublicRoomRoutes {
    let registry: RoomRegistry
    let cluster: ClusterMembership
    let address: WebSocketAddress

    func register(on router: Router<DoodleRequestContext>) {
        router.get("/v1/rooms") { request, _ -> JSONResponse<PublicRoomList> in
            let (limit, phase, wordPack, mode) = try request.query { fields throws(QueryFieldError) in
                (try fields.integer("limit", in: 1...Self.maxLimit) ?? Self.defaultLimit, try fields.choice("phase", Phase.self),
                 try fields.text("wordPack", maxLength: Self.maxWordPackLength), try fields.choice("mode", RoomMode.self))
            }
            guard cluster.isClustered else {
                let entries = await registry.listPublicRooms(wordPack: wordPack, phase: phase, mode: mode)
                let url = await address.url(answering: request)
                return JSONResponse(PublicRoomList(rooms: entries.prefix(limit).map { PublicRoomList.Room($0.status, url: url) }))
            }
            // Every node's rooms, this one's included, as the directory has them.
            let listed: [ListedPublicRoom]
            do {
                listed = try await cluster.publicRooms(wordPack: wordPack, phase: phase, mode: mode, limit: limit)
            } catch {
                throw APIError(
                    status: .internalServerError, code: "internal", message: "the room directory cannot be reached just now; try again later")
            }
            return JSONResponse(PublicRoomList(rooms: listed.map { PublicRoomList.Room($0.status, url: $0.node.url) }))
        }
    }

    static let defaultLimit = 50
    static let maxLimit = 100
    /// Longer than any pack's name (GameRules/words): a longer one is no pack, and is refused
    /// rather than carried into the directory's query.
    static let maxWordPackLength = 64
}

/// The body of `GET /v1/rooms`.
struct PublicRoomList: Codable, Sendable {
    struct Room: Codable, Sendable {
        var code: String
        /// `party` or `telephone`.
        var mode: RoomMode
        var wordPack: String
        /// Connected players.
        var players: Int
        var maxPlayers: Int
        var spectators: Int
        var phase: Phase
        var round: Int?
        var rounds: Int
        /// The WebSocket address of the node hosting the room.
        var url: String

        init(_ status: PublicRoomStatus, url: String) {
            code = status.code
            mode = status.mode
            wordPack = status.wordPack
            players = status.players
            maxPlayers = status.maxPlayers
            spectators = status.spectators
            phase = status.phase
            round = status.round
            rounds = status.rounds
            self.url = url
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(code, forKey: .code)
            try c.encode(mode, forKey: .mode)
            try c.encode(wordPack, forKey: .wordPack)
            try c.encode(players, forKey: .players)
            try c.encode(maxPlayers, forKey: .maxPlayers)
            try c.encode(spectators, forKey: .spectators)
            try c.encode(phase, forKey: .phase)
            // Null in the lobby, never absent.
            try c.encode(round, forKey: .round)
            try c.encode(rounds, forKey: .rounds)
            try c.encode(url, forKey: .url)
        }
    }

    var rooms: [Room]
}
