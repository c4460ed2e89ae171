import DoodleCore

/// A player's own record, as `GET /v1/me` shows it.
public struct PlayerProfile: Sendable, Equatable, Encodable {
    public var playerId: PlayerID
    public var name: String
    /// All-time total of final game scores.
    public var score: Int
    public var games: Int
    public var wins: Int
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var lastSeenAt: Int64

    public init(playerId: PlayerID, name: String, score: Int, games: Int, wins: Int, createdAt: Int64, lastSeenAt: Int64) {
        self.playerId = playerId
        self.name = name
        self.score = score
        self.games = games
        self.wins = wins
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}
