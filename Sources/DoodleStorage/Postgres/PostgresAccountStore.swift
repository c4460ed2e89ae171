import DoodleCore
import PostgresNIO

/// `AccountStore` on PostgreSQL; the twin of `SQLiteAccountStore`, its files split alike.
///
/// Transactions here run side by side (READ COMMITTED), so what one read may change before it
/// writes. Two guards make that safe: a transaction adding to a player first locks the player's
/// row to share it (`FOR KEY SHARE`), which `PostgresPlayerStore.delete` locks to update, so a
/// device is never added to a player being deleted; and the sign-ins, registrations and
/// redemptions rest on unique keys, so of two racing with one new identity or email the second
/// fails on the key, is run again, and answers from what the first committed.
public struct PostgresAccountStore: AccountStore {
    let database: PostgresArchiveDatabase

    public init(database: PostgresArchiveDatabase) {
        self.database = database
    }

    public func addDevice(_ device: NewDevice, playerId: PlayerID, at now: Int64) async throws -> DeviceRecord {
        try await database.transaction { session in
            _ = try await Self.name(of: playerId, in: session)
            return try await Self.insert(device, playerId: playerId, at: now, in: session)
        }
    }

    public func devices(of player: PlayerID) async throws -> [DeviceRecord] {
        try await database.read { session in
            try await session.rows("\(unescaped: AccountColumns.select) WHERE player_id = \(player) \(unescaped: AccountColumns.order)")
                .map(Self.device)
        }
    }

    public func device(tokenHash: String) async throws -> DeviceRecord? {
        try await database.read { session in
            try await session.row("\(unescaped: AccountColumns.select) WHERE token_hash = \(tokenHash)").map(Self.device)
        }
    }

    public func removeDevice(id: String, of player: PlayerID) async throws -> String? {
        try await database.read { session in
            try await session.value("DELETE FROM device WHERE id = \(id) AND player_id = \(player) RETURNING token_hash", as: String.self)
        }
    }

    /// - Throws: `AccountStoreError.noSuchPlayer` if the player does not exist (or was deleted).
    public func createLinkCode(codeHash: String, playerId: PlayerID, expiresAt: Int64, now: Int64) async throws {
        try await database.transaction { session in
            _ = try await Self.name(of: playerId, in: session)
            try await session.execute("DELETE FROM link_code WHERE expires_at <= \(now)")
            try await session.execute("INSERT INTO link_code (code_hash, player_id, expires_at) VALUES (\(codeHash), \(playerId), \(expiresAt))")
        }
    }

    /// Of two redeeming one code at once, the second's DELETE waits for the first's row lock, then
    /// finds the code gone and answers nil.
    public func redeemLinkCode(codeHash: String, device: NewDevice, at now: Int64) async throws -> (playerId: PlayerID, name: String)? {
        try await database.transaction { session -> (playerId: PlayerID, name: String)? in
            guard
                let playerId = try await session.value(
                    "DELETE FROM link_code WHERE code_hash = \(codeHash) AND expires_at > \(now) RETURNING player_id", as: String.self)
            else { return nil }
            let name = try await Self.name(of: playerId, in: session)
            _ = try await Self.insert(device, playerId: playerId, at: now, in: session)
            return (playerId, name)
        }
    }

    // MARK: - Shared by the transactions

    /// The name of the player with this id, its row locked against deletion until the
    /// transaction ends.
    ///
    /// - Throws: `AccountStoreError.noSuchPlayer` if there is none (a deleted player has no row).
    static func name(of playerId: PlayerID, in session: PostgresSession) async throws -> String {
        guard let name = try await session.value("SELECT name FROM player WHERE id = \(playerId) FOR KEY SHARE", as: String.self) else {
            throw AccountStoreError.noSuchPlayer
        }
        return name
    }

    /// Adds the device to a player whose row exists, seen now.
    static func insert(_ device: NewDevice, playerId: PlayerID, at now: Int64, in session: PostgresSession) async throws -> DeviceRecord {
        try await session.execute(
            """
            INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at)
            VALUES (\(device.id), \(playerId), \(device.tokenHash), \(device.label), \(now), \(now))
            """)
        return DeviceRecord(id: device.id, playerId: playerId, label: device.label, createdAt: now, lastSeenAt: now)
    }

    private static func device(_ row: PostgresRecord) throws -> DeviceRecord {
        DeviceRecord(
            id: try row("id"), playerId: try row("player_id"), label: try row("label"), createdAt: try row("created_at"),
            lastSeenAt: try row("last_seen_at"))
    }
}
