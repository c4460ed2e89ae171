import DoodleCore
import PostgresNIO

/// `PlayerStore` on PostgreSQL; the twin of `SQLitePlayerStore`.
public struct PostgresPlayerStore: PlayerStore {
    private let database: PostgresArchiveDatabase

    public init(database: PostgresArchiveDatabase) {
        self.database = database
    }

    public func player(tokenHash: String) async throws -> PlayerProfile? {
        try await database.read { session in
            try await session.row(
                """
                SELECT id, name, total_score, games, wins, created_at, last_seen_at FROM player
                WHERE id = (SELECT player_id FROM device WHERE token_hash = \(tokenHash))
                """
            ).map(Self.profile)
        }
    }

    public func player(id: PlayerID) async throws -> PlayerProfile? {
        try await database.read { session in
            try await session.row(
                "SELECT id, name, total_score, games, wins, created_at, last_seen_at FROM player WHERE id = \(id)"
            ).map(Self.profile)
        }
    }

    public func saveSession(_ player: PlayerSession) async throws {
        try await database.transaction { session in
            let deleted =
                try await session.value("SELECT EXISTS (SELECT 1 FROM deleted_player WHERE id = \(player.playerId))", as: Bool.self)
                ?? false
            try await PostgresPlayerTable.upsertSession(player, in: session, playerIsDeleted: deleted)
        }
    }

    @discardableResult
    public func delete(playerId: PlayerID, at now: Int64) async throws -> Bool {
        try await database.transaction { session in
            // Locked first: a device or identity being added meanwhile (which locks the row to
            // share it) commits before, and is deleted below, or waits and finds no player.
            guard try await session.value("SELECT true FROM player WHERE id = \(playerId) FOR UPDATE", as: Bool.self) != nil else {
                return false
            }
            // Its accounts next: their foreign keys keep the player's row until they are gone.
            try await Self.forgetAccounts(playerId, in: session)
            try await session.execute("DELETE FROM player WHERE id = \(playerId)")
            try await session.execute(
                "INSERT INTO deleted_player (id, deleted_at) VALUES (\(playerId), \(now)) ON CONFLICT (id) DO NOTHING")
            try await session.execute("UPDATE drawing SET drawer_id = NULL, drawer_name = NULL WHERE drawer_id = \(playerId)")
            try await session.execute("UPDATE guess SET player_id = NULL WHERE player_id = \(playerId)")
            try await session.execute("UPDATE game_player SET player_id = NULL, name = NULL WHERE player_id = \(playerId)")
            try await session.execute("DELETE FROM leaderboard_period WHERE player_id = \(playerId)")
            try await session.execute("DELETE FROM reaction WHERE player_id = \(playerId)")
            try await Self.forgetInPairs(playerId, at: now, in: session)
            return true
        }
    }

    /// Every way to sign in as the player, as `SQLitePlayerStore` forgets it.
    private static func forgetAccounts(_ playerId: PlayerID, in session: PostgresSession) async throws {
        try await session.execute("DELETE FROM device WHERE player_id = \(playerId)")
        try await session.execute("DELETE FROM account_identity WHERE player_id = \(playerId)")
        try await session.execute("DELETE FROM login_failure WHERE email IN (SELECT email FROM password_login WHERE player_id = \(playerId))")
        try await session.execute("DELETE FROM password_login WHERE player_id = \(playerId)")
        try await session.execute("DELETE FROM link_code WHERE player_id = \(playerId)")
    }

    /// The player's part of pair mode, as `SQLitePlayerStore` does it: a pair still live ends,
    /// its open code is spent, drafts, unread notices and queued pushes go, and pairs and
    /// drawings keep `sender_key` but lose its id and name.
    private static func forgetInPairs(_ playerId: PlayerID, at now: Int64, in session: PostgresSession) async throws {
        if let pairId = try await session.value("SELECT pair_id FROM pair_member WHERE player_id = \(playerId)", as: String.self) {
            let seq = try await session.value("SELECT seq FROM pair WHERE id = \(pairId)", as: Int.self) ?? 0
            try await PostgresPairRepository.end(pairId: pairId, by: playerId, seq: seq, at: now, toldLive: [], in: session)
        }
        try await session.execute("UPDATE pair_code SET spent_at = \(now) WHERE owner_id = \(playerId) AND spent_at IS NULL")
        try await session.execute("DELETE FROM pair_draft WHERE player_id = \(playerId)")
        try await session.execute("DELETE FROM pair_notice WHERE player_id = \(playerId)")
        try await session.execute("DELETE FROM notification WHERE recipient_id = \(playerId)")
        try await session.execute("UPDATE pair SET first_id = NULL, first_name = NULL WHERE first_id = \(playerId)")
        try await session.execute("UPDATE pair SET second_id = NULL, second_name = NULL WHERE second_id = \(playerId)")
        try await session.execute("UPDATE pair SET ended_by = NULL WHERE ended_by = \(playerId)")
        try await session.execute("UPDATE pair_drawing SET sender_id = NULL WHERE sender_id = \(playerId)")
        try await session.execute("UPDATE pair_drawing SET recipient_id = NULL WHERE recipient_id = \(playerId)")
    }

    private static func profile(_ row: PostgresRecord) throws -> PlayerProfile {
        PlayerProfile(
            playerId: try row("id"), name: try row("name"), score: try row("total_score"), games: try row("games"), wins: try row("wins"),
            createdAt: try row("created_at"), lastSeenAt: try row("last_seen_at"))
    }
}
