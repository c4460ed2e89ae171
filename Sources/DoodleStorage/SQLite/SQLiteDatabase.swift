import GRDB

/// The SQLite driver: the one SQLite database of the server, opened and migrated, the embedded
/// back end the stores run on.
///
/// A file is opened as a GRDB `DatabasePool` in WAL mode (`synchronous=NORMAL`, which keeps
/// every committed transaction through a process crash such as `kill -9`), with foreign keys on
/// and a busy timeout. The path `:memory:` gives a private in-memory database (tests, demos).
public struct SQLiteDatabase: SQLDatabase {
    /// What the opened database is, for logs.
    public let description: String
    /// The connections: a pool of readers and one writer for a file, one connection in memory.
    let pool: any DatabaseWriter

    /// The oldest SQLite the stores' SQL runs on: `RETURNING` came with 3.35.
    static let oldestVersion = (major: 3, minor: 35)

    /// Opens (creating if needed) and migrates the database at `path`.
    ///
    /// - Parameter busyTimeoutSeconds: how long a statement waits for a lock held by another
    ///   connection before failing with `SQLITE_BUSY` (which the writer then retries).
    /// - Throws: GRDB's `DatabaseError` if the file cannot be opened or migrated,
    ///   `StorageSchemaError.newerSchema` if a newer server already migrated it further, and
    ///   `StorageSchemaError.oldSQLite` for a system SQLite older than 3.35.
    public static func open(path: String, busyTimeoutSeconds: Double = 5) throws -> SQLiteDatabase {
        var configuration = Configuration()
        configuration.label = "doodle"
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        if path == ":memory:" {
            let queue = try DatabaseQueue(configuration: configuration)
            return try SQLiteDatabase(pool: queue, description: "in-memory database")
        }
        // A pool sets journal_mode=WAL and synchronous=NORMAL itself; the pragmas are repeated
        // here so the choice is visible where the database is opened.
        configuration.journalMode = .wal
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        return try SQLiteDatabase(pool: pool, description: path)
    }

    private init(pool: any DatabaseWriter, description: String) throws {
        let version = try pool.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") } ?? ""
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard parts.count >= 2, (parts[0], parts[1]) >= Self.oldestVersion else {
            throw StorageSchemaError.oldSQLite(version: version)
        }
        let migrator = Self.migrator
        let superseded = try pool.read { db in try migrator.hasBeenSuperseded(db) }
        if superseded {
            throw StorageSchemaError.newerSchema(database: description)
        }
        try migrator.migrate(pool)
        self.pool = pool
        self.description = description
    }

    /// The identifiers of the migrations applied to this database, oldest first.
    public func appliedMigrations() async throws -> [String] {
        try await pool.read { db in try Self.migrator.completedMigrations(db) }
    }

    /// Every migration with SQLite steps, as GRDB migrations under the shared identifiers
    /// (recorded in GRDB's `grdb_migrations`).
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in Migration.all {
            guard let steps = migration.sqlite else { continue }
            migrator.registerMigration(migration.identifier) { db in
                for step in steps {
                    switch step {
                    case .sql(let sql): try db.execute(sql: sql)
                    case .code(let run): try run(SQLSession(connection: .sqlite(db)))
                    }
                }
            }
        }
        return migrator
    }

    // MARK: - SQLDatabase

    var dialect: SQLDialect { .sqlite }

    func read<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await pool.read { db in try body(SQLSession(connection: .sqlite(db))) }
    }

    func readSnapshot<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await pool.write { db in try body(SQLSession(connection: .sqlite(db))) }
    }

    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await write(body)
    }

    func writeRetryingConflicts<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await write(body)
    }

    /// SQLite's wait is bounded already: by the busy timeout, after which the statement fails
    /// with `SQLITE_BUSY`, an outage.
    func write<T: Sendable>(timeLimit seconds: Int, _ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await write(body)
    }

    /// GRDB's errors say what failed already, with the statement.
    func explained(_ error: any Error, while doing: String) -> any Error {
        error
    }

    func isOutage(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_READONLY, .SQLITE_NOMEM,
            .SQLITE_INTERRUPT, .SQLITE_PROTOCOL, .SQLITE_PERM, .SQLITE_ABORT, .SQLITE_NOLFS:
            return true
        default:
            return false
        }
    }
}
