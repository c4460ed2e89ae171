import DoodleCore

/// `AccountStore` on either database: devices and link codes here, sign-ins and registrations
/// in `+SignIn`, failed logins in `+LoginFailures`.
///
/// On SQLite every change is one write transaction on the database's one writer, so what a
/// transaction reads cannot change before it writes. On PostgreSQL transactions run side by side
/// (READ COMMITTED), so two guards make that safe: a transaction adding to a player first locks
/// the player's row to share it (`FOR KEY SHARE`), which `SQLPlayerStore.delete` locks to update,
/// so a device is never added to a player being deleted; and the sign-ins, registrations and
/// redemptions rest on unique keys, so of two racing with one new identity or email the second
/// fails on the key, is run again, and answers from what the first committed.
struct SQLAccountStore: AccountStore {
    let database: any SQLDatabase

    func addDevice(_ device: NewDevice, playerId: PlayerID, at now: Int64) async throws -> DeviceRecord {
        try await database.write { session in
            _ = try Self.name(of: playerId, in: session)
            return try Self.insert(device, playerId: playerId, at: now, in: session)
        }
    }

    func devices(of player: PlayerID) async throws -> [DeviceRecord] {
        try await database.read { session in
            try session.rows(Self.devices(of: player)).map(Self.device)
        }
    }

    func device(tokenHash: String) async throws -> DeviceRecord? {
        try await database.read { session in
            try session.row(Self.device(tokenHash: tokenHash)).map(Self.device)
        }
    }

    func removeDevice(id: String, of player: PlayerID) async throws -> String? {
        try await database.writeStatement { session in
            try session.value("DELETE FROM device WHERE id = \(id) AND player_id = \(player) RETURNING token_hash", as: String.self)
        }
    }

    /// - Throws: `AccountStoreError.noSuchPlayer` if the player does not exist (or was deleted).
    func createLinkCode(codeHash: String, playerId: PlayerID, expiresAt: Int64, now: Int64) async throws {
        try await database.write { session in
            _ = try Self.name(of: playerId, in: session)
            try session.execute("DELETE FROM link_code WHERE expires_at <= \(now)")
            try session.execute("INSERT INTO link_code (code_hash, player_id, expires_at) VALUES (\(codeHash), \(playerId), \(expiresAt))")
        }
    }

    /// Of two redeeming one code at once, the second's DELETE waits for the first's row lock (or
    /// its turn to write), then finds the code gone and answers nil.
    func redeemLinkCode(codeHash: String, device: NewDevice, at now: Int64) async throws -> (playerId: PlayerID, name: String)? {
        try await database.write { session -> (playerId: PlayerID, name: String)? in
            guard
                let playerId = try session.value(
                    "DELETE FROM link_code WHERE code_hash = \(codeHash) AND expires_at > \(now) RETURNING player_id", as: String.self)
            else { return nil }
            let name = try Self.name(of: playerId, in: session)
            _ = try Self.insert(device, playerId: playerId, at: now, in: session)
            return (playerId, name)
        }
    }

    static func devices(of player: PlayerID) -> SQLQuery {
        "\(AccountColumns.select) WHERE player_id = \(player) \(AccountColumns.order)"
    }

    static func device(tokenHash: String) -> SQLQuery {
        "\(AccountColumns.select) WHERE token_hash = \(tokenHash)"
    }

    // MARK: - Shared by the transactions

    /// The name of the player with this id, its row locked against deletion until the
    /// transaction ends.
    ///
    /// - Throws: `AccountStoreError.noSuchPlayer` if there is none (a deleted player has no row).
    static func name(of playerId: PlayerID, in session: SQLSession) throws -> String {
        guard let name = try session.value("SELECT name FROM player WHERE id = \(playerId) \(.forKeyShare)", as: String.self) else {
            throw AccountStoreError.noSuchPlayer
        }
        return name
    }

    /// Adds the device to a player whose row exists, seen now.
    static func insert(_ device: NewDevice, playerId: PlayerID, at now: Int64, in session: SQLSession) throws -> DeviceRecord {
        try session.execute(
            """
            INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at)
            VALUES (\(device.id), \(playerId), \(device.tokenHash), \(device.label), \(now), \(now))
            """)
        return DeviceRecord(id: device.id, playerId: playerId, label: device.label, createdAt: now, lastSeenAt: now)
    }

    private static func device(_ row: SQLRow) throws -> DeviceRecord {
        DeviceRecord(
            id: try row("id"), playerId: try row("player_id"), label: try row("label"), createdAt: try row("created_at"),
            lastSeenAt: try row("last_seen_at"))
    }
}
