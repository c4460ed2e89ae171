import DoodleCore
import Synchronization

/// A sliding-window limit per player for HTTP routes, the counterpart of a connection's
/// `RateLimiter`: every attempt counts, refused ones too, and a refusal says how long to wait.
final class PlayerRateLimiter: Sendable {
    enum Verdict: Sendable, Equatable {
        case allowed
        /// Over the limit; the next attempt is allowed once this many seconds have passed.
        case limited(retryAfterSeconds: Int)
    }

    /// Players with no attempt inside the window are dropped once the table holds this many,
    /// so it stays about as large as the number of players guessing at once.
    private static let pruneThreshold = 4_096

    private let attempts = Mutex<[PlayerID: [Int64]]>([:])
    private let rule: RateLimitRule

    init(rule: RateLimitRule) {
        self.rule = rule
    }

    /// Counts one attempt by `player` at `now` (milliseconds).
    func record(_ player: PlayerID, now: Int64) -> Verdict {
        attempts.withLock { table in
            let windowStart = now - rule.windowMilliseconds
            if table.count >= Self.pruneThreshold {
                table = table.filter { ($0.value.last ?? windowStart) > windowStart }
            }
            // Only the newest `count` attempts decide the next verdict, so no more are kept.
            var times = table[player, default: []].filter { $0 > windowStart }
            let allowed = times.count < rule.count
            times.append(now)
            if times.count > rule.count { times.removeFirst(times.count - rule.count) }
            table[player] = times
            guard !allowed, let oldest = times.first else { return .allowed }
            let waitMilliseconds = oldest + rule.windowMilliseconds - now
            return .limited(retryAfterSeconds: max(1, Int((waitMilliseconds + 999) / 1000)))
        }
    }
}
