import DoodleCore
import DoodleStorage
import Logging
import ServiceLifecycle

/// One benchmark run: a fresh database file (or an empty PostgreSQL database), the archive writer
/// running as a service, drawings submitted at an offered rate (or all at once), and every save's
/// latency recorded.
struct ArchiveBench: Sendable {
    /// Where the drawings are saved.
    enum Target: Sendable, CustomStringConvertible {
        /// A new SQLite file at this path.
        case sqlite(path: String)
        /// A PostgreSQL database that holds none of the bench's drawings yet.
        case postgres(PostgresLocation)

        var description: String {
            switch self {
            case .sqlite(let path): path
            case .postgres(let location): location.description
            }
        }
    }

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
    let target: Target
    let batchSize: Int
    let drawings: BenchDrawings
    let logger: Logger
    /// How long to wait, after the last submit, for the queue to empty.
    var drainLimit: Duration = .seconds(120)

    func run() async throws -> Outcome {
        let storage: Storage
        switch target {
        case .sqlite(let path): storage = Storage(sqlite: try SQLiteDatabase.open(path: path))
        case .postgres(let location): storage = Storage(postgres: try await PostgreSQLDatabase.open(location: location, logger: logger))
        }
        let latencies = SaveLatencies()
        var configuration = ArchiveWriter.Configuration()
        configuration.maxBatchSize = batchSize
        let writer = ArchiveWriter(storage: storage, configuration: configuration, logger: logger) { batch in
            latencies.committed(batch)
        }
        // The storage's own services (PostgreSQL's pool) start first and stop last.
        let group = ServiceGroup(services: storage.services + [writer], logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let offered: Result<(submitted: Int, maxQueued: Int, drained: Bool), any Error>
            do {
                // Saves of ids already stored are skipped (idempotent inserts): they would count as saved unwritten.
                let firstId = drawings.drawing(0, endedAt: 0).id
                if try await storage.archiveReader.drawing(id: firstId) != nil {
                    throw ArchiveBenchError.notEmpty(target.description)
                }
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

enum ArchiveBenchError: Error, CustomStringConvertible {
    case notEmpty(String)

    var description: String {
        switch self {
        case .notEmpty(let database): "\(database) already holds this bench's drawings; give it an empty database"
        }
    }
}
