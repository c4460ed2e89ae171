import DoodleCore
import PostgresNIO

/// The statements that change the `player` table, shared by the writer's batches and the player
/// store; the twin of `SQLitePlayerTable`.
enum PostgresPlayerTable {
    /// Creates the player or records its new name and last-seen time. A session older than the
    /// stored one changes nothing, unless the row has no token yet (it was created by a game
    /// result before its session could be saved).
    static func upsertSession(_ player: PlayerSession, in session: PostgresSession, playerIsDeleted: Bool) async throws {
        guard !playerIsDeleted else { return }
        // Token hashes are unique; a hash can only move if a token was somehow reused.
        try await session.execute("UPDATE player SET token_hash = NULL WHERE token_hash = \(player.tokenHash) AND id <> \(player.playerId)")
        try await session.execute(
            """
            INSERT INTO player (id, name, token_hash, created_at, last_seen_at)
            VALUES (\(player.playerId), \(player.name), \(player.tokenHash), \(player.at), \(player.at))
            ON CONFLICT (id) DO UPDATE SET
                name = excluded.name, token_hash = excluded.token_hash, last_seen_at = excluded.last_seen_at
            WHERE excluded.last_seen_at >= player.last_seen_at OR player.token_hash IS NULL
            """)
    }

    /// Adds one finished game to a player's totals: score, one game, and a win for rank 1. A
    /// player without a row yet gets one, without a token.
    static func addGameResult(_ line: GamePlayerRecord, endedAt: Int64, in session: PostgresSession) async throws {
        let wins = line.rank == 1 ? 1 : 0
        try await session.execute(
            """
            INSERT INTO player (id, name, token_hash, created_at, last_seen_at, total_score, games, wins)
            VALUES (\(line.playerId), \(line.name), NULL, \(endedAt), \(endedAt), \(line.score), 1, \(wins))
            ON CONFLICT (id) DO UPDATE SET
                total_score = player.total_score + excluded.total_score,
                games = player.games + 1,
                wins = player.wins + excluded.wins
            """)
    }
}
