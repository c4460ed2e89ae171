import DoodleCore

/// A player's own record, as `GET /v1/me` shows it.
public struct PlayerProfile: Sendable, Equatable {
    public var playerId: PlayerID
    public var name: String
    /// All-time total of final game scores.
    public var score: Int
    public var games: Int
    public var wins: Int
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var lastSeenAt: Int64
    /// The one the player chose, nil if none (`avatar` derives one then).
    public var chosenAvatar: Avatar?
    /// What every client shows.
    public var avatar: Avatar { chosenAvatar ?? Avatar(derivedFrom: playerId) }

    public init(
        playerId: PlayerID, name: String, score: Int, games: Int, wins: Int, createdAt: Int64, lastSeenAt: Int64, chosenAvatar: Avatar? = nil
    ) {
        self.chosenAvatar = chosenAvatar
        self.playerId = playerId
        self.name = name
        self.score = score
        self.games = games
        self.wins = wins
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

extension PlayerProfile: Encodable {
    private enum CodingKeys: String, CodingKey {
        case playerId, name, score, games, wins, createdAt, lastSeenAt, avatar
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(playerId, forKey: .playerId)
        try c.encode(name, forKey: .name)
        try c.encode(score, forKey: .score)
        try c.encode(games, forKey: .games)
        try c.encode(wins, forKey: .wins)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(lastSeenAt, forKey: .lastSeenAt)
        try c.encode(avatar, forKey: .avatar)
    }
}
