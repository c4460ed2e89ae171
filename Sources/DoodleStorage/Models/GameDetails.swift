import DoodleCore

/// One line of a stored game's final ranking. In JSON the player's fields are inline, as in
/// `gameEnded`: `{"playerId","name","deleted","score","rank"}`.
public struct GameRankLine: Sendable, Equatable, Encodable {
    public var player: PlayerReference
    public var score: Int
    public var rank: Int
    /// A house bot's line (`"bot":true`; absent for people): shown, and counted for no one.
    public var bot: Bool

    public init(player: PlayerReference, score: Int, rank: Int, bot: Bool = false) {
        self.player = player
        self.score = score
        self.rank = rank
        self.bot = bot
    }

    enum CodingKeys: String, CodingKey {
        case score, rank, bot
    }

    public func encode(to encoder: any Encoder) throws {
        try player.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(score, forKey: .score)
        try container.encode(rank, forKey: .rank)
        if bot { try container.encode(true, forKey: .bot) }
    }
}

/// A finished game: `GET /v1/games/{id}`.
public struct GameDetails: Sendable, Equatable, Encodable {
    public var id: String
    public var roomCode: String
    public var mode: RoomMode
    public var reason: GameEndReason
    /// The settings the game was played with; nil if they cannot be read back (a future
    /// settings format). Custom words are shown only as their count, as to non-owners.
    public var settings: RoomSettings?
    /// Milliseconds since 1970.
    public var startedAt: Int64
    public var endedAt: Int64
    public var ranking: [GameRankLine]
    /// The game's stored drawings, in the order they were drawn.
    public var drawings: [DrawingSummary]
    /// A telephone game's chains, chain by chain, each in order; in JSON only for telephone games.
    public var chains: [[GameChainEntry]]

    public init(
        id: String, roomCode: String, mode: RoomMode, reason: GameEndReason, settings: RoomSettings?, startedAt: Int64,
        endedAt: Int64, ranking: [GameRankLine], drawings: [DrawingSummary], chains: [[GameChainEntry]] = []
    ) {
        self.chains = chains
        self.id = id
        self.roomCode = roomCode
        self.mode = mode
        self.reason = reason
        self.settings = settings
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.ranking = ranking
        self.drawings = drawings
    }

    enum CodingKeys: String, CodingKey {
        case id, roomCode, mode, reason, settings, startedAt, endedAt, ranking, drawings, chains
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(roomCode, forKey: .roomCode)
        try container.encode(mode, forKey: .mode)
        try container.encode(reason, forKey: .reason)
        try container.encode(settings.map { SettingsView(settings: $0, showsCustomWords: false, mode: mode) }, forKey: .settings)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(endedAt, forKey: .endedAt)
        try container.encode(ranking, forKey: .ranking)
        try container.encode(drawings, forKey: .drawings)
        if mode == .telephone { try container.encode(chains, forKey: .chains) }
    }
}
