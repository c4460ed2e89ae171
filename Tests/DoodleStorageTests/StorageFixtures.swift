import DoodleStorage
import DoodleStorageTestSupport
import DrawingTestSupport
import Foundation
import GRDB
import Logging
import PostgresNIO
import ServiceLifecycle
import Testing

import DoodleCore
@testable import DoodleStorage

/// Shared test helpers: temporary database files, a running writer, and generated drawings.
enum StorageFixtures {
    /// Silent unless DOODLE_TEST_LOG_LEVEL names a level (as for the server tests).
    static let logger: Logger = {
        guard let level = ProcessInfo.processInfo.environment["DOODLE_TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) else {
            return Logger(label: "doodle-storage-tests") { _ in SwiftLogNoOpLogHandler() }
        }
        var logger = Logger(label: "doodle-storage-tests") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = level
        return logger
    }()
    static let start: Int64 = 1_700_000_000_000

    /// A fresh path in the temporary directory; `body` runs with it, and the database file with
    /// its WAL and shared-memory files is removed afterwards.
    /// Another connection that holds `BEGIN EXCLUSIVE` on the file until it runs `COMMIT`: the
    /// database is unavailable to everyone else meanwhile.
    static func holdExclusiveLock(on path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let blocker = try DatabaseQueue(path: path, configuration: configuration)
        try blocker.inDatabase { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        return blocker
    }

    static func withTemporaryPath<T>(_ body: (String) async throws -> T) async throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
        return try await body(path)
    }

    /// A migrated database in a temporary file.
    static func withDatabase<T>(_ body: (SQLiteDatabase) async throws -> T) async throws -> T {
        try await withTemporaryPath { path in
            try await body(try SQLiteDatabase.open(path: path))
        }
    }

    /// A migrated, empty database of `backend` for the length of `body`: a temporary SQLite file,
    /// or a fresh database on the PostgreSQL test server (its pool running meanwhile). `sql` runs
    /// raw statements on it, for what no store offers (counting rows, breaking the schema).
    static func withStorage<T>(_ backend: Backend, _ body: (Storage, TestSQL) async throws -> T) async throws -> T {
        switch backend {
        case .sqlite:
            return try await withDatabase { database in
                try await body(Storage(sqlite: database), TestSQL(sqlite: database))
            }
        case .postgres:
            return try await PostgresTestDatabase.withMigratedDatabase(logger: logger) { database in
                try await body(Storage(postgres: database), TestSQL(postgres: database))
            }
        }
    }

    /// Runs an archive writer in a service group for the duration of `body`, then shuts the
    /// group down gracefully (which drains the writer) and waits for it.
    static func withRunningWriter<T: Sendable>(
        _ database: SQLiteDatabase, configuration: ArchiveWriter.Configuration = ArchiveWriter.Configuration(),
        _ body: (ArchiveWriter) async throws -> T
    ) async throws -> T {
        try await withRunningWriter(Storage(sqlite: database), configuration: configuration, body)
    }

    static func withRunningWriter<T: Sendable>(
        _ storage: Storage, configuration: ArchiveWriter.Configuration = ArchiveWriter.Configuration(),
        _ body: (ArchiveWriter) async throws -> T
    ) async throws -> T {
        let writer = ArchiveWriter(storage: storage, configuration: configuration, logger: logger)
        let group = ServiceGroup(services: [writer], logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                let result = try await body(writer)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return result
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
        }
    }

    /// A player record as a new player's first `hello` would save it: with its first device,
    /// whose token hash is `tokenHash(id)`.
    static func hello(_ players: PlayerRepository, _ id: PlayerID, name: String, at time: Int64 = start) async {
        await players.saveSession(playerId: id, name: name, tokenHash: tokenHash(id), at: time, newDeviceLabel: firstDeviceLabel)
    }

    static let firstDeviceLabel = "Test phone"

    static func tokenHash(_ id: PlayerID) -> String { "hash-of-" + id }

    // MARK: - Drawings and games

    static func drawing(
        id: String, gameId: String = "g_1", drawer: PlayerID = "p_ada", drawerName: String = "Ada", word: String = "apple",
        guessers: [GuessRecord] = [], endedAt: Int64 = start + 60_000, actions: [DrawingAction]? = nil
    ) -> FinishedDrawing {
        FinishedDrawing(
            id: id, gameId: gameId, roomCode: "K7PQ2M", word: word, drawerId: drawer, drawerName: drawerName, guessers: guessers,
            drawerGained: guessers.isEmpty ? 0 : 50, startedAt: endedAt - 60_000, endedAt: endedAt,
            actions: actions ?? RealisticDrawing.actions(strokes: 3, pointsPerStroke: 10, seed: 1))
    }

    static func game(id: String, ranking: [(PlayerID, String, Int)], endedAt: Int64 = start + 600_000, drawingIds: [String] = []) -> FinishedGame {
        let ranked = Ranking.rank(ranking) { $0.2 }
        return FinishedGame(
            id: id, roomCode: "K7PQ2M", mode: .party, settings: settings, reason: .completed, startedAt: endedAt - 600_000,
            endedAt: endedAt,
            ranking: ranked.map { RankLine(playerId: $0.entry.0, name: $0.entry.1, score: $0.entry.2, rank: $0.rank) },
            drawingIds: drawingIds)
    }

    static let settings = RoomSettings(
        maxPlayers: 8, rounds: 3, drawSeconds: 80, chooseSeconds: 15, revealSeconds: 5, wordChoices: 3, hints: 2,
        wordPack: "en", customWords: ["secret"], customWordsOnly: false, lateJoin: true)

    /// The real GameRules/rules.json, for feeding a real DrawingBoard or state machine.
    static let rules: GameRules = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let path = url.appendingPathComponent("GameRules/rules.json").path
        do {
            return try RulesLoader.decodeRules(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
        } catch {
            preconditionFailure("cannot load \(path): \(error)")
        }
    }()

    static var limits: LimitRules { rules.limits }
}

/// The back ends every behaviour test runs on.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// Raw SQL on the database under a test's `Storage`.
struct TestSQL: Sendable {
    private let run: @Sendable (String) async throws -> Void
    private let countRows: @Sendable (String) async throws -> Int

    init(sqlite database: SQLiteDatabase) {
        run = { statement in try await database.pool.write { db in try db.execute(sql: statement) } }
        countRows = { table in try await database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0 } }
    }

    init(postgres database: PostgreSQLDatabase) {
        run = { statement in _ = try await database.writeStatement { session in try session.execute(SQLQuery(sql: statement)) } }
        countRows = { table in
            try await database.read { session in try session.value(SQLQuery(sql: "SELECT COUNT(*) FROM \(table)"), as: Int.self) ?? 0 }
        }
    }

    func execute(_ statement: String) async throws {
        try await run(statement)
    }

    func count(_ table: String) async throws -> Int {
        try await countRows(table)
    }
}
