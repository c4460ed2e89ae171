import DoodleStorage
import DrawingTestSupport
import Foundation
import GRDB
import Testing

import DoodleCore
@testable import DoodleStorage

@Suite("Archive writer: batching, retries, shutdown")
struct ArchiveWriterTests {
    static func count(_ table: String, in database: SQLiteDatabase) async throws -> Int {
        try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 }
    }

    /// Polls until `condition` holds (at most ~10 s), for states the writer reaches on its own.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<1000 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test("10,000 queued drawings are all saved, in batches", arguments: Backend.allCases)
    func tenThousandQueued(backend: Backend) async throws {
        let actions = RealisticDrawing.actions(strokes: 5, pointsPerStroke: 20, seed: 2)
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let statistics = try await StorageFixtures.withRunningWriter(storage) { writer in
                for index in 0..<10_000 {
                    writer.submit(
                        StorageFixtures.drawing(
                            id: "d_\(index)", guessers: [GuessRecord(playerId: "p_bob", gained: 10, atMilliseconds: 1)], actions: actions))
                }
                #expect(writer.statistics.submitted == 10_000)
                #expect(await writer.flush())
                return writer.statistics
            }
            #expect(statistics.savedDrawings == 10_000)
            #expect(statistics.queued == 0 && statistics.failedAttempts == 0 && statistics.parked == 0)
            #expect(statistics.committedBatches >= 10_000 / ArchiveWriter.Configuration().maxBatchSize)
            #expect(statistics.committedBatches < 1_000)
            #expect(try await sql.count("drawing") == 10_000)
            #expect(try await sql.count("guess") == 10_000)
            #expect(try await storage.archiveReader.drawing(id: "d_9999")?.actions == actions)
        }
    }

    @Test("graceful shutdown writes everything still queued before the writer returns", arguments: Backend.allCases)
    func shutdownDrains(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            let statistics = try await StorageFixtures.withRunningWriter(storage) { writer in
                for index in 0..<3_000 {
                    writer.submit(StorageFixtures.drawing(id: "d_\(index)"))
                }
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 10)]))
                return writer
            }.statistics
            #expect(statistics.savedDrawings == 3_000 && statistics.savedGames == 1 && statistics.queued == 0)
            #expect(try await sql.count("drawing") == 3_000)
            #expect(try await sql.count("game") == 1)
        }
    }

    @Test("while the database is locked the game goes on: the failure is counted and the batch retried")
    func retriesWhileUnavailable() async throws {
        try await StorageFixtures.withTemporaryPath { path in
            let database = try SQLiteDatabase.open(path: path, busyTimeoutSeconds: 0.02)
            let blocker = try StorageFixtures.holdExclusiveLock(on: path)

            var configuration = ArchiveWriter.Configuration()
            configuration.initialRetryDelay = .milliseconds(5)
            configuration.maxRetryDelay = .milliseconds(40)
            try await StorageFixtures.withRunningWriter(database, configuration: configuration) { writer in
                for index in 0..<50 {
                    writer.submit(StorageFixtures.drawing(id: "d_\(index)"))
                }
                try await Self.eventually { writer.statistics.failedAttempts >= 3 }
                #expect(writer.statistics.failedAttempts >= 3)
                #expect(writer.statistics.queued == 50 && writer.statistics.saved == 0)
                try blocker.inDatabase { db in try db.execute(sql: "COMMIT") }
                #expect(await writer.flush())
                #expect(writer.statistics.savedDrawings == 50 && writer.statistics.queued == 0)
            }
            #expect(try await Self.count("drawing", in: database) == 50)
        }
    }

    @Test("a save the database refuses is set aside without holding back the others, and retried", arguments: Backend.allCases)
    func refusedSaveIsParked(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            var configuration = ArchiveWriter.Configuration()
            configuration.parkedRetryInterval = .milliseconds(300)
            try await StorageFixtures.withRunningWriter(storage, configuration: configuration) { writer in
                // Without the guess table, only drawings with guessers fail (SQLITE_ERROR, not an outage).
                try await sql.execute("ALTER TABLE guess RENAME TO guess_away")
                writer.submit(StorageFixtures.drawing(id: "d_plain_1"))
                writer.submit(StorageFixtures.drawing(id: "d_guessed", guessers: [GuessRecord(playerId: "p_bob", gained: 1, atMilliseconds: 1)]))
                writer.submit(StorageFixtures.drawing(id: "d_plain_2"))
                try await Self.eventually { writer.statistics.savedDrawings == 2 && writer.statistics.parked == 1 }
                let parkedState = writer.statistics
                #expect(parkedState.savedDrawings == 2 && parkedState.parked == 1 && parkedState.queued == 1, "\(parkedState)")

                try await sql.execute("ALTER TABLE guess_away RENAME TO guess")
                // Parked saves are retried with the next batch after their interval.
                try await Task.sleep(for: .milliseconds(350))
                writer.submit(StorageFixtures.drawing(id: "d_plain_3"))
                #expect(await writer.flush())
                #expect(writer.statistics.savedDrawings == 4 && writer.statistics.parked == 0)
            }
            #expect(try await sql.count("guess") == 1)
        }
    }

    @Test("a writer that must stop during an outage reports what it could not save")
    func stopsDuringOutage() async throws {
        try await StorageFixtures.withTemporaryPath { path in
            let database = try SQLiteDatabase.open(path: path, busyTimeoutSeconds: 0.01)
            let blocker = try StorageFixtures.holdExclusiveLock(on: path)
            var configuration = ArchiveWriter.Configuration()
            configuration.initialRetryDelay = .milliseconds(5)
            configuration.shutdownRetryLimit = .milliseconds(100)
            let writer = try await StorageFixtures.withRunningWriter(database, configuration: configuration) { writer in
                writer.submit(StorageFixtures.drawing(id: "d_lost"))
                return writer
            }
            #expect(writer.statistics.queued == 1 && writer.statistics.failedAttempts >= 1)
            #expect(await writer.flush() == false)
            try blocker.inDatabase { db in try db.execute(sql: "ROLLBACK") }
        }
    }

    @Test("only unavailability counts as an outage")
    func outageClassification() throws {
        let database = try SQLiteDatabase.open(path: ":memory:")
        let isSQLiteOutage = database.isOutage
        #expect(isSQLiteOutage(DatabaseError(resultCode: .SQLITE_BUSY)))
        #expect(isSQLiteOutage(DatabaseError(resultCode: .SQLITE_FULL)))
        #expect(isSQLiteOutage(DatabaseError(resultCode: .SQLITE_IOERR)))
        #expect(!isSQLiteOutage(DatabaseError(resultCode: .SQLITE_CONSTRAINT)))
        #expect(!isSQLiteOutage(DatabaseError(resultCode: .SQLITE_ERROR)))
        #expect(!isSQLiteOutage(CancellationError()))
    }
}
