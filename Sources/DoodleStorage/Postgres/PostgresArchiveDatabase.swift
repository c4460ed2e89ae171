import Logging
import PostgresNIO
import ServiceLifecycle

/// A PostgreSQL database behind a postgres-nio connection pool: the server's storage when
/// `--database` is a `postgres://` URL.
///
/// The pool is a `Service`: `run()` must be running (in the application's service group, started
/// before anything that reads or writes and stopped after it) for any query to get a
/// connection. Then `migrate()` brings the schema up to date, as `ArchiveDatabase.open` does for
/// SQLite.
public struct PostgresArchiveDatabase: Service, Sendable, CustomStringConvertible {
    public let location: PostgresLocation
    let client: PostgresClient
    let logger: Logger

    /// - Parameter maximumConnections: the pool's size; every node of a cluster has its own.
    public init(location: PostgresLocation, maximumConnections: Int = 20, logger: Logger) {
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

    /// Applies the migrations this database lacks, each in its own transaction. Several nodes
    /// may start at once: an advisory lock lets one migrator in at a time, and each finds
    /// what the others applied.
    ///
    /// - Throws: `ArchiveDatabaseError.newerSchema` if a newer server migrated the database
    ///   further; `PostgresFailure` if the server cannot be reached or refuses a statement.
    public func migrate() async throws {
        try await checkConnection()
        try await PostgresMigrations.migrate(client, location: location, logger: logger)
    }

    /// Opens one connection outside the pool and closes it again. The pool retries a server it
    /// cannot use for ever, so a wrong host, password or database name would leave start-up
    /// hanging; this connection fails with the reason instead.
    public func checkConnection() async throws {
        do {
            let connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: 0, logger: logger)
            try await connection.close()
        } catch {
            throw PostgresFailure(error, while: "connecting to \(location)")
        }
    }

    /// The identifiers of the migrations applied to this database, oldest first.
    public func appliedMigrations() async throws -> [String] {
        do {
            return try await client.withConnection { connection in
                try await PostgresMigrations.applied(on: connection, logger: logger)
            }
        } catch {
            throw PostgresFailure(error, while: "reading the migrations of \(location)")
        }
    }
}
