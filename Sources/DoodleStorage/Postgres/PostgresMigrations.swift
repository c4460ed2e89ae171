import Foundation
import Logging
import PostgresNIO

/// The PostgreSQL twin of `ArchiveMigrations`: the same migrations under the same identifiers,
/// in PostgreSQL's dialect (`PostgresSchema`), recorded in `doodle_migrations`. Migrations are
/// only ever appended; a database that has one this server does not know was migrated by a newer
/// server and is refused.
enum PostgresMigrations {
    struct Migration {
        let identifier: String
        let statements: [String]
    }

    static let all = [
        Migration(identifier: "v1-players-drawings-games", statements: PostgresSchema.playersDrawingsGames),
        Migration(identifier: "v2-pairs", statements: PostgresSchema.pairs),
        Migration(identifier: "v3-notification-outbox", statements: PostgresSchema.notificationOutbox),
        // PostgreSQL only: SQLite serves a single node, which needs no directory.
        Migration(identifier: "v4-room-directory", statements: PostgresSchema.roomDirectory),
        // PostgreSQL only, as the directory: what carries long messages between nodes.
        Migration(identifier: "v5-node-messages", statements: PostgresSchema.nodeMessages),
    ]

    /// The advisory lock every migrator takes: "doodle" in ASCII, so no other application's
    /// number is likely to collide with it.
    static let lockKey: Int64 = 0x646f_6f64_6c65

    static func migrate(_ connection: PostgresConnection, location: PostgresLocation, logger: Logger) async throws {
        let known = Set(all.map(\.identifier))
        for migration in all {
            do {
                // A transaction-scoped lock: released by COMMIT or ROLLBACK, so a migrator that
                // fails or loses its connection never leaves the others waiting.
                try await connection.withTransaction(logger: logger) { connection in
                    try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
                    try await connection.query(
                        """
                        CREATE TABLE IF NOT EXISTS doodle_migrations (
                            identifier TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                            applied_at BIGINT NOT NULL
                        )
                        """, logger: logger)
                    let applied = try await applied(on: connection, logger: logger)
                    if applied.contains(where: { !known.contains($0) }) {
                        throw StorageSchemaError.newerSchema(database: location.description)
                    }
                    guard !applied.contains(migration.identifier) else { return }
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    let now = Int64(Date().timeIntervalSince1970 * 1000)
                    try await connection.query(
                        "INSERT INTO doodle_migrations (identifier, applied_at) VALUES (\(migration.identifier), \(now))", logger: logger)
                    logger.info("applied migration \(migration.identifier)", metadata: ["database": "\(location)"])
                }
            } catch {
                let cause = (error as? PostgresTransactionError)?.cause ?? error
                if cause is StorageSchemaError { throw cause }
                throw PostgresFailure(cause, while: "migrating \(location) (\(migration.identifier))")
            }
        }
    }

    /// The applied migrations, oldest first (an empty list before the first migration).
    static func applied(on connection: PostgresConnection, logger: Logger) async throws -> [String] {
        let exists = try await connection.query("SELECT to_regclass('doodle_migrations') IS NOT NULL", logger: logger)
        for try await tableExists in exists.decode(Bool.self) where !tableExists {
            return []
        }
        var identifiers: [String] = []
        let rows = try await connection.query("SELECT identifier FROM doodle_migrations ORDER BY applied_at, identifier", logger: logger)
        for try await identifier in rows.decode(String.self) {
            identifiers.append(identifier)
        }
        return identifiers
    }
}
