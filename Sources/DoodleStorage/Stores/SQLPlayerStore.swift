import DoodleCore

/// `PlayerStore` on either database.
struct SQLPlayerStore: PlayerStore {
    let database: any SQLDatabase

    func player(tokenHash: String) async throws -> PlayerProfile? {
        try await database.read { session in
            try session.row(Self.profile(tokenHash: tokenHash)).map(Self.profile)
        }
    }

    func player(id: PlayerID) async throws -> PlayerProfile? {
        try await database.read { session in
            try session.row("\(Self.profileSelect) WHERE id = \(id)").map(Self.profile)
        }
    }

    func saveSession(_ player: PlayerSession) async throws {
        try await database.write { session in
            let deleted = try session.value("SELECT EXISTS (SELECT 1 FROM deleted_player WHERE id = \(player.playerId))", as: Bool.self) ?? false
            try PlayerTable.upsertSession(player, in: session, playerIsDeleted: deleted)
        }
    }

    @discardableResult
    func delete(playerId: PlayerID, at now: Int64) async throws -> Bool {
        try await database.write { session in
            // Locked first (on PostgreSQL; SQLite's one writer keeps all others out anyway): a
            // device or identity being added meanwhile (which locks the row to share it) commits
            // before, and is deleted below, or waits and finds no player.
            guard try session.value("SELECT true FROM player WHERE id = \(playerId) \(.forUpdate)", as: Bool.self) != nil else {
                return false
            }
            // Its accounts next: their foreign keys keep the player's row until they are gone.
            try Self.forgetAccounts(playerId, in: session)
            try session.execute("DELETE FROM player WHERE id = \(playerId)")
            try session.execute("INSERT INTO deleted_player (id, deleted_at) VALUES (\(playerId), \(now)) ON CONFLICT (id) DO NOTHING")
            try session.execute("UPDATE drawing SET drawer_id = NULL, drawer_name = NULL WHERE drawer_id = \(playerId)")
            try session.execute("UPDATE guess SET player_id = NULL WHERE player_id = \(playerId)")
            try session.execute("UPDATE game_player SET player_id = NULL, name = NULL WHERE player_id = \(playerId)")
            try session.execute("UPDATE game_chain_entry SET player_id = NULL WHERE player_id = \(playerId)")
            try session.execute("DELETE FROM leaderboard_period WHERE player_id = \(playerId)")
            // What the player thought of others' drawings is its own: its reactions go, not just its id.
            try session.execute("DELETE FROM reaction WHERE player_id = \(playerId)")
            try Self.forgetInPairs(playerId, at: now, in: session)
            return true
        }
    }

    /// Every way to sign in as the player: its devices (so every token stops working), its
    /// identities, email logins with their failed logins, and link codes; and the addresses it
    /// came from.
    private static func forgetAccounts(_ playerId: PlayerID, in session: SQLSession) throws {
        try session.execute("DELETE FROM device WHERE player_id = \(playerId)")
        try session.execute("DELETE FROM account_identity WHERE player_id = \(playerId)")
        try session.execute("DELETE FROM login_failure WHERE email IN (SELECT email FROM password_login WHERE player_id = \(playerId))")
        try session.execute("DELETE FROM password_login WHERE player_id = \(playerId)")
        try session.execute("DELETE FROM link_code WHERE player_id = \(playerId)")
        try session.execute("DELETE FROM player_address WHERE player_id = \(playerId)")
    }

    /// The player's part of pair mode. The server unpairs it first (so its partner hears of it
    /// at once); a pair still live here lost that race and ends now, the partner told at its next
    /// entry. Its open code is spent, never to be handed out again; its drafts, unread notices
    /// and queued push notifications go; the pairs and drawings it was in keep its `sender_key`
    /// (so its drawings stay one per `clientDrawingId`) but no longer its id or name, and so stay
    /// readable to the partner.
    private static func forgetInPairs(_ playerId: PlayerID, at now: Int64, in session: SQLSession) throws {
        if let pairId = try session.value("SELECT pair_id FROM pair_member WHERE player_id = \(playerId)", as: String.self) {
            let seq = try session.value("SELECT seq FROM pair WHERE id = \(pairId)", as: Int.self) ?? 0
            try SQLPairRepository.end(pairId: pairId, by: playerId, seq: seq, at: now, toldLive: [], in: session)
        }
        try session.execute("UPDATE pair_code SET spent_at = \(now) WHERE owner_id = \(playerId) AND spent_at IS NULL")
        try session.execute("DELETE FROM pair_draft WHERE player_id = \(playerId)")
        try session.execute("DELETE FROM pair_notice WHERE player_id = \(playerId)")
        // Pushes still queued for the player would wake a phone about an account that is gone.
        try session.execute("DELETE FROM notification WHERE recipient_id = \(playerId)")
        try session.execute("UPDATE pair SET first_id = NULL, first_name = NULL WHERE first_id = \(playerId)")
        try session.execute("UPDATE pair SET second_id = NULL, second_name = NULL WHERE second_id = \(playerId)")
        try session.execute("UPDATE pair SET ended_by = NULL WHERE ended_by = \(playerId)")
        try session.execute("UPDATE pair_drawing SET sender_id = NULL WHERE sender_id = \(playerId)")
        try session.execute("UPDATE pair_drawing SET recipient_id = NULL WHERE recipient_id = \(playerId)")
    }

    /// Tokens resolve through their device: a removed device's token finds no one.
    static func profile(tokenHash: String) -> SQLQuery {
        "\(profileSelect) WHERE id = (SELECT player_id FROM device WHERE token_hash = \(tokenHash))"
    }

    static let profileSelect: SQLQuery =
        "SELECT id, name, total_score, games, wins, created_at, last_seen_at, avatar_color, avatar_eyes, avatar_mouth FROM player"

    private static func profile(_ row: SQLRow) throws -> PlayerProfile {
        PlayerProfile(
            playerId: try row("id"), name: try row("name"), score: try row("total_score"), games: try row("games"), wins: try row("wins"),
            createdAt: try row("created_at"), lastSeenAt: try row("last_seen_at"), chosenAvatar: try PlayerTable.avatar(row))
    }
}
