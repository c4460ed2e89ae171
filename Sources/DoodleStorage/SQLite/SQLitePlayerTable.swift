import DoodleCore
import GRDB

/// The statements that change the `player` table, shared by the writer's batches and the
/// player repository's direct writes.
enum SQLitePlayerTable {
    /// Creates the player or records its new name and last-seen time (a session older than the
    /// stored one, a retried save overtaken by a newer one, leaves both as they are), then its
    /// device: created when the session says so (`newDeviceLabel`), else only marked seen. A
    /// device removed meanwhile stays removed: only a new player's first save creates one.
    static func upsertSession(_ session: PlayerSession, in db: Database, playerIsDeleted: Bool) throws {
        // A player that deleted itself stays deleted, even if an old connection still talks.
        guard !playerIsDeleted else { return }
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO player (id, name, created_at, last_seen_at)
                VALUES (:id, :name, :at, :at)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name, last_seen_at = excluded.last_seen_at
                WHERE excluded.last_seen_at >= player.last_seen_at
                """)
        try upsert.execute(arguments: ["id": session.playerId, "name": session.name, "at": session.at])
        if let label = session.newDeviceLabel {
            // A retried save finds its device made by the first run.
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at)
                    VALUES (:id, :player_id, :token_hash, :label, :at, :at)
                    ON CONFLICT (token_hash) DO NOTHING
                    """)
            try insert.execute(arguments: [
                "id": AccountColumns.newId(), "player_id": session.playerId, "token_hash": session.tokenHash, "label": label,
                "at": session.at,
            ])
        } else {
            let seen = try db.cachedStatement(
                sql: "UPDATE device SET last_seen_at = max(last_seen_at, ?) WHERE token_hash = ? AND player_id = ?")
            try seen.execute(arguments: [session.at, session.tokenHash, session.playerId])
        }
    }

    /// Adds one finished game to a player's totals, all-time and of the day, week and month it
    /// finished in: score, one game, and a win for rank 1. A player without a row yet (its
    /// session save is still pending) gets one, without a device.
    static func addGameResult(_ line: GamePlayerRecord, endedAt: Int64, in db: Database) throws {
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO player (id, name, created_at, last_seen_at, total_score, games, wins)
                VALUES (:id, :name, :ended_at, :ended_at, :score, 1, :wins)
                ON CONFLICT (id) DO UPDATE SET
                    total_score = player.total_score + excluded.total_score,
                    games = player.games + 1,
                    wins = player.wins + excluded.wins
                """)
        try upsert.execute(arguments: [
            "id": line.playerId, "name": line.name, "ended_at": endedAt, "score": line.score, "wins": line.rank == 1 ? 1 : 0,
        ])
        let addToPeriod = try db.cachedStatement(
            sql: """
                INSERT INTO leaderboard_period (player_id, period, starts_at, score, games, wins)
                VALUES (:id, :period, :starts_at, :score, 1, :wins)
                ON CONFLICT (player_id, period, starts_at) DO UPDATE SET
                    score = leaderboard_period.score + excluded.score,
                    games = leaderboard_period.games + 1,
                    wins = leaderboard_period.wins + excluded.wins
                """)
        for period in LeaderboardPeriod.bounded {
            guard let interval = period.interval(containing: endedAt) else { continue }
            try addToPeriod.execute(arguments: [
                "id": line.playerId, "period": period.rawValue, "starts_at": interval.from, "score": line.score,
                "wins": line.rank == 1 ? 1 : 0,
            ])
        }
    }
}
