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

/// `GET /v1/leaderboard?period=…`: `{"period","from","to","entries":[…]}`, best first; `from`
/// and `to` (excluded) bound the period in milliseconds, both null for all time.
public struct PeriodLeaderboard: Sendable, Equatable, Encodable {
    public var period: LeaderboardPeriod
    public var interval: PeriodInterval?
    public var entries: [LeaderboardEntry]

    public init(period: LeaderboardPeriod, interval: PeriodInterval?, entries: [LeaderboardEntry]) {
        self.period = period
        self.interval = interval
        self.entries = entries
    }

    private enum CodingKeys: String, CodingKey {
        case period, from, to, entries
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(period.rawValue, forKey: .period)
        // Written as null rather than left out: every answer has the same four keys.
        try container.encode(interval?.from, forKey: .from)
        try container.encode(interval?.to, forKey: .to)
        try container.encode(entries, forKey: .entries)
    }
}
