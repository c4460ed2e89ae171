import Logging
import NIOPosix
import PostgresNIO
import ServiceLifecycle

/// The PostgreSQL driver: a PostgreSQL database behind a postgres-nio connection pool, the
/// server's storage when `--database` is a `postgres://` URL.
///
/// `open` connects once outside the pool and migrates; the pool itself is a `Service`: `run()`
/// must be running (the `Storage`'s services, started before anything that reads or writes and
/// stopped after it) for any query to get a connection.
///
/// A store's body is synchronous (`SQLSession`): it runs on a thread of the database's own
/// pool, one thread per connection the pool may lend, and waits for each statement's answer
/// there, never on an event loop or in Swift's cooperative pool.
public struct PostgreSQLDatabase: Service, SQLDatabase, CustomStringConvertible {
    public let location: PostgresLocation
    let client: PostgresClient
    let logger: Logger
    let threads: NIOThreadPool

    /// Connects, migrates, and returns the database with its pool ready to run.
    ///
    /// The first connection is opened outside the pool: the pool retries a server it cannot use
    /// for ever, so a wrong host, password or database name would leave start-up hanging; this
    /// connection fails with the reason instead.
    ///
    /// - Parameter maximumConnections: the pool's size; every node of a cluster has its own.
    /// - Throws: `StorageSchemaError.newerSchema` if a newer server migrated the database
    ///   further; `PostgresFailure` if the server cannot be reached or refuses a statement.
    public static func open(location: PostgresLocation, maximumConnections: Int = 20, logger: Logger) async throws -> PostgreSQLDatabase {
        try await migrate(location: location, logger: logger)
        return PostgreSQLDatabase(location: location, maximumConnections: maximumConnections, logger: logger)
    }

    /// Connects outside the pool and applies the migrations the database lacks, through `last`
    /// (nil for all of them: only tests stop earlier, to make a database an older server left).
    static func migrate(location: PostgresLocation, through last: String? = nil, logger: Logger) async throws {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 0, logger: logger)
        } catch {
            throw PostgresFailure(error, while: "connecting to \(location)")
        }
        do {
            let runner = PostgresStatementRunner(connection: connection, logger: logger)
            // Start-up's one blocking job: NIO's shared pool of threads for blocking work serves it.
            try await NIOThreadPool.singleton.runIfActive {
                try PostgresMigrator(runner: runner, location: location, logger: logger).migrate(through: last)
            }
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private init(location: PostgresLocation, maximumConnections: Int, logger: Logger) {
        var configuration = location.clientConfiguration
        configuration.options.maximumConnections = maximumConnections
        self.location = location
        self.client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
        self.threads = NIOThreadPool(numberOfThreads: max(1, maximumConnections))
    }

    /// The URL without its password.
    public var description: String { location.description }

    /// Runs the connection pool and the threads the stores' bodies run on, until graceful
    /// shutdown or cancellation.
    public func run() async {
        threads.start()
        await client.run()
        try? await threads.shutdownGracefully()
    }

    /// The identifiers of the migrations applied to this database, oldest first.
    public func appliedMigrations() async throws -> [String] {
        try await read { session in try PostgresMigrator.applied(on: session) }
    }

    // MARK: - SQLDatabase

    var dialect: SQLDialect { .postgres }

    func read<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await withRunner { runner in try body(SQLSession(connection: .postgres(runner))) }
    }

    /// REPEATABLE READ: every read inside sees the database as of the first one, as a SQLite
    /// read transaction does.
    func readSnapshot<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await withRunner { runner in try runner.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body) }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await withRunner { runner in try runner.transaction(begin: "BEGIN", body) }
    }

    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await read(body)
    }

    func writeRetryingConflicts<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        do {
            return try await write(body)
        } catch let error as PSQLError where PostgresErrorKind.lostRace(error) {
            return try await write(body)
        }
    }

    func explained(_ error: any Error, while doing: String) -> any Error {
        if error is PostgresUnavailable || error is PostgresFailure { return error }
        return PostgresFailure(error, while: doing)
    }

    func isOutage(_ error: any Error) -> Bool {
        PostgresErrorKind(error) == .outage
    }

    /// A pooled connection, handed to `body` on one of the database's threads.
    private func withRunner<T: Sendable>(_ body: @escaping @Sendable (PostgresStatementRunner) throws -> T) async throws -> T {
        try await client.withConnection { connection in
            let runner = PostgresStatementRunner(connection: connection, logger: logger)
            return try await threads.runIfActive { try body(runner) }
        }
    }

    // MARK: - The cluster's sessions

    /// Runs `body` on a pooled connection, outside any transaction, with the asynchronous session
    /// the cluster's code (room directory, node channels) is written with.
    func clusterRead<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await client.withConnection { connection in
            try await body(PostgresSession(connection: connection, logger: logger))
        }
    }

    /// `clusterRead` in one transaction, committed before it returns, rolled back if it throws.
    func clusterTransaction<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await clusterRead { session in try await session.transaction(body) }
    }
}
