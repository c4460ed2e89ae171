/// When to try a failed notification again: exponential backoff with jitter, so a push service
/// that comes back after an outage is not hit by every event at the same instant.
struct RetrySchedule: Sendable {
    let firstDelayMilliseconds: Int64
    let maxDelayMilliseconds: Int64

    /// The delay after the `attempts`-th failed attempt (1 for the first): the first delay,
    /// doubled each time up to the maximum, then a random point in its upper half.
    func delay<G: RandomNumberGenerator>(afterAttempts attempts: Int, using generator: inout G) -> Int64 {
        let doublings = min(max(attempts - 1, 0), 30)
        let full = min(maxDelayMilliseconds, firstDelayMilliseconds << Int64(doublings))
        return full / 2 + Int64.random(in: 0...max(full - full / 2, 0), using: &generator)
    }
}
