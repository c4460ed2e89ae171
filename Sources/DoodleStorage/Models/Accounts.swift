import DoodleCore

/// One device of a player: a bearer token of its own (stored as its SHA-256 hash), made when the
/// player was created, signed in, registered or redeemed a link code.
public struct DeviceRecord: Sendable, Equatable {
    /// `d_…`, what `GET /v1/me/sessions` shows and `DELETE /v1/me/sessions/{id}` names.
    public var id: String
    public var playerId: PlayerID
    /// What the list shows ("iPhone", "Firefox on Linux", "First device").
    public var label: String
    /// Milliseconds since 1970.
    public var createdAt: Int64
    /// The last `hello` or sign-in with this device's token (milliseconds since 1970).
    public var lastSeenAt: Int64

    public init(id: String, playerId: PlayerID, label: String, createdAt: Int64, lastSeenAt: Int64) {
        self.id = id
        self.playerId = playerId
        self.label = label
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

/// A device about to be made: its token's hash and label.
public struct NewDevice: Sendable, Equatable {
    public var id: String
    public var tokenHash: String
    public var label: String

    public init(id: String, tokenHash: String, label: String) {
        self.id = id
        self.tokenHash = tokenHash
        self.label = label
    }
}

/// A player about to be made by a sign-in that names no existing player.
public struct NewPlayer: Sendable, Equatable {
    public var id: PlayerID
    public var name: String

    public init(id: PlayerID, name: String) {
        self.id = id
        self.name = name
    }
}

/// An identity an OpenID Connect provider vouched for: the pair (`issuer`, `subject`) is the
/// identity; `provider` is the configured name (`apple`, `google`, …); `email` is what the
/// token said, if anything, shown to the player only.
public struct ExternalIdentity: Sendable, Equatable {
    public var provider: String
    public var issuer: String
    public var subject: String
    public var email: String?

    public init(provider: String, issuer: String, subject: String, email: String?) {
        self.provider = provider
        self.issuer = issuer
        self.subject = subject
        self.email = email
    }
}

/// One way a player can sign in, as the sign-in answers list it: `provider` is an OpenID
/// Connect provider's name, or `email` for an email and password.
public struct AccountIdentity: Sendable, Equatable, Encodable {
    public var provider: String
    public var email: String?

    public init(provider: String, email: String?) {
        self.provider = provider
        self.email = email
    }
}

/// What a sign-in did: which player it is now (a new one when `created`), with its name and
/// every identity linked to it after the sign-in.
public struct AccountSignIn: Sendable, Equatable {
    public var playerId: PlayerID
    public var name: String
    public var created: Bool
    public var identities: [AccountIdentity]

    public init(playerId: PlayerID, name: String, created: Bool, identities: [AccountIdentity]) {
        self.playerId = playerId
        self.name = name
        self.created = created
        self.identities = identities
    }
}

/// The stored login of an email address: whose it is and its bcrypt hash.
public struct PasswordLogin: Sendable, Equatable {
    public var playerId: PlayerID
    public var passwordHash: String

    public init(playerId: PlayerID, passwordHash: String) {
        self.playerId = playerId
        self.passwordHash = passwordHash
    }
}

/// Failed logins of one email address inside the lockout window.
public struct LoginFailures: Sendable, Equatable {
    public var count: Int
    /// The oldest failure in the window (milliseconds since 1970); nil when `count` is 0.
    public var oldestAt: Int64?

    public init(count: Int, oldestAt: Int64?) {
        self.count = count
        self.oldestAt = oldestAt
    }
}

/// Why an account change was refused.
public enum AccountStoreError: Error, Equatable, Sendable {
    /// `register`: the email address already has a login (`409 email_taken`).
    case emailTaken
    /// The player named as the one to link to, or to add a device for, does not exist (it
    /// was deleted meanwhile).
    case noSuchPlayer
}
