import GRDB

/// One connection lent for a read or a transaction, on either database: what a store's code is
/// written against. Its statements run in turn and are waited for; a session is used only
/// inside the body it was lent to.
///
/// The body is synchronous code on both databases. On SQLite it runs on GRDB's connection queue
/// (so one write transaction holds the single writer for as little time as it needs, and never
/// across a suspension); on PostgreSQL it runs on a thread of the driver's own pool, one per
/// connection lent, waiting for each statement's answer (`PostgresStatementRunner`).
struct SQLSession {
    enum Connection {
        case sqlite(GRDB.Database)
        case postgres(PostgresStatementRunner)
    }

    let connection: Connection

    var dialect: SQLDialect {
        switch connection {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    /// Runs a statement whose rows, if any, are not wanted, and returns how many rows it
    /// inserted, updated or deleted.
    @discardableResult
    func execute(_ query: SQLQuery) throws -> Int {
        switch connection {
        case .sqlite(let db): try SQLiteStatements.execute(query, in: db)
        case .postgres(let runner): try runner.execute(query)
        }
    }

    /// Every row of the result.
    func rows(_ query: SQLQuery) throws -> [SQLRow] {
        switch connection {
        case .sqlite(let db): try SQLiteStatements.rows(query, in: db)
        case .postgres(let runner): try runner.rows(query)
        }
    }

    /// The first row of the result, if there is one.
    func row(_ query: SQLQuery) throws -> SQLRow? {
        try rows(query).first
    }

    /// Holds a lock on `key` (of the kind `lockClass` names) until the transaction ends, so that
    /// transactions about the same key take turns: PostgreSQL's advisory lock (the key hashed: a
    /// collision only makes two keys take turns). Nothing on SQLite, whose one writer already
    /// makes every write transaction take its turn.
    func lockUntilCommit(_ lockClass: Int32, key: String) throws {
        guard dialect == .postgres else { return }
        // The class as text: a bound Int64 would ask for pg_advisory_xact_lock(bigint, integer), which does not exist.
        try execute("SELECT pg_advisory_xact_lock(\(sql: String(lockClass)), hashtext(\(key)))")
    }

    /// The first column of the first row, if there is one (`nil` also for a `NULL` there).
    func value<T: SQLColumnDecodable>(_ query: SQLQuery, as type: T.Type = T.self) throws -> T? {
        try row(query)?.first(as: T.self)
    }
}
