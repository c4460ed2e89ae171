import DoodleCore

/// One line of the all-time leaderboard. Equal scores share a rank (1, 2, 2, 4).
public struct LeaderboardEntry: Sendable, Equatable, Encodable {
    public var playerId: PlayerID
    public var name: String
    public var score: Int
    public var games: Int
    public var wins: Int
    public var rank: Int

    public init(playerId: PlayerID, name: String, score: Int, games: Int, wins: Int, rank: Int) {
        self.playerId = playerId
        self.name = name
        self.score = score
        self.games = games
        self.wins = wins
        self.rank = rank
    }
}

/// `GET /v1/leaderboard`: `{"players":[…]}`, best first.
public struct Leaderboard: Sendable, Equatable, Encodable {
    public var players: [LeaderboardEntry]

    public init(players: [LeaderboardEntry]) {
        self.players = players
    }
}
