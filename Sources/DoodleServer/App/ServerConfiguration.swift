/// Everything `doodle-server` can be told on its command line or in its environment.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// The GameRules folder (rules.json and words/).
    public var rulesFolder: String
    /// Where everything is kept: a SQLite file (`:memory:` keeps everything in memory), or a
    /// PostgreSQL database as a `postgres://user:password@host:port/database` URL.
    public var databasePath: String
    /// PEM files of a certificate chain and its private key: with both, the server speaks
    /// only TLS (`https://` and `wss://`); with neither, plain HTTP and `ws://`.
    public var tls: TLSFiles?
    /// How many bytes of rendered PNG pictures the server keeps in memory.
    public var pictureCacheBytes: Int
    /// How many widget tokens' latest drawings the server keeps in memory (0: none, every
    /// `latest-received.png` poll reads the database).
    public var widgetCacheEntries: Int
    /// Where to POST push notifications, and the secret that signs them; nil: none are sent
    /// (and none are queued).
    public var notifications: NotificationSettings?
    /// The cluster this node is part of; nil: the server runs alone, every room in this process.
    public var cluster: ClusterSettings?
    /// Addresses of reverse proxies in front of the server (docs/nginx.conf): for a request from
    /// one of them the client is the address it wrote in `X-Forwarded-For`, so limits kept per
    /// address apply to each player and not to the proxy as a whole.
    public var trustedProxies: Set<String>
    /// The operators' token for `/v1/admin/…` and `/admin`; nil: those paths answer 404 like
    /// any unknown path. Kept as a digest and never printed.
    public var adminToken: AdminToken?
    /// The OpenID Connect providers players may sign in with (`--oidc-provider`); none: only
    /// email and password, and link codes.
    public var oidcProviders: [OIDCProvider]
    /// How passwords are hashed: bcrypt's cost and how many hashes run at once.
    public var passwordHashing: PasswordHashingSettings
    /// Whether the server runs house bots for a player waiting alone in a public lobby
    /// (`--house-bots on|off`).
    public var houseBots: Bool

    public struct TLSFiles: Sendable {
        public var certificateChainPath: String
        public var privateKeyPath: String

        public init(certificateChainPath: String, privateKeyPath: String) {
            self.certificateChainPath = certificateChainPath
            self.privateKeyPath = privateKeyPath
        }
    }

    public init(
        host: String = "127.0.0.1", port: Int = 8080, rulesFolder: String = "./GameRules",
        databasePath: String = "./doodle.sqlite", tls: TLSFiles? = nil, notifications: NotificationSettings? = nil,
        pictureCacheBytes: Int = 64 << 20, widgetCacheEntries: Int = 100_000, cluster: ClusterSettings? = nil,
        trustedProxies: Set<String> = [], adminToken: AdminToken? = nil, oidcProviders: [OIDCProvider] = [],
        passwordHashing: PasswordHashingSettings = PasswordHashingSettings(), houseBots: Bool = true
    ) {
        self.houseBots = houseBots
        self.oidcProviders = oidcProviders
        self.passwordHashing = passwordHashing
        self.cluster = cluster
        self.adminToken = adminToken
        self.trustedProxies = trustedProxies
        self.host = host
        self.port = port
        self.rulesFolder = rulesFolder
        self.databasePath = databasePath
        self.tls = tls
        self.pictureCacheBytes = pictureCacheBytes
        self.widgetCacheEntries = widgetCacheEntries
        self.notifications = notifications
    }
}

/// The push service's webhook (docs/protocol.md, "Notifications").
public struct NotificationSettings: Sendable {
    /// An absolute `http://` or `https://` URL.
    public var url: String
    /// With a secret each POST carries `X-Doodle-Signature: sha256=<hex HMAC-SHA256 of the body>`.
    public var secret: String?
    /// The first retry's delay; each later one doubles it, up to `maxRetryDelayMilliseconds`.
    public var firstRetryDelayMilliseconds: Int64
    public var maxRetryDelayMilliseconds: Int64

    public init(url: String, secret: String?, firstRetryDelayMilliseconds: Int64 = 1_000, maxRetryDelayMilliseconds: Int64 = 60_000) {
        self.url = url
        self.secret = secret
        self.firstRetryDelayMilliseconds = firstRetryDelayMilliseconds
        self.maxRetryDelayMilliseconds = maxRetryDelayMilliseconds
    }
}
