import Logging
import PostgresNIO
import ServiceLifecycle

/// A PostgreSQL database behind a postgres-nio connection pool: the server's storage when
/// `--database` is a `postgres://` URL.
///
/// `open` connects once outside the pool and migrates; the pool itself is a `Service`: `run()`
/// must be running (the `Storage`'s services, started before anything that reads or writes and
/// stopped after it) for any query to get a connection.
public struct PostgresArchiveDatabase: Service, Sendable, CustomStringConvertible {
    public let location: PostgresLocation
    let client: PostgresClient
    let logger: Logger

    /// Connects, migrates, and returns the database with its pool ready to run.
    ///
    /// The first connection is opened outside the pool: the pool retries a server it cannot use
    /// for ever, so a wrong host, password or database name would leave start-up hanging; this
    /// connection fails with the reason instead.
    ///
    /// - Parameter maximumConnections: the pool's size; every node of a cluster has its own.
    /// - Throws: `StorageSchemaError.newerSchema` if a newer server migrated the database
    ///   further; `PostgresFailure` if the server cannot be reached or refuses a statement.
    public static func open(location: PostgresLocation, maximumConnections: Int = 20, logger: Logger) async throws -> PostgresArchiveDatabase {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 0, logger: logger)
        } catch {
            throw PostgresFailure(error, while: "connecting to \(location)")
        }
        do {
            try await PostgresMigrations.migrate(connection, location: location, logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
        return PostgresArchiveDatabase(location: location, maximumConnections: maximumConnections, logger: logger)
    }

    private init(location: PostgresLocation, maximumConnections: Int, logger: Logger) {
        var configuration = location.clientConfiguration
        configuration.options.maximumConnections = maximumConnections
        self.location = location
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    /// The URL without its password.
    public var description: String { location.description }

    /// Runs the connection pool until graceful shutdown or cancellation.
    public func run() async {
        await client.run()
    }

    /// The identifiers of the migrations applied to this database, oldest first.
    public func appliedMigrations() async throws -> [String] {
        try await read { session in try await PostgresMigrations.applied(on: session) }
    }

    // MARK: - Sessions

    /// Runs `body` on a pooled connection, outside any transaction (one statement, or reads
    /// that need not agree with each other).
    func read<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await body(PostgresSession(connection: connection, logger: logger))
        }
    }

    /// Runs `body` in one transaction, committed before it returns, rolled back if it throws.
    /// With `snapshot`, every read inside sees the database as of the first one (REPEATABLE
    /// READ), as a SQLite read transaction does.
    func transaction<T: Sendable>(snapshot: Bool = false, _ body: (PostgresSession) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await Self.transaction(on: PostgresSession(connection: connection, logger: logger), snapshot: snapshot, body)
        }
    }

    /// `BEGIN`, `body`, `COMMIT` on one connection.
    nonisolated(nonsending) static func transaction<T: Sendable>(
        on session: PostgresSession, snapshot: Bool = false, _ body: (PostgresSession) async throws -> T
    ) async throws -> T {
        try await session.execute(snapshot ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN")
        let result: T
        do {
            result = try await body(session)
        } catch {
            // A server's error, or one `body` threw itself (a store's refusal such as
            // `AccountStoreError`, a row it could not read), leaves a live connection whose
            // transaction must end here: back in the pool still open, the next borrower's
            // statements would run inside it. On a connection that failed the ROLLBACK would
            // only fail too (the server rolls back a transaction whose connection is gone).
            let connectionFailed = (error as? PSQLError).map { $0.code != .server } ?? false
            if !connectionFailed {
                try? await session.execute("ROLLBACK")
            }
            throw error
        }
        try await session.execute("COMMIT")
        return result
    }

    /// `transaction`, run once more if it lost a race to a concurrent one on a unique key or
    /// by serialisation: the second run sees what the winner committed and answers from that
    /// (the contract's "already paired", "code spent"), instead of failing.
    func transactionRetryingConflicts<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        do {
            return try await transaction(body)
        } catch let error as PSQLError where PostgresErrorKind.lostRace(error) {
            return try await transaction(body)
        }
    }
}
