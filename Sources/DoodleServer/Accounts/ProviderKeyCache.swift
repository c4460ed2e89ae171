/// When to fetch a provider's keys again, as a value: what is cached, when it was fetched, and
/// whether a fetch is under way. No I/O and no clock; `ProviderKeys` does the fetching.
///
/// A token naming a `kid` that is not cached (the provider rotated its keys) starts a fetch, at
/// most one per `refetchInterval`, so a flood of made-up `kid`s costs the provider one request a
/// minute. Keys older than `maxAge` are fetched again on their next use, so a key the provider
/// withdrew stops being trusted; if that fetch fails the old keys stay in use.
struct ProviderKeyCache<Keys: Sendable>: Sendable {
    struct Policy: Sendable, Equatable {
        /// The least time between two fetches that follow a successful one.
        var refetchMillis: Int64 = 60_000
        /// The least time between two fetches after one failed: shorter, so that a blip at the
        /// provider does not shut sign-ins out for a full minute.
        var retryAfterFailureMillis: Int64 = 10_000
        /// Keys this old are fetched again on their next use.
        var maxAgeMillis: Int64 = 3_600_000

        init() {}
    }

    /// What the caller should do to find a key.
    enum Action {
        /// The key is cached: verify with these keys.
        case use(Keys)
        /// The caller fetches now, then reports with `fetched` or `fetchFailed` and looks again.
        case fetch
        /// A fetch is under way: wait for it, then look again.
        case wait
        /// No key and no fetch allowed yet.
        case refuse(IDTokenRejection.Check)
    }

    let policy: Policy
    private(set) var keys: Keys?
    private var fetchedAt: Int64?
    private var lastAttempt: (at: Int64, failed: Bool)?
    private(set) var isFetching = false

    init(policy: Policy) {
        self.policy = policy
    }

    /// - Parameter holds: whether a set of keys holds the `kid` looked for.
    mutating func lookup(now: Int64, holds: (Keys) -> Bool) -> Action {
        let cached = keys.flatMap { holds($0) ? $0 : nil }
        let fresh = fetchedAt.map { now - $0 < policy.maxAgeMillis } ?? false
        if let cached, fresh || isFetching { return .use(cached) }
        if isFetching { return .wait }
        if mayFetch(now: now) {
            isFetching = true
            lastAttempt = (now, false)
            return .fetch
        }
        if let cached { return .use(cached) }
        return .refuse(keys == nil ? .keysUnavailable : .unknownKey)
    }

    mutating func fetched(_ keys: Keys, now: Int64) {
        self.keys = keys
        fetchedAt = now
        isFetching = false
    }

    mutating func fetchFailed(now: Int64) {
        lastAttempt = (now, true)
        isFetching = false
    }

    private func mayFetch(now: Int64) -> Bool {
        guard let lastAttempt else { return true }
        let pause = lastAttempt.failed ? policy.retryAfterFailureMillis : policy.refetchMillis
        return now - lastAttempt.at >= pause
    }
}

extension ProviderKeyCache.Action: Equatable where Keys: Equatable {}
