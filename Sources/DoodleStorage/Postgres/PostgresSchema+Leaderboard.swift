import DoodleCore

extension PostgresSchema {
    /// `SQLiteLeaderboardSchema` in PostgreSQL's dialect: the same table and index, filled from
    /// the stored games before the index is made. `date_trunc` in UTC gives the periods' starts
    /// (its weeks are ISO weeks, from Monday), the instants `LeaderboardPeriod.interval` gives.
    static let leaderboardPeriods: [String] =
        [
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
        ] + leaderboardFill

    /// Fills the empty table from the stored games, then makes the ranking index.
    static var leaderboardFill: [String] {
        LeaderboardPeriod.bounded.map(leaderboardBackfill) + [leaderboardRankingIndex]
    }

    static let leaderboardRankingIndex =
        "CREATE INDEX leaderboard_period_ranking ON leaderboard_period (period, starts_at, score DESC, wins DESC, games, player_id)"

    private static func leaderboardBackfill(_ period: LeaderboardPeriod) -> String {
        let unit = period.rawValue
        return """
            INSERT INTO leaderboard_period (player_id, period, starts_at, score, games, wins)
            SELECT game_player.player_id, '\(unit)',
                (EXTRACT(EPOCH FROM date_trunc('\(unit)', to_timestamp(game.ended_at / 1000.0) AT TIME ZONE 'UTC')) * 1000)::BIGINT,
                SUM(game_player.score), COUNT(*), COUNT(*) FILTER (WHERE game_player.rank = 1)
            FROM game_player JOIN game ON game.id = game_player.game_id
            WHERE game_player.player_id IS NOT NULL
            GROUP BY 1, 3
            """
    }
}
