/// The archive writer's bookkeeping, guarded by its mutex: saves waiting in submission order,
/// the batch being written, saves set aside, counters and flush waiters. No I/O here.
struct WriteQueue {
    struct Entry: Sendable {
        /// Submission order; flush waits for every sequence number below its target.
        let sequence: UInt64
        let write: PendingWrite
    }

    private struct FlushWaiter {
        /// Satisfied once every save with a lower sequence number is saved.
        let target: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private var pending: [Entry] = []
    /// How many checkpoints (or removals) each room has in `pending`: only a room counted here
    /// has one to be replaced.
    private var waitingCheckpoints: [String: Int] = [:]
    /// The lowest sequence number of the batch being written, if one is.
    private var inFlightLowest: UInt64?
    private var parked: [Entry] = []
    private var parkedDue: ContinuousClock.Instant?
    private var nextSequence: UInt64 = 0
    private var waiters: [FlushWaiter] = []
    private var stopped = false
    /// Set on graceful shutdown: during an outage, retrying stops at this instant.
    var shutdownDeadline: ContinuousClock.Instant?
    private(set) var statistics = ArchiveWriterStatistics()

    /// Queues a save. Returns true if the writer has already stopped (it will not be written).
    ///
    /// A room's checkpoint (or its removal) takes the place of the one of the same room still
    /// waiting, if any, carrying its strokes along: however long an outage, the queue holds at
    /// most one per room. It goes to the end of the line, after the room's drawings submitted
    /// before it.
    mutating func append(_ write: PendingWrite) -> Bool {
        var write = write
        if let code = write.checkpointCode, waitingCheckpoints[code, default: 0] > 0,
            let index = pending.lastIndex(where: { $0.write.checkpointCode == code })
        {
            if case .checkpoint(let older) = pending[index].write, case .checkpoint(let newer) = write {
                write = .checkpoint(older.merged(with: newer))
            }
            pending.remove(at: index)
            waitingCheckpoints[code, default: 1] -= 1
            statistics.queued -= 1
            statistics.replacedCheckpoints += 1
        }
        if let code = write.checkpointCode { waitingCheckpoints[code, default: 0] += 1 }
        pending.append(Entry(sequence: nextSequence, write: write))
        nextSequence += 1
        statistics.submitted += 1
        statistics.queued += 1
        return stopped
    }

    /// The next batch, oldest first, with parked saves put back in line when their retry is due.
    mutating func takeBatch(maxSize: Int) -> [Entry]? {
        if !parked.isEmpty, let due = parkedDue, ContinuousClock.now >= due {
            pending = (parked + pending).sorted { $0.sequence < $1.sequence }
            countWaiting(parked, by: 1)
            parked = []
            parkedDue = nil
            statistics.parked = 0
        }
        guard !pending.isEmpty else { return nil }
        let count = min(maxSize, pending.count)
        let batch = Array(pending.prefix(count))
        pending.removeFirst(count)
        countWaiting(batch, by: -1)
        inFlightLowest = batch[0].sequence
        return batch
    }

    /// A batch that could not be written goes back to the front, keeping submission order.
    mutating func putBack(_ entries: [Entry]) {
        pending.insert(contentsOf: entries, at: 0)
        countWaiting(entries, by: 1)
    }

    private mutating func countWaiting(_ entries: [Entry], by change: Int) {
        for entry in entries {
            guard let code = entry.write.checkpointCode else { continue }
            let count = waitingCheckpoints[code, default: 0] + change
            waitingCheckpoints[code] = count > 0 ? count : nil
        }
    }

    mutating func park(_ entries: [Entry], retryAfter interval: Duration) {
        parked.append(contentsOf: entries)
        statistics.parked = parked.count
        if parkedDue == nil { parkedDue = ContinuousClock.now.advanced(by: interval) }
    }

    /// Makes parked saves due now (a last try on shutdown).
    mutating func makeParkedDue() {
        if !parked.isEmpty { parkedDue = ContinuousClock.now }
    }

    mutating func markSaved(_ batch: CommittedBatch, count: Int) {
        statistics.savedDrawings += batch.drawingIds.count
        statistics.savedGames += batch.gameIds.count
        statistics.savedSessions += batch.sessions
        statistics.savedReactions += batch.reactions
        statistics.savedCheckpoints += batch.checkpoints
        statistics.committedBatches += 1
        statistics.queued -= count
    }

    /// Counts a failed write transaction; returns how many saves are queued.
    mutating func recordFailedAttempt() -> Int {
        statistics.failedAttempts += 1
        return statistics.queued
    }

    /// The current batch is resolved (saved, put back or parked). Returns the flush waiters
    /// that are now satisfied.
    mutating func batchFinished() -> [CheckedContinuation<Bool, Never>] {
        inFlightLowest = nil
        let lowest = lowestUnsaved
        var satisfied: [CheckedContinuation<Bool, Never>] = []
        waiters.removeAll { waiter in
            guard lowest.map({ $0 >= waiter.target }) ?? true else { return false }
            satisfied.append(waiter.continuation)
            return true
        }
        return satisfied
    }

    /// Registers a flush. Returns the answer at once when there is nothing to wait for.
    mutating func addFlushWaiter(_ continuation: CheckedContinuation<Bool, Never>) -> Bool? {
        let target = nextSequence
        let lowest = lowestUnsaved
        if lowest.map({ $0 >= target }) ?? true { return true }
        if stopped { return false }
        waiters.append(FlushWaiter(target: target, continuation: continuation))
        return nil
    }

    /// Stops for good. Returns what is left unsaved, and every waiter with its answer.
    mutating func stop() -> (unsaved: [Entry], waiters: [(CheckedContinuation<Bool, Never>, Bool)]) {
        stopped = true
        let lowest = lowestUnsaved
        let answers = waiters.map { waiter in (waiter.continuation, lowest.map { $0 >= waiter.target } ?? true) }
        waiters = []
        return ((parked + pending).sorted { $0.sequence < $1.sequence }, answers)
    }

    private var lowestUnsaved: UInt64? {
        [pending.first?.sequence, inFlightLowest, parked.map(\.sequence).min()].compactMap { $0 }.min()
    }
}
