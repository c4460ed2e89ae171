import Foundation

/// One flood: how its logins were answered.
public struct LoginFloodResult: Sendable, Codable, Equatable {
    public struct Counts: Sendable, Codable, Equatable {
        /// 401 `invalid_credentials`: the password was checked (a bcrypt verification ran).
        public var invalidCredentials = 0
        public var unknownEmailRefused = 0
        public var wrongPasswordRefused = 0
        /// 503 `busy`: the hashing pool's queue was full.
        public var busy = 0
        /// 429 for the email (5 failures in 15 minutes).
        public var lockedOut = 0
        /// 429 for the client address (the sign-in rate limit).
        public var addressLimited = 0
        public var other: [String: Int] = [:]

        public var answered: Int { invalidCredentials + busy + lockedOut + addressLimited + other.values.reduce(0, +) }
    }

    public var configuration: LoginFlood.Configuration
    public var seconds: Double
    public var counts: Counts
    /// Sends left out because `maxInFlight` requests were still unanswered.
    public var skipped: Int
    /// Time to a 401: the queue for a hashing thread plus one bcrypt verification.
    public var refusedLatency: LatencySummary
    /// Requests that got no HTTP answer (timeouts, refused connections).
    public var errors: [String: Int]

    public var answeredPerSecond: Double { seconds > 0 ? Double(counts.answered) / seconds : 0 }
    public var checkedPerSecond: Double { seconds > 0 ? Double(counts.invalidCredentials) / seconds : 0 }

    public var text: String {
        var text = String(
            format: "  login flood: %d/s offered for %.1f s; %.1f answered/s, %.1f checked (401)/s\n", configuration.rate, seconds,
            answeredPerSecond, checkedPerSecond)
        text += "    401 \(counts.invalidCredentials) (unknown email \(counts.unknownEmailRefused), wrong password \(counts.wrongPasswordRefused))"
        text += ", 503 busy \(counts.busy), 429 lockout \(counts.lockedOut), 429 address limit \(counts.addressLimited)"
        text += counts.other.isEmpty ? "" : ", other \(counts.other)"
        text += skipped > 0 ? ", skipped (in flight) \(skipped)" : ""
        text += "\n"
        text += String(
            format: "    time to 401: p50 %.0f ms, p99 %.0f ms, max %.0f ms\n", refusedLatency.p50, refusedLatency.p99, refusedLatency.max)
        text += errors.isEmpty ? "" : "    errors: \(errors)\n"
        return text
    }
}
