import DoodleCore
import GRDB

/// `PlayerStore` on SQLite.
public struct SQLitePlayerStore: PlayerStore {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func player(tokenHash: String) async throws -> PlayerProfile? {
        try await database.connection.read { db in
            try Self.profile(db, whereSQL: Self.tokenCondition, argument: tokenHash)
        }
    }

    /// Tokens resolve through their device: a removed device's token finds no one.
    static let tokenCondition = "id = (SELECT player_id FROM device WHERE token_hash = ?)"

    public func player(id: PlayerID) async throws -> PlayerProfile? {
        try await database.connection.read { db in
            try Self.profile(db, whereSQL: "id = ?", argument: id)
        }
    }

    public func saveSession(_ session: PlayerSession) async throws {
        try await database.connection.write { db in
            let deleted = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM deleted_player WHERE id = ?)", arguments: [session.playerId]) ?? false
            try SQLitePlayerTable.upsertSession(session, in: db, playerIsDeleted: deleted)
        }
    }

    @discardableResult
    public func delete(playerId: PlayerID, at now: Int64) async throws -> Bool {
        try await database.connection.write { db in
            // Its accounts first: their foreign keys keep the player's row until they are gone.
            try Self.forgetAccounts(playerId, in: db)
            try db.execute(sql: "DELETE FROM player WHERE id = ?", arguments: [playerId])
            guard db.changesCount > 0 else { return false }
            try db.execute(sql: "INSERT OR IGNORE INTO deleted_player (id, deleted_at) VALUES (?, ?)", arguments: [playerId, now])
            try db.execute(sql: "UPDATE drawing SET drawer_id = NULL, drawer_name = NULL WHERE drawer_id = ?", arguments: [playerId])
            try db.execute(sql: "UPDATE guess SET player_id = NULL WHERE player_id = ?", arguments: [playerId])
            try db.execute(sql: "UPDATE game_player SET player_id = NULL, name = NULL WHERE player_id = ?", arguments: [playerId])
            try db.execute(sql: "DELETE FROM leaderboard_period WHERE player_id = ?", arguments: [playerId])
            // What the player thought of others' drawings is its own: its reactions go, not just its id.
            try db.execute(sql: "DELETE FROM reaction WHERE player_id = ?", arguments: [playerId])
            try Self.forgetInPairs(playerId, at: now, in: db)
            return true
        }
    }

    /// Every way to sign in as the player: its devices (so every token stops working), its
    /// identities, email logins with their failed logins, and link codes.
    private static func forgetAccounts(_ playerId: PlayerID, in db: Database) throws {
        try db.execute(sql: "DELETE FROM device WHERE player_id = ?", arguments: [playerId])
        try db.execute(sql: "DELETE FROM account_identity WHERE player_id = ?", arguments: [playerId])
        try db.execute(
            sql: "DELETE FROM login_failure WHERE email IN (SELECT email FROM password_login WHERE player_id = ?)", arguments: [playerId])
        try db.execute(sql: "DELETE FROM password_login WHERE player_id = ?", arguments: [playerId])
        try db.execute(sql: "DELETE FROM link_code WHERE player_id = ?", arguments: [playerId])
    }

    /// The player's part of pair mode. The server unpairs it first (so its partner hears of it
    /// at once); a pair still live here lost that race and ends now, the partner told at its next
    /// entry. Its open code is spent, never to be handed out again; its drafts, unread notices
    /// and queued push notifications go; the pairs and drawings it was in keep its `sender_key`
    /// (so its drawings stay one per `clientDrawingId`) but no longer its id or name, and so stay
    /// readable to the partner.
    private static func forgetInPairs(_ playerId: PlayerID, at now: Int64, in db: Database) throws {
        if let pairId = try String.fetchOne(db, sql: "SELECT pair_id FROM pair_member WHERE player_id = ?", arguments: [playerId]) {
            let seq = try Int.fetchOne(db, sql: "SELECT seq FROM pair WHERE id = ?", arguments: [pairId]) ?? 0
            try SQLitePairRepository.end(pairId: pairId, by: playerId, seq: seq, at: now, in: db)
        }
        try db.execute(sql: "UPDATE pair_code SET spent_at = ? WHERE owner_id = ? AND spent_at IS NULL", arguments: [now, playerId])
        try db.execute(sql: "DELETE FROM pair_draft WHERE player_id = ?", arguments: [playerId])
        try db.execute(sql: "DELETE FROM pair_notice WHERE player_id = ?", arguments: [playerId])
        // Pushes still queued for the player would wake a phone about an account that is gone.
        try db.execute(sql: "DELETE FROM notification WHERE recipient_id = ?", arguments: [playerId])
        try db.execute(sql: "UPDATE pair SET first_id = NULL, first_name = NULL WHERE first_id = ?", arguments: [playerId])
        try db.execute(sql: "UPDATE pair SET second_id = NULL, second_name = NULL WHERE second_id = ?", arguments: [playerId])
        try db.execute(sql: "UPDATE pair SET ended_by = NULL WHERE ended_by = ?", arguments: [playerId])
        try db.execute(sql: "UPDATE pair_drawing SET sender_id = NULL WHERE sender_id = ?", arguments: [playerId])
        try db.execute(sql: "UPDATE pair_drawing SET recipient_id = NULL WHERE recipient_id = ?", arguments: [playerId])
    }

    static let profileSelect = "SELECT id, name, total_score, games, wins, created_at, last_seen_at FROM player"

    private static func profile(_ db: Database, whereSQL condition: String, argument: String) throws -> PlayerProfile? {
        let row = try Row.fetchOne(db, sql: "\(profileSelect) WHERE \(condition)", arguments: [argument])
        return row.map { row in
            PlayerProfile(
                playerId: row["id"], name: row["name"], score: row["total_score"], games: row["games"], wins: row["wins"],
                createdAt: row["created_at"], lastSeenAt: row["last_seen_at"])
        }
    }
}
