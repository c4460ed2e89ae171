import DoodleCore

extension SQLAccountStore {
    /// Run again if it lost a race on the identity's key: two sign-ins with one new identity at
    /// once both end on the player the first made.
    func signIn(identity: ExternalIdentity, currentPlayer: PlayerID?, newPlayer: NewPlayer, device: NewDevice, at now: Int64)
        async throws -> AccountSignIn
    {
        try await database.writeRetryingConflicts { session in
            let linked = try session.value(
                "SELECT player_id FROM account_identity WHERE issuer = \(identity.issuer) AND subject = \(identity.subject)", as: String.self)
            let playerId: PlayerID
            let name: String
            if let linked {
                playerId = linked
                name = try Self.name(of: linked, in: session)
                // Some providers tell the address only at the first sign-in.
                if let email = identity.email {
                    try session.execute(
                        "UPDATE account_identity SET email = \(email) WHERE issuer = \(identity.issuer) AND subject = \(identity.subject)")
                }
            } else {
                let target = try Self.playerToLink(currentPlayer: currentPlayer, newPlayer: newPlayer, at: now, in: session)
                playerId = target.playerId
                name = target.name
                try session.execute(
                    """
                    INSERT INTO account_identity (issuer, subject, provider, player_id, email, created_at)
                    VALUES (\(identity.issuer), \(identity.subject), \(identity.provider), \(playerId), \(identity.email), \(now))
                    """)
            }
            // The caller adding a way to sign in to itself keeps the device it has.
            if playerId != currentPlayer {
                _ = try Self.insert(device, playerId: playerId, at: now, in: session)
            }
            let created = linked == nil && currentPlayer == nil
            return AccountSignIn(
                playerId: playerId, name: name, created: created, identities: try Self.identities(of: playerId, in: session))
        }
    }

    /// Run again if it lost a race on the email's key: the second of two registrations of one
    /// address is `emailTaken`.
    func register(
        email: String, passwordHash: String, currentPlayer: PlayerID?, newPlayer: NewPlayer, device: NewDevice, at now: Int64
    ) async throws -> AccountSignIn {
        try await database.writeRetryingConflicts { session in
            let taken = try session.value("SELECT EXISTS (SELECT 1 FROM password_login WHERE email = \(email))", as: Bool.self) ?? false
            guard !taken else { throw AccountStoreError.emailTaken }
            let (playerId, name) = try Self.playerToLink(currentPlayer: currentPlayer, newPlayer: newPlayer, at: now, in: session)
            try session.execute(
                "INSERT INTO password_login (email, player_id, password_hash, created_at) VALUES (\(email), \(playerId), \(passwordHash), \(now))")
            // The caller adding a way to sign in to itself keeps the device it has.
            if playerId != currentPlayer {
                _ = try Self.insert(device, playerId: playerId, at: now, in: session)
            }
            return AccountSignIn(
                playerId: playerId, name: name, created: currentPlayer == nil, identities: try Self.identities(of: playerId, in: session))
        }
    }

    func passwordLogin(email: String) async throws -> PasswordLogin? {
        try await database.read { session in
            try session.row("SELECT player_id, password_hash FROM password_login WHERE email = \(email)").map {
                PasswordLogin(playerId: try $0("player_id"), passwordHash: try $0("password_hash"))
            }
        }
    }

    func identities(of player: PlayerID) async throws -> [AccountIdentity] {
        try await database.read { session in try Self.identities(of: player, in: session) }
    }

    /// The player a new identity or login is linked to: `currentPlayer`, which must exist, else
    /// `newPlayer`, created now as a `hello`'s first save creates a player.
    private static func playerToLink(
        currentPlayer: PlayerID?, newPlayer: NewPlayer, at now: Int64, in session: SQLSession
    ) throws -> (playerId: PlayerID, name: String) {
        if let currentPlayer {
            return (currentPlayer, try name(of: currentPlayer, in: session))
        }
        try session.execute(
            "INSERT INTO player (id, name, created_at, last_seen_at) VALUES (\(newPlayer.id), \(newPlayer.name), \(now), \(now))")
        return (newPlayer.id, newPlayer.name)
    }

    private static func identities(of player: PlayerID, in session: SQLSession) throws -> [AccountIdentity] {
        try session.rows(AccountColumns.identities(of: player)).map {
            AccountIdentity(provider: try $0("provider"), email: try $0("email"))
        }
    }
}
