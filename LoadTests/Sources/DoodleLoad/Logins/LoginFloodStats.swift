import Foundation
import Histogram
import Synchronization

/// What the flood's answers were, by kind of login, and how long they took (microseconds).
final class LoginFloodStats: Sendable {
    enum Kind: Sendable { case unknownEmail, wrongPassword }

    private struct State {
        var inFlight = 0
        var skipped = 0
        var counts = LoginFloodResult.Counts()
        var refusedLatency = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
        var errors: [String: Int] = [:]
    }

    private let state = Mutex(State())

    /// Counts a request about to be sent, unless `limit` are in flight already.
    func begin(limit: Int) -> Bool {
        state.withLock { state in
            guard state.inFlight < limit else {
                state.skipped += 1
                return false
            }
            state.inFlight += 1
            return true
        }
    }

    func answered(kind: Kind, status: Int, body: String, latency: Duration) {
        state.withLock { state in
            state.inFlight -= 1
            switch status {
            case 401:
                state.counts.invalidCredentials += 1
                switch kind {
                case .unknownEmail: state.counts.unknownEmailRefused += 1
                case .wrongPassword: state.counts.wrongPasswordRefused += 1
                }
                _ = state.refusedLatency.record(latency.clampedMicroseconds)
            case 503: state.counts.busy += 1
            // Both limits answer 429 `rate_limited`; the lockout's message names the email address.
            case 429 where body.contains("email address"): state.counts.lockedOut += 1
            case 429: state.counts.addressLimited += 1
            default: state.counts.other["HTTP \(status)", default: 0] += 1
            }
        }
    }

    func failed(_ error: any Error) {
        state.withLock { state in
            state.inFlight -= 1
            state.errors[String("\(error)".prefix(80)), default: 0] += 1
        }
    }

    func result(configuration: LoginFlood.Configuration, seconds: Double) -> LoginFloodResult {
        state.withLock { state in
            LoginFloodResult(
                configuration: configuration, seconds: seconds, counts: state.counts, skipped: state.skipped,
                refusedLatency: LatencySummary(state.refusedLatency), errors: state.errors)
        }
    }
}
