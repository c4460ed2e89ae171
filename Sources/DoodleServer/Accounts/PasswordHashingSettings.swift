/// How the server hashes passwords (bcrypt, on a pool of its own threads).
public struct PasswordHashingSettings: Sendable, Equatable {
    /// bcrypt's cost: 2^cost rounds. At least 12 (the contract's floor), except in tests.
    public var cost: Int
    /// Hashes running at once; nil: the pool's default for this machine.
    public var threads: Int?
    /// Hashes waiting for a thread beyond which a sign-in is refused as busy (503); nil: the
    /// pool's default.
    public var waitingLimit: Int?
    /// Whether `cost` may be below 12: only through `testing(cost:)`.
    let allowsLowCost: Bool

    public init(cost: Int = 12, threads: Int? = nil, waitingLimit: Int? = nil) {
        self.cost = cost
        self.threads = threads
        self.waitingLimit = waitingLimit
        allowsLowCost = false
    }

    /// A low cost, so that a test suite registering many accounts stays fast. Never for a
    /// server people use: a cost below 12 is quick to brute-force.
    public static func testing(cost: Int) -> PasswordHashingSettings {
        PasswordHashingSettings(cost: cost, allowsLowCost: true)
    }

    private init(cost: Int, allowsLowCost: Bool) {
        self.cost = cost
        self.allowsLowCost = allowsLowCost
    }
}
