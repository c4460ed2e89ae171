import Histogram

/// What the pairs of one run measured, merged from every pair's own copy.
struct PairLoadStats: Sendable {
    /// Microseconds from `submitDrawing` written to its `drawingSent`, for acknowledgements in the window.
    var acknowledgement = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
    /// Microseconds from `hello` written to the pair room's `roomState`, for entries in the window.
    var entry = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
    var savesInWindow = 0
    var saves = 0
    var submits = 0
    var guesses = 0
    var resolved = 0
    var entries = 0
    /// Entries the server did not re-seat by itself, made with `createRoom`.
    var entriesByCreateRoom = 0
    var errors: [String: Int] = [:]
    var sequenceViolations = 0
    var undecodable = 0
    var failedSessions = 0
    var failures: [String] = []
    /// Drawings acknowledged to a sender that its partner never saw (live or in its inbox).
    var undelivered = 0
    var pairsSetUp = 0

    mutating func merge(_ other: PairLoadStats) {
        acknowledgement.add(other.acknowledgement)
        entry.add(other.entry)
        savesInWindow += other.savesInWindow
        saves += other.saves
        submits += other.submits
        guesses += other.guesses
        resolved += other.resolved
        entries += other.entries
        entriesByCreateRoom += other.entriesByCreateRoom
        errors.merge(other.errors, uniquingKeysWith: +)
        sequenceViolations += other.sequenceViolations
        undecodable += other.undecodable
        failedSessions += other.failedSessions
        failures += other.failures.prefix(max(0, 10 - failures.count))
        undelivered += other.undelivered
        pairsSetUp += other.pairsSetUp
    }
}
