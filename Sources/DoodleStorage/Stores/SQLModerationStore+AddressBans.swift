import DoodleCore

extension SQLModerationStore {
    func recentAddresses(of playerId: PlayerID, now: Int64) async throws -> [String] {
        try await database.read { session in try PlayerAddressTable.recent(of: playerId, now: now, in: session) }
    }

    func banAddresses(_ bans: [AddressBan]) async throws {
        guard !bans.isEmpty else { return }
        try await database.write { session in
            for ban in bans {
                try session.execute(
                    """
                    INSERT INTO address_ban (id, prefix, reason, until_at, banned_at, player_id)
                    VALUES (\(ban.id), \(ban.prefix.description), \(ban.reason), \(ban.untilMillis), \(ban.at), \(ban.playerId))
                    ON CONFLICT (id) DO UPDATE SET prefix = excluded.prefix, reason = excluded.reason, until_at = excluded.until_at,
                                                  banned_at = excluded.banned_at, player_id = excluded.player_id
                    """)
            }
        }
    }

    /// A stored prefix this server cannot read (written by hand) is skipped, not fatal: the
    /// other bans still hold.
    func addressBans(now: Int64) async throws -> [AddressBan] {
        try await database.read { session in
            try session.rows(
                """
                SELECT id, prefix, reason, until_at, banned_at, player_id FROM address_ban
                WHERE until_at IS NULL OR until_at > \(now) ORDER BY banned_at DESC, id
                """
            ).compactMap { row in
                guard let prefix = AddressPrefix(try row("prefix", as: String.self)) else { return nil }
                return AddressBan(
                    id: try row("id"), prefix: prefix, reason: try row("reason"), untilMillis: try row("until_at"), at: try row("banned_at"),
                    playerId: try row("player_id"))
            }
        }
    }

    func liftAddressBan(id: String) async throws -> Bool {
        try await database.writeStatement { session in
            try session.execute("DELETE FROM address_ban WHERE id = \(id)") > 0
        }
    }

    func liftAddressBans(ofPlayer playerId: PlayerID) async throws {
        try await database.writeStatement { session in
            _ = try session.execute("DELETE FROM address_ban WHERE player_id = \(playerId)")
        }
    }
}
