import DoodleCore
import GRDB

/// The statements that change the `player` table, shared by the writer's batches and the
/// player repository's direct writes.
enum PlayerTable {
    /// Creates the player or records its new name and last-seen time. A session older than the
    /// stored one (a retried save overtaken by a newer one) changes nothing, unless the row has
    /// no token yet (it was created by a game result before its session could be saved).
    static func upsertSession(_ session: PlayerSession, in db: Database, playerIsDeleted: Bool) throws {
        // A player that deleted itself stays deleted, even if an old connection still talks.
        guard !playerIsDeleted else { return }
        // Token hashes are unique; a hash can only move if a token was somehow reused.
        let release = try db.cachedStatement(sql: "UPDATE player SET token_hash = NULL WHERE token_hash = ? AND id <> ?")
        try release.execute(arguments: [session.tokenHash, session.playerId])
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO player (id, name, token_hash, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    name = excluded.name, token_hash = excluded.token_hash, last_seen_at = excluded.last_seen_at
                WHERE excluded.last_seen_at >= player.last_seen_at OR player.token_hash IS NULL
                """)
        try upsert.execute(arguments: [session.playerId, session.name, session.tokenHash, session.at, session.at])
    }

    /// Adds one finished game to a player's totals: score, one game, and a win for rank 1. A
    /// player without a row yet (its session save is still pending) gets one, without a token.
    static func addGameResult(_ line: GamePlayerRecord, endedAt: Int64, in db: Database) throws {
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO player (id, name, token_hash, created_at, last_seen_at, total_score, games, wins)
                VALUES (?, ?, NULL, ?, ?, ?, 1, ?)
                ON CONFLICT (id) DO UPDATE SET
                    total_score = player.total_score + excluded.total_score,
                    games = player.games + 1,
                    wins = player.wins + excluded.wins
                """)
        try upsert.execute(arguments: [line.playerId, line.name, endedAt, endedAt, line.score, line.rank == 1 ? 1 : 0])
    }
}
