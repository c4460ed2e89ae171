/// One version of the schema, for both databases side by side under one identifier: SQLite's
/// steps next to PostgreSQL's. Migrations are only ever appended: a newer server applies the
/// ones a database lacks; an older server refuses a database with one it does not know.
/// `docs/storage.md` explains every table.
///
/// The two dialects make the same tables, columns, keys, constraints and indexes under the same
/// names. What differs:
/// - PostgreSQL's integers are `BIGINT` (times are milliseconds since 1970; SQLite's INTEGER is
///   64-bit too), stroke records `BYTEA`, and rowid keys identity columns.
/// - Every PostgreSQL text column is `COLLATE "C"`: strings compare byte by byte as in SQLite,
///   so ids order the same and keyset pages (`(ended_at, id) < (?, ?)`) are identical on both,
///   whatever the cluster's locale; one collation everywhere keeps joins unambiguous.
/// - SQLite's steps are scripts (several statements in one); postgres-nio runs one statement
///   per step.
/// - v4 to v6 are PostgreSQL's alone: the cluster's tables, which a single node does not need.
///
/// Each driver records what it applied its own way, as it always has: SQLite in GRDB's
/// `grdb_migrations` (`SQLiteDatabase.migrator`), PostgreSQL in `doodle_migrations`
/// (`PostgresMigrator`).
struct Migration: Sendable {
    let identifier: String
    /// nil for a migration PostgreSQL alone needs.
    let sqlite: [MigrationStep]?
    let postgres: [MigrationStep]

    static let all: [Migration] = [
        .v1PlayersDrawingsGames, .v2Pairs, .v3NotificationOutbox, .v4RoomDirectory, .v5NodeMessages, .v6PublicRooms,
        .v7Moderation, .v8Accounts, .v9LeaderboardPeriods, .v10RoomCheckpoints, .v11Avatars, .v12GamesThatCount,
        .v13AddressBans, .v14Telephone,
    ]
}

/// One step of a migration: SQL text, or (where the data must be moved by code) a body that
/// runs on the migration's session, inside its transaction.
enum MigrationStep: Sendable, ExpressibleByStringInterpolation {
    case sql(String)
    case code(@Sendable (SQLSession) throws -> Void)

    init(stringLiteral sql: String) {
        self = .sql(sql)
    }

    init(stringInterpolation: DefaultStringInterpolation) {
        self = .sql(String(stringInterpolation: stringInterpolation))
    }
}
