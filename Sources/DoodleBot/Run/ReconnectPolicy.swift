/// How a bot comes back after its connection drops: exponential backoff, capped.
public struct ReconnectPolicy: Sendable, Equatable {
    /// The wait before the first retry; doubles each further attempt.
    public var initialDelay: Duration
    public var maximumDelay: Duration
    /// Attempts in a row (without a `welcome` between them) before the bot gives up.
    public var maximumAttempts: Int

    public init(initialDelay: Duration = .milliseconds(100), maximumDelay: Duration = .seconds(5), maximumAttempts: Int = 8) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.maximumAttempts = maximumAttempts
    }

    /// The wait before attempt `attempt` (1 is the first retry), divided by `speed`.
    public func delay(beforeAttempt attempt: Int, speed: Double = 1) -> Duration {
        let doubled = initialDelay * (1 << min(max(attempt - 1, 0), 30))
        return min(doubled, maximumDelay) / speed
    }
}
