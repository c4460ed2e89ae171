import DoodleCore
import DoodleStorage
import Foundation
import GRDB
import Histogram
import Logging
import PostgresNIO
import ServiceLifecycle

/// One run: a fresh database filled with a synthetic history, then `queries` period leaderboards
/// read through the back end's own `ArchiveReader`, each timed.
struct LeaderboardBench: Sendable {
    enum Target: Sendable {
        case sqlite(path: String)
        /// An empty PostgreSQL database.
        case postgres(PostgresLocation)
    }

    struct Outcome: Sendable {
        /// Seconds to write the games, their rankings and the players' totals.
        var historySeconds: Double
        /// Seconds the migration's fill of `leaderboard_period` (rows, then the ranking index) took.
        var fillSeconds: Double
        var periodRows: Int
        /// Microseconds per read of a period's top `limit`, by kind of period.
        var latencies: [LeaderboardPeriod: Histogram<UInt64>]
        /// The most entries a read returned, by kind (a read of an empty period would be cheap).
        var fullestRead: [LeaderboardPeriod: Int]
    }

    let target: Target
    let history: SyntheticHistory
    let queries: Int
    let limit: Int
    let logger: Logger

    func run() async throws -> Outcome {
        switch target {
        case .sqlite(let path):
            let database = try SQLiteDatabase.open(path: path)
            let queue = try DatabaseQueue(path: path)
            let historySeconds = try await Self.timed {
                for statement in history.statements(series: SyntheticHistory.sqliteSeries) {
                    try await queue.write { db in try db.execute(sql: statement) }
                }
            }
            let fillSeconds = try await Self.timed {
                for statement in LeaderboardPeriodFill.sqlite { try await queue.write { db in try db.execute(sql: statement) } }
            }
            let rows = try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM leaderboard_period") ?? 0 }
            try queue.close()
            var outcome = try await read(Storage(sqlite: database).archiveReader)
            (outcome.historySeconds, outcome.fillSeconds, outcome.periodRows) = (historySeconds, fillSeconds, rows)
            return outcome
        case .postgres(let location):
            let database = try await PostgreSQLDatabase.open(location: location, logger: logger)
            let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 1, logger: logger)
            let counted: (Double, Double, Int)
            do {
                let historySeconds = try await Self.timed {
                    for statement in history.statements(series: SyntheticHistory.postgresSeries) {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                }
                let fillSeconds = try await Self.timed {
                    for statement in LeaderboardPeriodFill.postgres {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    // Fresh statistics, as autovacuum would have them on a database this size.
                    try await connection.query("ANALYZE", logger: logger)
                }
                var rows = 0
                for try await count in try await connection.query("SELECT COUNT(*)::BIGINT FROM leaderboard_period", logger: logger).decode(Int.self) {
                    rows = count
                }
                counted = (historySeconds, fillSeconds, rows)
                try await connection.close()
            } catch {
                try? await connection.close()
                throw error
            }
            let storage = Storage(postgres: database)
            let group = ServiceGroup(services: storage.services, logger: logger)
            return try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                let outcome: Result<Outcome, any Error>
                do {
                    outcome = .success(try await read(storage.archiveReader))
                } catch {
                    outcome = .failure(error)
                }
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                var result = try outcome.get()
                (result.historySeconds, result.fillSeconds, result.periodRows) = counted
                return result
            }
        }
    }

    /// Reads `queries` leaderboards, each of a day, week or month of 2026 picked at random (the
    /// same sequence every run), after a warm-up of 50 reads that are not counted.
    private func read(_ reader: any ArchiveReader) async throws -> Outcome {
        var random = SeededRandom(seed: 11)
        var latencies: [LeaderboardPeriod: Histogram<UInt64>] = [:]
        var fullest: [LeaderboardPeriod: Int] = [:]
        let clock = ContinuousClock()
        for index in -50..<queries {
            let period = LeaderboardPeriod.bounded[Int(random.next() % 3)]
            let instant = SyntheticHistory.yearStart + Int64(random.next() % UInt64(SyntheticHistory.yearMillis))
            guard let start = period.interval(containing: instant)?.from else { continue }
            let began = clock.now
            let entries = try await reader.leaderboard(period: period, startsAt: start, limit: limit)
            let elapsed = began.duration(to: clock.now).components
            guard index >= 0 else { continue }
            let microseconds = UInt64(max(1, elapsed.seconds * 1_000_000 + elapsed.attoseconds / 1_000_000_000_000))
            _ = latencies[period, default: Histogram(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)]
                .record(microseconds)
            fullest[period] = max(fullest[period] ?? 0, entries.count)
        }
        return Outcome(historySeconds: 0, fillSeconds: 0, periodRows: 0, latencies: latencies, fullestRead: fullest)
    }

    private static func timed(_ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let elapsed = start.duration(to: clock.now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }
}
