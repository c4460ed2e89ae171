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
        // PostgreSQL only, as the directory: the public rooms every node lists and quick-plays.
        Migration(identifier: "v6-public-rooms", statements: PostgresSchema.publicRooms),
        Migration(identifier: "v7-moderation", statements: PostgresSchema.moderation),
        Migration(identifier: "v8-accounts", statements: PostgresSchema.accounts),
        Migration(identifier: "v9-leaderboard-periods", statements: PostgresSchema.leaderboardPeriods),
    ]

    /// The advisory lock every migrator takes: "doodle" in ASCII, so no other application's
    /// number is likely to collide with it.
    static let lockKey: Int64 = 0x646f_6f64_6c65

    /// Applies the migrations the database lacks, in order.
    ///
    /// - Parameter last: the identifier of the last migration to apply; nil for all of them.
    ///   Only tests stop earlier, to make a database an older server left behind.
    static func migrate(_ connection: PostgresConnection, location: PostgresLocation, logger: Logger, through last: String? = nil) async throws {
        let known = Set(all.map(\.identifier))
        // Through a session, as every store's statement: `PostgresConnection.queryWhileOpen`.
        let session = PostgresSession(connection: connection, logger: logger)
        var wanted = all
        if let last, let index = all.firstIndex(where: { $0.identifier == last }) {
            wanted = Array(all[...index])
        }
        for migration in wanted {
            do {
                // A transaction-scoped lock: released by COMMIT or ROLLBACK, so a migrator that
                // fails or loses its connection never leaves the others waiting.
                try await PostgresArchiveDatabase.transaction(on: session) { session in
                    try await session.execute("SELECT pg_advisory_xact_lock(\(lockKey))")
                    try await session.execute(
                        """
                        CREATE TABLE IF NOT EXISTS doodle_migrations (
                            identifier TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                            applied_at BIGINT NOT NULL
                        )
                        """)
                    let applied = try await applied(on: session)
                    if applied.contains(where: { !known.contains($0) }) {
                        throw StorageSchemaError.newerSchema(database: location.description)
                    }
                    guard !applied.contains(migration.identifier) else { return }
                    for statement in migration.statements {
                        try await session.execute(PostgresQuery(unsafeSQL: statement))
                    }
                    let now = Int64(Date().timeIntervalSince1970 * 1000)
                    try await session.execute("INSERT INTO doodle_migrations (identifier, applied_at) VALUES (\(migration.identifier), \(now))")
                    logger.info("applied migration \(migration.identifier)", metadata: ["database": "\(location)"])
                }
            } catch let error as StorageSchemaError {
                throw error
            } catch {
                throw PostgresFailure(error, while: "migrating \(location) (\(migration.identifier))")
            }
        }
    }

    /// The applied migrations, oldest first (an empty list before the first migration).
    static func applied(on session: PostgresSession) async throws -> [String] {
        guard try await session.value("SELECT to_regclass('doodle_migrations') IS NOT NULL", as: Bool.self) == true else { return [] }
        return try await session.rows("SELECT identifier FROM doodle_migrations ORDER BY applied_at, identifier").map { try $0("identifier") }
    }
}
