import Synchronization

/// Wrong admin tokens per client address: after `maxFailures` within `windowMilliseconds` the
/// address is locked out — every admin request from it, a right token's too, is answered 429 —
/// until the oldest of those failures leaves the window. Requests refused while locked out are
/// not looked at, so they neither count nor reveal whether their token was right.
final class AdminLockout: Sendable {
    enum Verdict: Sendable, Equatable {
        case open
        /// Locked out; the address may try again once this many seconds have passed.
        case locked(retryAfterSeconds: Int)
    }

    /// The contract's "10 wrong ones a minute from one address".
    static let maxFailures = 10
    static let windowMilliseconds: Int64 = 60_000
    /// Addresses with no failure inside the window are dropped once the table holds this many.
    private static let pruneThreshold = 1_024

    /// The times of each address's latest failures, oldest first, at most `maxFailures`.
    private let failures = Mutex<[String: [Int64]]>([:])

    /// Whether `address` may try a token at `now` (milliseconds).
    func verdict(for address: String, now: Int64) -> Verdict {
        failures.withLock { table in
            let recent = table[address, default: []].filter { $0 > now - Self.windowMilliseconds }
            guard recent.count >= Self.maxFailures, let oldest = recent.first else { return .open }
            let waitMilliseconds = oldest + Self.windowMilliseconds - now
            return .locked(retryAfterSeconds: max(1, Int((waitMilliseconds + 999) / 1000)))
        }
    }

    /// Counts one wrong (or missing) token from `address` at `now`.
    func recordFailure(_ address: String, now: Int64) {
        failures.withLock { table in
            let windowStart = now - Self.windowMilliseconds
            if table.count >= Self.pruneThreshold {
                table = table.filter { ($0.value.last ?? windowStart) > windowStart }
            }
            var times = table[address, default: []].filter { $0 > windowStart }
            times.append(now)
            // Only the newest `maxFailures` decide a lockout, so no more are kept.
            if times.count > Self.maxFailures { times.removeFirst(times.count - Self.maxFailures) }
            table[address] = times
        }
    }
}
