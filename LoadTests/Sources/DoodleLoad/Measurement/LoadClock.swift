/// The one monotonic clock of a load run: drawers note send times and receivers note receive
/// times on it, in the same process, so a latency is a plain difference.
public struct LoadClock: Sendable {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    /// Nanoseconds since the run began.
    public func nanoseconds() -> UInt64 {
        (ContinuousClock.now - origin).clampedNanoseconds
    }

    /// The instant `nanoseconds` after the run began.
    func instant(atNanoseconds nanoseconds: UInt64) -> ContinuousClock.Instant {
        origin + .nanoseconds(Int64(clamping: nanoseconds))
    }

    /// The next instant, from now on, that lies `phase` (0 to 1) of the way into a period of
    /// `period` counted from the run's start: drawers with different phases send at different
    /// points of the same period.
    func nextInstant(period: Duration, phase: Double) -> ContinuousClock.Instant {
        let periodNanoseconds = period.clampedNanoseconds
        guard periodNanoseconds > 0 else { return ContinuousClock.now }
        let offset = UInt64(Double(periodNanoseconds) * min(max(phase, 0), 0.999_999))
        let now = nanoseconds()
        let periods = now > offset ? (now - offset) / periodNanoseconds + 1 : 0
        return instant(atNanoseconds: periods * periodNanoseconds + offset)
    }
}
