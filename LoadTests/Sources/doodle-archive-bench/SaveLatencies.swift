import DoodleStorage
import Histogram
import Synchronization

/// Save latency of every drawing: from the moment it is handed to `ArchiveWriter.submit` to the
/// moment the writer reports (`onCommit`) the transaction holding it committed.
final class SaveLatencies: Sendable {
    struct Summary: Sendable {
        var saved = 0
        var batches = 0
        var firstSubmit: ContinuousClock.Instant?
        var lastCommit: ContinuousClock.Instant?
        /// Microseconds, 1 µs to 120 s, 3 significant digits.
        var latency = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
        /// Commits whose id was never submitted here (there should be none).
        var unknown = 0
    }

    private struct State {
        var submittedAt: [String: ContinuousClock.Instant] = [:]
        var summary = Summary()
    }

    private let clock = ContinuousClock()
    private let state = Mutex(State())

    /// Notes the submit time of `id`; call it just before `submit`, so the commit cannot come first.
    func submitting(_ id: String) {
        let now = clock.now
        state.withLock { state in
            state.submittedAt[id] = now
            if state.summary.firstSubmit == nil { state.summary.firstSubmit = now }
        }
    }

    /// The writer's `onCommit`: it runs on the writer's task, so it only does arithmetic.
    func committed(_ batch: CommittedBatch) {
        let now = clock.now
        state.withLock { state in
            state.summary.batches += 1
            state.summary.lastCommit = now
            for id in batch.drawingIds {
                guard let submitted = state.submittedAt.removeValue(forKey: id) else {
                    state.summary.unknown += 1
                    continue
                }
                let elapsed = submitted.duration(to: now).components
                let microseconds = elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000
                _ = state.summary.latency.record(UInt64(max(microseconds, 1)))
                state.summary.saved += 1
            }
        }
    }

    var summary: Summary { state.withLock { $0.summary } }
}
