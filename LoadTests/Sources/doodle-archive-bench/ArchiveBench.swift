import DoodleCore
import DoodleStorage
import Logging
import ServiceLifecycle

/// One benchmark run: a fresh database file, the archive writer running as a service, drawings
/// submitted at an offered rate (or all at once), and every save's latency recorded.
struct ArchiveBench: Sendable {
    enum Load: Sendable {
        /// `rate` drawings per second, spread evenly over `seconds`.
        case sustained(rate: Int, seconds: Int)
        /// `count` drawings submitted at once: the writer's top speed.
        case burst(count: Int)
    }

    struct Outcome: Sendable {
        var submitted: Int
        var latencies: SaveLatencies.Summary
        var statistics: ArchiveWriterStatistics
        /// The deepest the writer's queue was seen while drawings were being offered.
        var maxQueued: Int
        /// Whether everything submitted was saved before `drainLimit`.
        var drained: Bool
    }

    let load: Load
    let path: String
    let batchSize: Int
    let drawings: BenchDrawings
    let logger: Logger
    /// How long to wait, after the last submit, for the queue to empty.
    var drainLimit: Duration = .seconds(120)

    func run() async throws -> Outcome {
        let database = try SQLiteDatabase.open(path: path)
        let latencies = SaveLatencies()
        var configuration = ArchiveWriter.Configuration()
        configuration.maxBatchSize = batchSize
        let writer = ArchiveWriter(storage: Storage(sqlite: database), configuration: configuration, logger: logger) { batch in
            latencies.committed(batch)
        }
        let group = ServiceGroup(services: [writer], logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let offered: Result<(submitted: Int, maxQueued: Int, drained: Bool), any Error>
            do {
                let (submitted, maxQueued) = try await offer(to: writer, latencies: latencies)
                offered = .success((submitted, maxQueued, try await waitUntilDrained(writer)))
            } catch {
                offered = .failure(error)
            }
            // Graceful shutdown also writes whatever is left, so every onCommit has run after this.
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            let result = try offered.get()
            return Outcome(
                submitted: result.submitted, latencies: latencies.summary, statistics: writer.statistics,
                maxQueued: result.maxQueued, drained: result.drained)
        }
    }

    /// Submits the load; returns how many drawings were submitted and the deepest queue seen.
    private func offer(to writer: ArchiveWriter, latencies: SaveLatencies) async throws -> (Int, Int) {
        var next = 0
        func submitNext() {
            let drawing = drawings.drawing(next, endedAt: 1_700_000_000_000 + Int64(next))
            latencies.submitting(drawing.id)
            writer.submit(drawing)
            next += 1
        }
        switch load {
        case .burst(let count):
            for _ in 0..<count { submitNext() }
            return (next, writer.statistics.queued)
        case .sustained(let rate, let seconds):
            let clock = ContinuousClock()
            let start = clock.now
            let total = rate * seconds
            var maxQueued = 0
            // Every millisecond or so, submit what is due by now: the count reaches `total` once
            // `seconds` have passed, which ends the loop.
            while next < total {
                let due = min(total, Int(start.duration(to: clock.now) / .seconds(1) * Double(rate)))
                while next < due { submitNext() }
                maxQueued = max(maxQueued, writer.statistics.queued)
                if next < total { try await Task.sleep(for: .milliseconds(1)) }
            }
            return (next, maxQueued)
        }
    }

    /// Polls until the writer's queue is empty (true) or `drainLimit` passes (false).
    private func waitUntilDrained(_ writer: ArchiveWriter) async throws -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: drainLimit)
        while clock.now < deadline {
            if writer.statistics.queued == 0 { return true }
            try await Task.sleep(for: .milliseconds(2))
        }
        logger.error("the writer still had \(writer.statistics.queued) drawings queued after \(drainLimit)")
        return false
    }
}
