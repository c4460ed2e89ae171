import DoodleCore
import GRDB

extension SQLiteAccountStore {
    public func signIn(identity: ExternalIdentity, currentPlayer: PlayerID?, newPlayer: NewPlayer, device: NewDevice, at now: Int64)
        async throws -> AccountSignIn
    {
        try await database.connection.write { db in
            let linked = try String.fetchOne(
                db, sql: "SELECT player_id FROM account_identity WHERE issuer = ? AND subject = ?", arguments: [identity.issuer, identity.subject])
            let playerId: PlayerID
            let name: String
            if let linked {
                playerId = linked
                name = try Self.name(of: linked, in: db)
                // Some providers tell the address only at the first sign-in: a later token without
                // one keeps what was said.
                if let email = identity.email {
                    try db.execute(
                        sql: "UPDATE account_identity SET email = ? WHERE issuer = ? AND subject = ?",
                        arguments: [email, identity.issuer, identity.subject])
                }
            } else {
                let target = try Self.playerToLink(currentPlayer: currentPlayer, newPlayer: newPlayer, at: now, in: db)
                playerId = target.playerId
                name = target.name
                try db.execute(
                    sql: """
                        INSERT INTO account_identity (issuer, subject, provider, player_id, email, created_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [identity.issuer, identity.subject, identity.provider, playerId, identity.email, now])
            }
            // The caller adding a way to sign in to itself keeps the device it has.
            if playerId != currentPlayer {
                _ = try Self.insert(device, playerId: playerId, at: now, in: db)
            }
            let created = linked == nil && currentPlayer == nil
            return AccountSignIn(playerId: playerId, name: name, created: created, identities: try Self.identities(of: playerId, in: db))
        }
    }

    public func register(
        email: String, passwordHash: String, currentPlayer: PlayerID?, newPlayer: NewPlayer, device: NewDevice, at now: Int64
    ) async throws -> AccountSignIn {
        try await database.connection.write { db in
            let taken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM password_login WHERE email = ?)", arguments: [email]) ?? false
            guard !taken else { throw AccountStoreError.emailTaken }
            let (playerId, name) = try Self.playerToLink(currentPlayer: currentPlayer, newPlayer: newPlayer, at: now, in: db)
            try db.execute(
                sql: "INSERT INTO password_login (email, player_id, password_hash, created_at) VALUES (?, ?, ?, ?)",
                arguments: [email, playerId, passwordHash, now])
            // The caller adding a way to sign in to itself keeps the device it has.
            if playerId != currentPlayer {
                _ = try Self.insert(device, playerId: playerId, at: now, in: db)
            }
            return AccountSignIn(
                playerId: playerId, name: name, created: currentPlayer == nil, identities: try Self.identities(of: playerId, in: db))
        }
    }

    public func passwordLogin(email: String) async throws -> PasswordLogin? {
        try await database.connection.read { db in
            try Row.fetchOne(db, sql: "SELECT player_id, password_hash FROM password_login WHERE email = ?", arguments: [email]).map {
                PasswordLogin(playerId: $0["player_id"], passwordHash: $0["password_hash"])
            }
        }
    }

    public func identities(of player: PlayerID) async throws -> [AccountIdentity] {
        try await database.connection.read { db in try Self.identities(of: player, in: db) }
    }

    /// The player a new identity or login is linked to: `currentPlayer`, which must exist, else
    /// `newPlayer`, created now as a `hello`'s first save creates a player.
    private static func playerToLink(
        currentPlayer: PlayerID?, newPlayer: NewPlayer, at now: Int64, in db: Database
    ) throws -> (playerId: PlayerID, name: String) {
        if let currentPlayer {
            return (currentPlayer, try name(of: currentPlayer, in: db))
        }
        try db.execute(
            sql: "INSERT INTO player (id, name, created_at, last_seen_at) VALUES (?, ?, ?, ?)", arguments: [newPlayer.id, newPlayer.name, now, now])
        return (newPlayer.id, newPlayer.name)
    }

    static let identitiesSQL = AccountColumns.identitiesSQL(player: "?1")

    private static func identities(of player: PlayerID, in db: Database) throws -> [AccountIdentity] {
        try Row.fetchAll(db, sql: identitiesSQL, arguments: [player]).map {
            AccountIdentity(provider: $0["provider"], email: $0["email"])
        }
    }
}
