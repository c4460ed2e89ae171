import DoodleCore

/// What the account store and the archive writer share about devices and identities: the columns read and how device ids
/// are made.
enum AccountColumns {
    /// A device's row; the caller adds `WHERE … ORDER BY …`.
    static let select: SQLQuery = "SELECT id, player_id, label, created_at, last_seen_at FROM device"

    /// A player's devices, oldest first, in the order they were made.
    static let order: SQLQuery = "ORDER BY created_at, id"

    /// The label of the device `v8-accounts` made from each player's one token.
    static let migratedDeviceLabel = "First device"

    /// A new device id, `d_` and 16 random characters like every other id.
    static func newId() -> String {
        var generator = SystemRandomNumberGenerator()
        return OpaqueID.make(prefix: "d_", using: &generator)
    }

    /// Every way to sign in as one player: its OpenID Connect identities and its email logins
    /// (provider `email`), oldest first.
    static func identities(of player: PlayerID) -> SQLQuery {
        """
        SELECT provider, email, created_at FROM account_identity WHERE player_id = \(player)
        UNION ALL
        SELECT 'email' AS provider, email, created_at FROM password_login WHERE player_id = \(player)
        ORDER BY created_at, provider, email
        """
    }
}
