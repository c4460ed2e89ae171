import DoodleCore
import Logging
import ServiceLifecycle
import Synchronization

/// The storage service rooms hand finished drawings and games to.
///
/// `submit` never waits: it appends to an in-memory queue and wakes the writer. The writer's
/// `run` loop takes up to `maxBatchSize` saves at a time and writes them in one transaction.
/// When the database is unavailable (busy, full, I/O error…) the batch goes back to the front
/// of the queue and is retried with exponential backoff, so nothing is dropped and rooms never
/// notice. On graceful shutdown it keeps writing until the queue is empty (or
/// `shutdownRetryLimit` passes during an outage, and then logs exactly what is lost).
///
/// A commit is durable (the back end's `ArchiveBatchWriter` promises it): a drawing whose batch
/// committed survives `kill -9` of the server.
public final class ArchiveWriter: Service, Sendable {
    public struct Configuration: Sendable {
        /// Most saves written in one transaction.
        public var maxBatchSize = 256
        public var initialRetryDelay: Duration = .milliseconds(50)
        public var maxRetryDelay: Duration = .seconds(5)
        /// On graceful shutdown, how long to keep retrying during an outage before giving up.
        public var shutdownRetryLimit: Duration = .seconds(30)
        /// How often parked saves are tried again (when there is other work to do).
        public var parkedRetryInterval: Duration = .seconds(60)

        public init() {}
    }

    private let backend: any ArchiveBatchWriter
    private let configuration: Configuration
    private let logger: Logger
    private let onCommit: (@Sendable (CommittedBatch) -> Void)?
    private let queue = Mutex(WriteQueue())
    private let wakeups: AsyncStream<Void>
    private let wakeup: AsyncStream<Void>.Continuation

    /// - Parameter onCommit: called after every committed transaction with what it stored (for
    ///   metrics, or to tell someone a drawing is safe). Runs on the writer's task: keep it short.
    public init(
        storage: Storage, configuration: Configuration = Configuration(), logger: Logger,
        onCommit: (@Sendable (CommittedBatch) -> Void)? = nil
    ) {
        self.backend = storage.batchWriter
        self.configuration = configuration
        self.logger = logger
        self.onCommit = onCommit
        (wakeups, wakeup) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: - Submitting

    /// Queues a finished turn's drawing, to be stored under `drawing.id`.
    public func submit(_ drawing: FinishedDrawing) {
        enqueue(.drawing(drawing))
    }

    /// Queues a finished game: its row, its ranking, and every ranked player's totals.
    public func submit(_ game: FinishedGame) {
        enqueue(.game(game))
    }

    /// Queues a member's reaction to a drawing submitted before it (`FinishedDrawing.reactions`
    /// carries those given while it was drawn). Written after its drawing, in the same order as
    /// submitted: the latest per member and drawing counts, `none` takes it back. A reaction to a
    /// drawing that is no longer stored (an operator deleted it meanwhile) is dropped.
    public func submit(_ reaction: DrawingReaction) {
        enqueue(.reaction(reaction))
    }

    /// Queues a live room's checkpoint, after everything the room submitted before it; it
    /// replaces the room's checkpoint still waiting (docs/storage.md, "Room checkpoints").
    public func submit(_ checkpoint: RoomCheckpointSave) {
        enqueue(.checkpoint(checkpoint))
    }

    /// Queues the removal of the checkpoint of a room that closed on the node `nodeId` (nil
    /// for a server alone on its database): removed only while the row is still that node's.
    public func submitCheckpointRemoval(code: String, nodeId: String?) {
        enqueue(.checkpointRemoval(code: code, nodeId: nodeId))
    }

    /// Queues a player session; the player repository uses this when a direct write fails.
    func submit(_ session: PlayerSession) {
        enqueue(.session(session))
    }

    private func enqueue(_ write: PendingWrite) {
        let stopped = queue.withLock { $0.append(write) }
        if stopped {
            logger.error("archive writer already stopped: \(write.label) will not be saved")
        }
        wakeup.yield()
    }

    /// The writer's counters right now.
    public var statistics: ArchiveWriterStatistics {
        queue.withLock { $0.statistics }
    }

    /// Waits until everything submitted before this call is saved. Returns true then, or false
    /// if the writer stopped first with some of it unsaved. Needs `run()` to be running.
    @discardableResult
    public func flush() async -> Bool {
        await withCheckedContinuation { continuation in
            if let result = queue.withLock({ $0.addFlushWaiter(continuation) }) {
                continuation.resume(returning: result)
            }
        }
    }

    // MARK: - Running

    /// Writes until graceful shutdown, then writes whatever is still queued and returns.
    /// Run it once, in a `ServiceGroup` that starts it before and stops it after the rooms.
    public func run() async {
        await withGracefulShutdownHandler {
            for await _ in wakeups {
                await writeQueued()
            }
            logger.info("archive writer draining \(statistics.queued) queued saves")
            queue.withLock { $0.makeParkedDue() }
            await writeQueued()
            stop()
        } onGracefulShutdown: {
            let deadline = ContinuousClock.now.advanced(by: self.configuration.shutdownRetryLimit)
            self.queue.withLock { $0.shutdownDeadline = deadline }
            self.wakeup.finish()
        }
    }

    /// Writes batches until the queue is empty. On an outage, retries with backoff until the
    /// database is back or, once shutting down, until the shutdown deadline.
    private func writeQueued() async {
        var delay = configuration.initialRetryDelay
        while let batch = queue.withLock({ $0.takeBatch(maxSize: configuration.maxBatchSize) }) {
            let outcome = await commit(batch)
            for waiter in queue.withLock({ $0.batchFinished() }) {
                waiter.resume(returning: true)
            }
            switch outcome {
            case .done:
                delay = configuration.initialRetryDelay
            case .retryLater:
                if let deadline = queue.withLock({ $0.shutdownDeadline }), ContinuousClock.now.advanced(by: delay) > deadline {
                    return
                }
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return
                }
                delay = min(delay * 2, configuration.maxRetryDelay)
            case .cancelled:
                return
            }
        }
    }

    private enum CommitOutcome {
        /// Committed, or set aside (parked): go on with the next batch.
        case done
        /// The database is unavailable; the batch is back at the front of the queue.
        case retryLater
        case cancelled
    }

    private func commit(_ batch: [WriteQueue.Entry]) async -> CommitOutcome {
        var prepared: [(entry: WriteQueue.Entry, write: PreparedWrite)] = []
        prepared.reserveCapacity(batch.count)
        for entry in batch {
            do {
                prepared.append((entry, try entry.write.prepared()))
            } catch {
                park([entry], because: error)
            }
        }
        guard !prepared.isEmpty else { return .done }
        do {
            try await writeTransaction(prepared.map(\.write))
            saved(prepared.map(\.entry))
            return .done
        } catch {
            return await recover(from: error, batch: prepared)
        }
    }

    private func recover(from failure: any Error, batch: [(entry: WriteQueue.Entry, write: PreparedWrite)]) async -> CommitOutcome {
        if failure is CancellationError {
            queue.withLock { $0.putBack(batch.map(\.entry)) }
            return .cancelled
        }
        let queued = queue.withLock { $0.recordFailedAttempt() }
        logger.error(
            "archive write failed; will retry",
            metadata: ["error": "\(failure)", "batch": "\(batch.count)", "queued": "\(queued)"])
        if backend.isOutage(failure) {
            queue.withLock { $0.putBack(batch.map(\.entry)) }
            return .retryLater
        }
        guard batch.count > 1 else {
            park([batch[0].entry], because: failure)
            return .done
        }
        // A save the database refuses for good must not hold back the others: write each alone.
        for (index, item) in batch.enumerated() {
            do {
                try await writeTransaction([item.write])
                saved([item.entry])
            } catch is CancellationError {
                queue.withLock { $0.putBack(batch[index...].map(\.entry)) }
                return .cancelled
            } catch let outage where backend.isOutage(outage) {
                queue.withLock { state in
                    _ = state.recordFailedAttempt()
                    state.putBack(batch[index...].map(\.entry))
                }
                return .retryLater
            } catch {
                queue.withLock { _ = $0.recordFailedAttempt() }
                park([item.entry], because: error)
            }
        }
        return .done
    }

    private func writeTransaction(_ writes: [PreparedWrite]) async throws {
        try await backend.write(writes)
    }

    private func saved(_ entries: [WriteQueue.Entry]) {
        var batch = CommittedBatch()
        for entry in entries {
            switch entry.write {
            case .drawing(let drawing): batch.drawingIds.append(drawing.id)
            case .game(let game): batch.gameIds.append(game.id)
            case .session: batch.sessions += 1
            case .reaction: batch.reactions += 1
            case .checkpoint, .checkpointRemoval: batch.checkpoints += 1
            }
        }
        queue.withLock { $0.markSaved(batch, count: entries.count) }
        onCommit?(batch)
    }

    private func park(_ entries: [WriteQueue.Entry], because error: any Error) {
        queue.withLock { $0.park(entries, retryAfter: configuration.parkedRetryInterval) }
        for entry in entries {
            logger.error("archive refused \(entry.write.label); kept aside and retried later", metadata: ["error": "\(error)"])
        }
    }

    /// Marks the writer stopped, reports anything it could not save, and releases flush waiters.
    private func stop() {
        let (unsaved, waiters) = queue.withLock { $0.stop() }
        if !unsaved.isEmpty {
            logger.critical(
                "archive writer stopped with \(unsaved.count) unsaved saves",
                metadata: ["unsaved": "\(unsaved.map(\.write.label).joined(separator: ", "))"])
        } else {
            logger.info("archive writer stopped; everything saved")
        }
        for (waiter, result) in waiters {
            waiter.resume(returning: result)
        }
    }
}
