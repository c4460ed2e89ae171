import DoodleStorage
import Foundation
import Logging
import PostgresNIO

/// Fresh PostgreSQL databases for tests, on the server `DOODLE_TEST_POSTGRES` names (the README's
/// test command, `bash .ci/setup swift test`, starts a throwaway cluster and sets it). Each test
/// gets a database of its own, created empty under a unique name and dropped afterwards, so
/// tests run in parallel without seeing each other's rows.
///
/// Without the variable every PostgreSQL test fails, saying how to run it: a suite that skips
/// when its database is missing would pass without testing anything.
public enum PostgresTestDatabase {
    public static let environmentVariable = "DOODLE_TEST_POSTGRES"

    /// The server and credentials the tests use; its user may create databases.
    public static func server() throws -> PostgresLocation {
        guard let url = ProcessInfo.processInfo.environment[environmentVariable], !url.isEmpty else {
            throw PostgresTestDatabaseError.notConfigured
        }
        return try PostgresLocation(url: url)
    }

    /// Runs `body` with a new, empty database on the test server, then drops it (also when
    /// `body` throws).
    @discardableResult
    public static func withFreshDatabase<T>(_ body: (PostgresLocation) async throws -> T) async throws -> T {
        let server = try server()
        let name = "doodle_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try await administer(server, "CREATE DATABASE \"\(name)\"")
        let result: Result<T, any Error>
        do {
            result = .success(try await body(server.database(name)))
        } catch {
            result = .failure(error)
        }
        // FORCE: a pool a failed test left open must not keep the database alive.
        try await drop(name, on: server)
        return try result.get()
    }

    /// A new database, migrated, its pool running for the length of `body`.
    @discardableResult
    public static func withMigratedDatabase<T>(
        logger: Logger = Logger(label: "doodle-postgres-tests") { _ in SwiftLogNoOpLogHandler() },
        _ body: (PostgreSQLDatabase) async throws -> T
    ) async throws -> T {
        try await withFreshDatabase { location in
            try await withRunning(try await PostgreSQLDatabase.open(location: location, maximumConnections: 8, logger: logger), body)
        }
    }

    /// Runs `database`'s connection pool while `body` runs, and stops it after.
    @discardableResult
    public static func withRunning<T>(_ database: PostgreSQLDatabase, _ body: (PostgreSQLDatabase) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await database.run() }
            let result: Result<T, any Error>
            do {
                result = .success(try await body(database))
            } catch {
                result = .failure(error)
            }
            group.cancelAll()
            try await group.waitForAll()
            return try result.get()
        }
    }

    /// Drops the database `name`. FORCE cannot end a superuser's backend: an autovacuum worker
    /// busy in the database (after a test that wrote a lot) refuses it with SQLSTATE 42501, and
    /// is gone a moment later, so that refusal is tried again a few times.
    private static func drop(_ name: String, on server: PostgresLocation) async throws {
        for attempt in 1... {
            do {
                return try await administer(server, "DROP DATABASE IF EXISTS \"\(name)\" WITH (FORCE)")
            } catch let failure as PostgresFailure where failure.sqlState == "42501" && attempt < 20 {
                try await Task.sleep(for: .milliseconds(250))
            }
        }
    }

    /// One statement on the server's own database, on a connection of its own (CREATE and DROP
    /// DATABASE cannot run inside a transaction, nor from within the database they name).
    private static func administer(_ server: PostgresLocation, _ statement: String) async throws {
        try await PostgresLoneConnection.with(server) { connection in
            do {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: connection.logger)
            } catch {
                throw PostgresFailure(error, while: "running '\(statement)' on \(server)")
            }
        }
    }
}

public enum PostgresTestDatabaseError: Error, CustomStringConvertible {
    case notConfigured

    public var description: String {
        switch self {
        case .notConfigured:
            """
            \(PostgresTestDatabase.environmentVariable) is not set, so the PostgreSQL tests have no server. Run the tests with \
            the README's command, `bash .ci/setup swift test`, which starts a throwaway PostgreSQL cluster for them, or set \
            \(PostgresTestDatabase.environmentVariable)=postgres://user:password@host:port/database (a user that may create databases)
            """
        }
    }
}
