import DoodleCore

/// Accounts and devices: the per-device tokens of every player, the identities (OpenID Connect,
/// email and password) that sign a player in on a new device, one-use link codes, and the
/// failed-login record behind the per-email lockout. Every back end answers alike (the storage
/// tests run against each); every method that changes more than one row does so in one
/// transaction.
///
/// Tokens and link codes are stored as SHA-256 hashes only; emails are stored as given after
/// trimming and lower-casing (the caller normalises: `EmailAddress.normalized` in the server).
public protocol AccountStore: Sendable {
    /// Adds a device to an existing player.
    ///
    /// - Throws: `AccountStoreError.noSuchPlayer` if the player does not exist (or was deleted).
    func addDevice(_ device: NewDevice, playerId: PlayerID, at now: Int64) async throws -> DeviceRecord

    /// The player's devices, oldest first.
    func devices(of player: PlayerID) async throws -> [DeviceRecord]

    /// The device whose token has this hash.
    func device(tokenHash: String) async throws -> DeviceRecord?

    /// Removes one of the player's devices: its token stops working at once.
    ///
    /// - Returns: the removed device's token hash (for the caches and the live connection to
    ///   forget), or nil if the player has no device with this id.
    func removeDevice(id: String, of player: PlayerID) async throws -> String?

    /// Signs in with an identity a provider vouched for, in one transaction: the player already
    /// linked to it; else `currentPlayer`, which it is linked to; else `newPlayer`, created and
    /// linked. `device` is added to whichever player it is, unless it is `currentPlayer`: a
    /// caller adding a way to sign in to itself keeps the device (and token) it has.
    ///
    /// - Throws: `AccountStoreError.noSuchPlayer` if `currentPlayer` does not exist.
    func signIn(identity: ExternalIdentity, currentPlayer: PlayerID?, newPlayer: NewPlayer, device: NewDevice, at now: Int64)
        async throws -> AccountSignIn

    /// Registers an email address with a password hash, in one transaction: linked to
    /// `currentPlayer` when given, else to `newPlayer`, created; `device` is added to a new
    /// player only (the caller keeps the device it has).
    ///
    /// - Throws: `AccountStoreError.emailTaken` if the address already has a login;
    ///   `AccountStoreError.noSuchPlayer` if `currentPlayer` does not exist.
    func register(email: String, passwordHash: String, currentPlayer: PlayerID?, newPlayer: NewPlayer, device: NewDevice, at now: Int64)
        async throws -> AccountSignIn

    /// The login of an email address, nil if it has none.
    func passwordLogin(email: String) async throws -> PasswordLogin?

    /// Every identity linked to the player: its OpenID Connect identities and its email logins
    /// (`provider` "email"), oldest first.
    func identities(of player: PlayerID) async throws -> [AccountIdentity]

    /// Records a failed login for the email address (known or not), and forgets failures older
    /// than `window` milliseconds before `now`.
    func recordLoginFailure(email: String, at now: Int64, window: Int64) async throws

    /// The email address's failed logins in the `window` milliseconds before `now`.
    func loginFailures(email: String, now: Int64, window: Int64) async throws -> LoginFailures

    /// Forgets the email address's failed logins (after a successful one).
    func clearLoginFailures(email: String) async throws

    /// Stores a one-use link code (its hash) for the player, good until `expiresAt`. Expired
    /// codes of any player are removed on the way.
    func createLinkCode(codeHash: String, playerId: PlayerID, expiresAt: Int64, now: Int64) async throws

    /// Spends a link code and adds `device` to its player, in one transaction.
    ///
    /// - Returns: the player's id and name; nil if no unexpired code has this hash (a spent
    ///   code is gone, so a second redemption is nil too).
    func redeemLinkCode(codeHash: String, device: NewDevice, at now: Int64) async throws -> (playerId: PlayerID, name: String)?
}
