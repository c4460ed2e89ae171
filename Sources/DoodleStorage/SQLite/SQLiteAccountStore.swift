import DoodleCore
import GRDB

/// `AccountStore` on SQLite: devices and link codes here, sign-ins and registrations in
/// `+SignIn`, failed logins in `+LoginFailures`. Every change is one write transaction on the
/// database's one writer, so what a transaction reads cannot change before it writes: two
/// sign-ins with one new identity take turns, and the second finds the first's player.
public struct SQLiteAccountStore: AccountStore {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    public func addDevice(_ device: NewDevice, playerId: PlayerID, at now: Int64) async throws -> DeviceRecord {
        try await database.connection.write { db in
            _ = try Self.name(of: playerId, in: db)
            return try Self.insert(device, playerId: playerId, at: now, in: db)
        }
    }

    public func devices(of player: PlayerID) async throws -> [DeviceRecord] {
        try await database.connection.read { db in
            try Row.fetchAll(db, sql: Self.devicesSQL, arguments: [player]).map(Self.device)
        }
    }

    public func device(tokenHash: String) async throws -> DeviceRecord? {
        try await database.connection.read { db in
            try Row.fetchOne(db, sql: Self.deviceByTokenSQL, arguments: [tokenHash]).map(Self.device)
        }
    }

    public func removeDevice(id: String, of player: PlayerID) async throws -> String? {
        try await database.connection.write { db in
            guard
                let tokenHash = try String.fetchOne(
                    db, sql: "SELECT token_hash FROM device WHERE id = ? AND player_id = ?", arguments: [id, player])
            else { return nil }
            try db.execute(sql: "DELETE FROM device WHERE id = ?", arguments: [id])
            return tokenHash
        }
    }

    /// - Throws: `AccountStoreError.noSuchPlayer` if the player does not exist (or was deleted).
    public func createLinkCode(codeHash: String, playerId: PlayerID, expiresAt: Int64, now: Int64) async throws {
        try await database.connection.write { db in
            _ = try Self.name(of: playerId, in: db)
            try db.execute(sql: "DELETE FROM link_code WHERE expires_at <= ?", arguments: [now])
            try db.execute(
                sql: "INSERT INTO link_code (code_hash, player_id, expires_at) VALUES (?, ?, ?)", arguments: [codeHash, playerId, expiresAt])
        }
    }

    public func redeemLinkCode(codeHash: String, device: NewDevice, at now: Int64) async throws -> (playerId: PlayerID, name: String)? {
        try await database.connection.write { db -> (playerId: PlayerID, name: String)? in
            guard
                let playerId = try String.fetchOne(
                    db, sql: "SELECT player_id FROM link_code WHERE code_hash = ? AND expires_at > ?", arguments: [codeHash, now])
            else { return nil }
            try db.execute(sql: "DELETE FROM link_code WHERE code_hash = ?", arguments: [codeHash])
            let name = try Self.name(of: playerId, in: db)
            _ = try Self.insert(device, playerId: playerId, at: now, in: db)
            return (playerId, name)
        }
    }

    static let devicesSQL = "\(AccountColumns.select) WHERE player_id = ? \(AccountColumns.order)"
    static let deviceByTokenSQL = "\(AccountColumns.select) WHERE token_hash = ?"

    // MARK: - Shared by the transactions

    /// The name of the player with this id.
    ///
    /// - Throws: `AccountStoreError.noSuchPlayer` if there is none (a deleted player has no row).
    static func name(of playerId: PlayerID, in db: Database) throws -> String {
        guard let name = try String.fetchOne(db, sql: "SELECT name FROM player WHERE id = ?", arguments: [playerId]) else {
            throw AccountStoreError.noSuchPlayer
        }
        return name
    }

    /// Adds the device to a player whose row exists, seen now.
    static func insert(_ device: NewDevice, playerId: PlayerID, at now: Int64, in db: Database) throws -> DeviceRecord {
        try db.execute(
            sql: "INSERT INTO device (id, player_id, token_hash, label, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [device.id, playerId, device.tokenHash, device.label, now, now])
        return DeviceRecord(id: device.id, playerId: playerId, label: device.label, createdAt: now, lastSeenAt: now)
    }

    private static func device(_ row: Row) -> DeviceRecord {
        DeviceRecord(
            id: row["id"], playerId: row["player_id"], label: row["label"], createdAt: row["created_at"], lastSeenAt: row["last_seen_at"])
    }
}
