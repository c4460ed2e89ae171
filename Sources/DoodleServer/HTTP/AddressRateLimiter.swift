import DoodleCore
import Synchronization

/// Per-client-address limits for HTTP routes that could otherwise be used to probe invite
/// codes, which `joinRoom`'s limit protects on the WebSocket. A fixed window per address; the
/// table is emptied at every new window, so it never holds more than one window's addresses.
final class AddressRateLimiter: Sendable {
    private struct State {
        var windowStart: Int64 = 0
        var counts: [String: Int] = [:]
    }

    private let state = Mutex(State())
    let rule: RateLimitRule

    init(rule: RateLimitRule) {
        self.rule = rule
    }

    /// Counts one request from `address` at `now`; false when it is over the limit.
    func allow(_ address: String, now: Int64) -> Bool {
        state.withLock { state in
            if now - state.windowStart >= rule.windowMilliseconds {
                state.windowStart = now
                state.counts.removeAll(keepingCapacity: true)
            }
            let count = state.counts[address, default: 0] + 1
            state.counts[address] = count
            return count <= rule.count
        }
    }
}
