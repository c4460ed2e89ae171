/// The one monotonic clock of a load run: drawers note send times and receivers note receive
/// times on it, in the same process, so a latency is a plain difference.
public struct LoadClock: Sendable {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    /// Nanoseconds since the run began.
    public func nanoseconds() -> UInt64 {
        let elapsed = ContinuousClock.now - origin
        let (seconds, attoseconds) = elapsed.components
        return UInt64(max(seconds, 0)) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000)
    }
}
