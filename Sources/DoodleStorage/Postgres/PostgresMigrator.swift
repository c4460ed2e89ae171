import Foundation
import Logging

/// Applies `Migration.all`'s PostgreSQL steps to a database, recording each in
/// `doodle_migrations`, one transaction per migration, on a connection opened for it at start.
/// A database that has a migration this server does not know was migrated by a newer server and
/// is refused.
struct PostgresMigrator {
    let runner: PostgresStatementRunner
    let location: PostgresLocation
    let logger: Logger

    /// The advisory lock every migrator takes: "doodle" in ASCII, so no other application's
    /// number is likely to collide with it.
    static let lockKey: Int64 = 0x646f_6f64_6c65

    /// Applies the migrations the database lacks, in order, through `last` (nil for all).
    func migrate(through last: String? = nil) throws {
        let known = Set(Migration.all.map(\.identifier))
        var wanted = Migration.all
        if let last, let index = wanted.firstIndex(where: { $0.identifier == last }) {
            wanted = Array(wanted[...index])
        }
        for migration in wanted {
            do {
                // A transaction-scoped lock: released by COMMIT or ROLLBACK, so a migrator that
                // fails or loses its connection never leaves the others waiting.
                try runner.transaction(begin: "BEGIN") { session in
                    try session.execute("SELECT pg_advisory_xact_lock(\(Self.lockKey))")
                    try session.execute(
                        """
                        CREATE TABLE IF NOT EXISTS doodle_migrations (
                            identifier TEXT COLLATE "C" NOT NULL PRIMARY KEY,
                            applied_at BIGINT NOT NULL
                        )
                        """)
                    let applied = try Self.applied(on: session)
                    if applied.contains(where: { !known.contains($0) }) {
                        throw StorageSchemaError.newerSchema(database: location.description)
                    }
                    guard !applied.contains(migration.identifier) else { return }
                    for step in migration.postgres {
                        switch step {
                        case .sql(let sql): try session.execute(SQLQuery(sql: sql))
                        case .code(let run): try run(session)
                        }
                    }
                    let now = Int64(Date().timeIntervalSince1970 * 1000)
                    try session.execute("INSERT INTO doodle_migrations (identifier, applied_at) VALUES (\(migration.identifier), \(now))")
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
    static func applied(on session: SQLSession) throws -> [String] {
        guard try session.value("SELECT to_regclass('doodle_migrations') IS NOT NULL", as: Bool.self) == true else { return [] }
        return try session.rows("SELECT identifier FROM doodle_migrations ORDER BY applied_at, identifier").map { try $0("identifier") }
    }
}
