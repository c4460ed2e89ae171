import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Foundation
import GRDB
import Logging
import Testing

/// The back ends a `doodle-server` child can store in. The tests that kill a child with SIGKILL
/// run on each and read what it left through that back end's own stores.
enum ChildBackEnd: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        }
    }
}

/// A scratch database for child servers, made before they start and gone after the test: a file
/// in a fresh folder, or a fresh database on the PostgreSQL test server (`DOODLE_TEST_POSTGRES`).
struct ChildDatabase: Sendable {
    let backEnd: ChildBackEnd
    /// What `--database` takes: the file's path, or the database's `postgres://` URL.
    let location: String

    /// Runs `body` with a new, empty database of `backEnd`, and removes it afterwards, whatever
    /// happens. Children started on it must be killed inside `body`.
    static func with<T>(_ backEnd: ChildBackEnd, _ body: (ChildDatabase) async throws -> T) async throws -> T {
        switch backEnd {
        case .sqlite:
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-child-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: scratch) }
            return try await body(ChildDatabase(backEnd: .sqlite, location: scratch.appendingPathComponent("doodle.sqlite").path))
        case .postgres:
            return try await PostgresTestDatabase.withFreshDatabase { database in
                try await body(ChildDatabase(backEnd: .postgres, location: database.url))
            }
        }
    }

    /// The arguments of a `doodle-server` on this database: the shipped rules, log level info,
    /// then `extra`.
    func serverArguments(extra: [String] = []) -> [String] {
        ["--database", location, "--rules", TestServer.repositoryRoot + "/GameRules", "--log-level", "info"] + extra
    }

    /// Opens the database as the servers left it and runs `body` with its stores (on
    /// PostgreSQL with a small connection pool of its own, running until `body` returns).
    func withStorage<T>(_ body: (Storage) async throws -> T) async throws -> T {
        switch backEnd {
        case .sqlite:
            return try await body(Storage(sqlite: try SQLiteDatabase.open(path: location)))
        case .postgres:
            let database = try await PostgreSQLDatabase.open(location: try PostgresLocation(url: location), maximumConnections: 2, logger: TestServer.logger)
            return try await PostgresTestDatabase.withRunning(database) { database in try await body(Storage(postgres: database)) }
        }
    }

    /// What is wrong with the database as a killed server left it; empty when nothing is. On
    /// SQLite, what `PRAGMA integrity_check` finds in the file and its WAL; on PostgreSQL, whose
    /// files the kill does not touch, the rules `PostgresArchiveAudit` checks in the tables.
    func damage() async throws -> [String] {
        switch backEnd {
        case .sqlite:
            let database = try DatabaseQueue(path: location)
            let findings = try await database.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            return findings == ["ok"] ? [] : findings
        case .postgres:
            return try await PostgresArchiveAudit.problems(in: try PostgresLocation(url: location))
        }
    }
}

extension ChildServer {
    /// Runs `body` with a `doodle-server` child on a scratch database of `backEnd` (the shipped
    /// rules, log level info). The child is killed and the database removed afterwards, whatever
    /// happens; `body` gets the database to read it once the child is gone.
    static func withScratchDatabase<T>(_ backEnd: ChildBackEnd, _ body: (ChildServer, ChildDatabase) async throws -> T) async throws -> T {
        try await ChildDatabase.with(backEnd) { database in
            let server = try await start(arguments: database.serverArguments())
            defer { server.sendSIGKILL() }
            return try await body(server, database)
        }
    }
}
