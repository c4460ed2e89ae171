import DoodleCore
import GRDB

/// Migration v9, leaderboard periods: each player's running totals for every UTC day, week
/// (from Monday) and month in which it finished a game, so that a period's ranking is an index
/// range rather than a sum over its games. Filled here from the games already stored; from then
/// on `SQLitePlayerTable.addGameResult` keeps it with the all-time totals.
enum SQLiteLeaderboardSchema {
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE leaderboard_period (
                    player_id TEXT NOT NULL,
                    period TEXT NOT NULL,
                    starts_at INTEGER NOT NULL,
                    score INTEGER NOT NULL,
                    games INTEGER NOT NULL,
                    wins INTEGER NOT NULL,
                    PRIMARY KEY (player_id, period, starts_at)
                ) WITHOUT ROWID
                """)
        for statement in fill {
            try db.execute(sql: statement)
        }
    }

    /// Fills the empty table from the stored games, then makes the ranking index: built once over
    /// the rows, it costs a fraction of what keeping it through millions of inserts would.
    static var fill: [String] { LeaderboardPeriod.bounded.map(backfill) + [rankingIndex] }

    static let rankingIndex =
        "CREATE INDEX leaderboard_period_ranking ON leaderboard_period (period, starts_at, score DESC, wins DESC, games, player_id)"

    /// Sums the stored games into one kind of period. The period's start is worked out in SQL
    /// here, to the same instants `LeaderboardPeriod.interval` gives (the storage tests compare
    /// them at every kind of boundary). Grouped in key order, so rows are appended, not scattered.
    static func backfill(_ period: LeaderboardPeriod) -> String {
        let day = "(game.ended_at / 86400000)"
        let start =
            switch period {
            case .day: "\(day) * 86400000"
            // 1970-01-01 was a Thursday, three days after a Monday.
            case .week: "(\(day) - (\(day) + 3) % 7) * 86400000"
            case .month: "CAST(strftime('%s', game.ended_at / 1000, 'unixepoch', 'start of month') AS INTEGER) * 1000"
            case .all: preconditionFailure("all time has no period rows")
            }
        return """
            INSERT INTO leaderboard_period (player_id, period, starts_at, score, games, wins)
            SELECT game_player.player_id, '\(period.rawValue)', \(start), SUM(game_player.score), COUNT(*), SUM(game_player.rank = 1)
            FROM game_player JOIN game ON game.id = game_player.game_id
            WHERE game_player.player_id IS NOT NULL
            GROUP BY game_player.player_id, 3
            ORDER BY game_player.player_id, 3
            """
    }
}
