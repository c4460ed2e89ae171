import DoodleCore

extension Migration {
    /// Leaderboard periods: each player's running totals for every UTC day, week (from Monday)
    /// and month in which it finished a game, so that a period's ranking is an index range rather
    /// than a sum over its games. Filled here from the games already stored, before the ranking
    /// index is made (built once over the rows, it costs a fraction of what keeping it through
    /// millions of inserts would); from then on `PlayerTable.addGameResult` keeps it with the
    /// all-time totals.
    static let v9LeaderboardPeriods = Migration(
        identifier: "v9-leaderboard-periods",
        sqlite: [
            """
            CREATE TABLE leaderboard_period (
                player_id TEXT NOT NULL,
                period TEXT NOT NULL,
                starts_at INTEGER NOT NULL,
                score INTEGER NOT NULL,
                games INTEGER NOT NULL,
                wins INTEGER NOT NULL,
                PRIMARY KEY (player_id, period, starts_at)
            ) WITHOUT ROWID
            """
        ] + leaderboardFill(.sqlite).map(MigrationStep.sql),
        postgres: [
            """
            CREATE TABLE leaderboard_period (
                player_id TEXT COLLATE "C" NOT NULL,
                period TEXT COLLATE "C" NOT NULL,
                starts_at BIGINT NOT NULL,
                score BIGINT NOT NULL,
                games BIGINT NOT NULL,
                wins BIGINT NOT NULL,
                PRIMARY KEY (player_id, period, starts_at)
            )
            """
        ] + leaderboardFill(.postgres).map(MigrationStep.sql))

    /// Fills the empty table from the stored games, then makes the ranking index.
    static func leaderboardFill(_ dialect: SQLDialect) -> [String] {
        LeaderboardPeriod.bounded.map { leaderboardBackfill($0, dialect) } + [
            "CREATE INDEX leaderboard_period_ranking ON leaderboard_period (period, starts_at, score DESC, wins DESC, games, player_id)"
        ]
    }

    /// Sums the stored games into one kind of period. The period's start is worked out in SQL,
    /// to the same instants `LeaderboardPeriod.interval` gives (the storage tests compare them at
    /// every kind of boundary): on SQLite by day arithmetic and `strftime`, on PostgreSQL by
    /// `date_trunc` in UTC (its weeks are ISO weeks, from Monday).
    /// `rule` says which lines count and which are wins: v9 counted every line and every first
    /// place; v12 recounts by `GameTally`, whose SQL reads a column v9 does not yet have.
    static func leaderboardBackfill(_ period: LeaderboardPeriod, _ dialect: SQLDialect, rule: TallyRule = .firstPlaces) -> String {
        switch dialect {
        case .sqlite:
            let day = "(game.ended_at / 86400000)"
            let start =
                switch period {
                case .day: "\(day) * 86400000"
                // 1970-01-01 was a Thursday, three days after a Monday.
                case .week: "(\(day) - (\(day) + 3) % 7) * 86400000"
                case .month: "CAST(strftime('%s', game.ended_at / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000"
                case .all: preconditionFailure("all time has no period rows")
                }
            // Grouped in key order, so rows are appended, not scattered.
            return """
                INSERT INTO leaderboard_period (player_id, period, starts_at, score, games, wins)
                SELECT game_player.player_id, '\(period.rawValue)', \(start), SUM(game_player.score), COUNT(*), SUM(\(rule.win))
                FROM game_player JOIN game ON game.id = game_player.game_id
                WHERE game_player.player_id IS NOT NULL AND \(rule.counting)
                GROUP BY game_player.player_id, 3
                ORDER BY game_player.player_id, 3
                """
        case .postgres:
            let unit = period.rawValue
            return """
                INSERT INTO leaderboard_period (player_id, period, starts_at, score, games, wins)
                SELECT game_player.player_id, '\(unit)',
                    (EXTRACT(EPOCH FROM date_trunc('\(unit)', to_timestamp(game.ended_at / 1000.0) AT TIME ZONE 'UTC')) * 1000)::BIGINT,
                    SUM(game_player.score), COUNT(*), COUNT(*) FILTER (WHERE \(rule.win))
                FROM game_player JOIN game ON game.id = game_player.game_id
                WHERE game_player.player_id IS NOT NULL AND \(rule.counting)
                GROUP BY 1, 3
                """
        }
    }

    /// SQL conditions over `game` and `game_player` rows: which lines count, and which are wins.
    struct TallyRule {
        var counting: String
        var win: String

        /// Before rev 5: every line counted, and every first place won.
        static let firstPlaces = TallyRule(counting: "TRUE", win: "game_player.rank = 1")
        static let gamesThatCount = TallyRule(counting: GameTally.countingLineSQL, win: GameTally.winSQL)
    }
}
