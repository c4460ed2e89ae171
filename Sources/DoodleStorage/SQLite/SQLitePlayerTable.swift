import DoodleCore
import GRDB

/// The statements that change the `player` table, shared by the writer's batches and the
/// player repository's direct writes.
enum SQLitePlayerTable {
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
                INSERT INTO player (id, name, token_hash, created_at, last_seen_at)
                VALUES (:id, :name, :token_hash, :at, :at)
                ON CONFLICT (id) DO UPDATE SET
                    name = excluded.name, token_hash = excluded.token_hash, last_seen_at = excluded.last_seen_at
                WHERE excluded.last_seen_at >= player.last_seen_at OR player.token_hash IS NULL
                """)
        try upsert.execute(arguments: ["id": session.playerId, "name": session.name, "token_hash": session.tokenHash, "at": session.at])
    }

    /// Adds one finished game to a player's totals: score, one game, and a win for rank 1. A
    /// player without a row yet (its session save is still pending) gets one, without a token.
    static func addGameResult(_ line: GamePlayerRecord, endedAt: Int64, in db: Database) throws {
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO player (id, name, token_hash, created_at, last_seen_at, total_score, games, wins)
                VALUES (:id, :name, NULL, :ended_at, :ended_at, :score, 1, :wins)
                ON CONFLICT (id) DO UPDATE SET
                    total_score = player.total_score + excluded.total_score,
                    games = player.games + 1,
                    wins = player.wins + excluded.wins
                """)
        try upsert.execute(arguments: [
            "id": line.playerId, "name": line.name, "ended_at": endedAt, "score": line.score, "wins": line.rank == 1 ? 1 : 0,
        ])
    }
}
