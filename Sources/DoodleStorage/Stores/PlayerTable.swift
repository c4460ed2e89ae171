import DoodleCore

/// The statements that change the `player` table, shared by the archive writer's batches and
/// the player store.
enum PlayerTable {
    /// The avatar in a row's `avatar_color`, `avatar_eyes` and `avatar_mouth`; nil when none
    /// was chosen, or when the row holds one this server cannot show (it is then derived).
    static func avatar(_ row: SQLRow) throws -> Avatar? {
        let color: String? = try row("avatar_color")
        let eyes: Int? = try row("avatar_eyes")
        let mouth: Int? = try row("avatar_mouth")
        guard let color = color.flatMap(RGBColor.init(hex:)), let eyes, let mouth else { return nil }
        return Avatar(color: color, eyes: eyes, mouth: mouth)
    }

    /// Creates the player or records its new name and last-seen time (a session older than the
    /// stored one, a retried save overtaken by a newer one, leaves both as they are), then its
    /// device: created when the session says so (`newDeviceLabel`), else only marked seen. A
    /// device removed meanwhile stays removed: only a new player's first save creates one. The
    /// address it came from is remembered (`PlayerAddressTable`).
    static func upsertSession(_ player: PlayerSession, in session: SQLSession, playerIsDeleted: Bool) throws {
        // A player that deleted itself stays deleted, even if an old connection still talks.
        guard !playerIsDeleted else { return }
        try session.execute(
            """
            INSERT INTO player (id, name, created_at, last_seen_at, avatar_color, avatar_eyes, avatar_mouth)
            VALUES (\(player.playerId), \(player.name), \(player.at), \(player.at), \(player.avatar?.color.hex), \(player.avatar?.eyes),
                \(player.avatar?.mouth))
            ON CONFLICT (id) DO UPDATE SET name = excluded.name, last_seen_at = excluded.last_seen_at,
                avatar_color = excluded.avatar_color, avatar_eyes = excluded.avatar_eyes, avatar_mouth = excluded.avatar_mouth
            WHERE excluded.last_seen_at >= player.last_seen_at
            """)
        if let label = player.newDeviceLabel {
            // A retried save finds its device made by the first run.
            try session.execute(
                """
                INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at)
                VALUES (\(AccountColumns.newId()), \(player.playerId), \(player.tokenHash), \(label), \(player.at), \(player.at))
                ON CONFLICT (token_hash) DO NOTHING
                """)
        } else {
            try session.execute(
                """
                UPDATE device SET last_seen_at = \(.greatest)(last_seen_at, \(player.at))
                WHERE token_hash = \(player.tokenHash) AND player_id = \(player.playerId)
                """)
        }
        if let address = player.address {
            try PlayerAddressTable.record(address, of: player.playerId, at: player.at, in: session)
        }
    }

    /// Adds one finished game to a player's totals, all-time and of the day, week and month it
    /// finished in: score, one game, and a win (`GameTally.isWin`). A player without a row yet (its
    /// session save is still pending) gets one, without a device.
    static func addGameResult(_ line: RankLine, endedAt: Int64, in session: SQLSession) throws {
        let wins = GameTally.isWin(line) ? 1 : 0
        try session.execute(
            """
            INSERT INTO player (id, name, created_at, last_seen_at, total_score, games, wins)
            VALUES (\(line.playerId), \(line.name), \(endedAt), \(endedAt), \(line.score), 1, \(wins))
            ON CONFLICT (id) DO UPDATE SET
                total_score = player.total_score + excluded.total_score,
                games = player.games + 1,
                wins = player.wins + excluded.wins
            """)
        // One statement for the three periods: on PostgreSQL a round trip each would double the game's.
        let periods: [[SQLValue]] = LeaderboardPeriod.bounded.compactMap { period in
            period.interval(containing: endedAt).map { interval in
                [line.playerId.sqlValue, period.rawValue.sqlValue, interval.from.sqlValue, line.score.sqlValue, 1.sqlValue, wins.sqlValue]
            }
        }
        guard !periods.isEmpty else { return }
        try session.execute(
            """
            INSERT INTO leaderboard_period (player_id, period, starts_at, score, games, wins)
            VALUES \(rows: periods)
            ON CONFLICT (player_id, period, starts_at) DO UPDATE SET
                score = leaderboard_period.score + excluded.score,
                games = leaderboard_period.games + 1,
                wins = leaderboard_period.wins + excluded.wins
            """)
    }
}
