import DoodleCore
import PostgresNIO

/// The statements that change the `player` table, shared by the writer's batches and the player
/// store; the twin of `SQLitePlayerTable`.
enum PostgresPlayerTable {
    /// Creates the player or records its new name and last-seen time, then creates or marks seen
    /// its device, as `SQLitePlayerTable.upsertSession` does (see there).
    static func upsertSession(_ player: PlayerSession, in session: PostgresSession, playerIsDeleted: Bool) async throws {
        guard !playerIsDeleted else { return }
        try await session.execute(
            """
            INSERT INTO player (id, name, created_at, last_seen_at)
            VALUES (\(player.playerId), \(player.name), \(player.at), \(player.at))
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, last_seen_at = excluded.last_seen_at
            WHERE excluded.last_seen_at >= player.last_seen_at
            """)
        if let label = player.newDeviceLabel {
            try await session.execute(
                """
                INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at)
                VALUES (\(AccountColumns.newId()), \(player.playerId), \(player.tokenHash), \(label), \(player.at), \(player.at))
                ON CONFLICT (token_hash) DO NOTHING
                """)
        } else {
            try await session.execute(
                """
                UPDATE device SET last_seen_at = GREATEST(last_seen_at, \(player.at))
                WHERE token_hash = \(player.tokenHash) AND player_id = \(player.playerId)
                """)
        }
    }

    /// Adds one finished game to a player's totals, all-time and of the day, week and month it
    /// finished in: score, one game, and a win for rank 1. A player without a row yet gets one,
    /// without a device.
    static func addGameResult(_ line: GamePlayerRecord, endedAt: Int64, in session: PostgresSession) async throws {
        let wins = line.rank == 1 ? 1 : 0
        try await session.execute(
            """
            INSERT INTO player (id, name, created_at, last_seen_at, total_score, games, wins)
            VALUES (\(line.playerId), \(line.name), \(endedAt), \(endedAt), \(line.score), 1, \(wins))
            ON CONFLICT (id) DO UPDATE SET
                total_score = player.total_score + excluded.total_score,
                games = player.games + 1,
                wins = player.wins + excluded.wins
            """)
        // One statement for the three periods: a round trip each would double the game's.
        guard let day = LeaderboardPeriod.day.interval(containing: endedAt), let week = LeaderboardPeriod.week.interval(containing: endedAt),
            let month = LeaderboardPeriod.month.interval(containing: endedAt)
        else { return }
        try await session.execute(
            """
            INSERT INTO leaderboard_period (player_id, period, starts_at, score, games, wins)
            VALUES (\(line.playerId), 'day', \(day.from), \(line.score), 1, \(wins)),
                   (\(line.playerId), 'week', \(week.from), \(line.score), 1, \(wins)),
                   (\(line.playerId), 'month', \(month.from), \(line.score), 1, \(wins))
            ON CONFLICT (player_id, period, starts_at) DO UPDATE SET
                score = leaderboard_period.score + excluded.score,
                games = leaderboard_period.games + 1,
                wins = leaderboard_period.wins + excluded.wins
            """)
    }
}
