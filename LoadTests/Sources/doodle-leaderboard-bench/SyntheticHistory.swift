/// A synthetic history of finished party games, written straight into a freshly migrated
/// database with set-based SQL (a million games through the archive writer would take most of an
/// hour on PostgreSQL): `games` games spread evenly over 2026, each with `perGame` of `players`
/// players, the first ranked first. Then the migration's own statements fill `leaderboard_period`.
struct SyntheticHistory: Sendable {
    let games: Int
    let players: Int
    let perGame: Int

    /// 2026-01-01 00:00 UTC, and the length of 2026.
    static let yearStart: Int64 = 1_767_225_600_000
    static let yearMillis: Int64 = 365 * 86_400_000

    /// The statements, in order, for a back end whose integer series comes from `series`: a FROM
    /// item counting from 0 up to the count given (excluded) in a 64-bit column of the name given.
    func statements(series: (_ count: Int, _ column: String) -> String) -> [String] {
        let spacing = Self.yearMillis / Int64(games)
        return [
            """
            INSERT INTO game (id, room_code, mode, reason, settings, started_at, ended_at)
            SELECT 'g_bench_' || i, 'BENCH1', 'party', 'completed', '{}',
                   \(Self.yearStart) + i * \(spacing) - 600000, \(Self.yearStart) + i * \(spacing)
            FROM \(series(games, "i"))
            """,
            // Player (i * 7 + p * 1031) mod players: distinct within a game for up to 19 players
            // when players is 20,000; scores fall by 50 a place, so rank is place + 1.
            """
            INSERT INTO game_player (game_id, position, player_id, name, score, rank)
            SELECT 'g_bench_' || i, p, 'p_bench_' || ((i * 7 + p * 1031) % \(players)), 'Player ' || ((i * 7 + p * 1031) % \(players)),
                   200 + (i * 37) % 800 - p * 50, p + 1
            FROM \(series(games, "i")) CROSS JOIN \(series(perGame, "p"))
            """,
            """
            INSERT INTO player (id, name, created_at, last_seen_at, total_score, games, wins)
            SELECT game_player.player_id, MIN(game_player.name), \(Self.yearStart), \(Self.yearStart + Self.yearMillis),
                   SUM(game_player.score), COUNT(*), SUM(CASE WHEN game_player.rank = 1 THEN 1 ELSE 0 END)
            FROM game_player GROUP BY game_player.player_id
            """,
        ]
    }

    /// SQLite has no series function built in: a recursive common table expression counts.
    static func sqliteSeries(_ count: Int, _ column: String) -> String {
        """
        (WITH RECURSIVE counter_\(column)(\(column)) AS (SELECT 0 UNION ALL SELECT \(column) + 1 FROM counter_\(column) WHERE \(column) + 1 < \(count))
         SELECT \(column) FROM counter_\(column))
        """
    }

    static func postgresSeries(_ count: Int, _ column: String) -> String {
        "generate_series(0::BIGINT, \(count - 1)::BIGINT) AS series_\(column)(\(column))"
    }
}
