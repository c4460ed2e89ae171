/// A database the stores run on: lends sessions for reads and for transactions, and tells an
/// outage from a refusal. Two drivers conform, `SQLiteDatabase` (GRDB) and `PostgreSQLDatabase`
/// (postgres-nio); everything else about a database is theirs (pools, migrations, retries).
protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }

    /// Runs `body`'s reads. On PostgreSQL each statement sees what was committed when it
    /// started, outside any transaction; use `readSnapshot` when several must agree. (On SQLite
    /// both are one read transaction.)
    func read<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T

    /// Runs `body`'s reads on one snapshot of the database, as of the first of them.
    func readSnapshot<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T

    /// Runs `body` in one transaction, committed before this returns, rolled back if it throws.
    func write<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T

    /// Runs `body`, which writes with one statement: on PostgreSQL outside a transaction (one
    /// statement is atomic by itself, and `BEGIN` and `COMMIT` would be two more round trips), on
    /// SQLite on the writer, as `write`.
    func writeStatement<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T

    /// `write`, run once more if it lost a race to a concurrent transaction on a unique key, a
    /// deadlock or a serialisation failure: the second run sees what the winner committed and
    /// answers from that ("already paired", "code spent") instead of failing. Only PostgreSQL
    /// runs transactions side by side; on SQLite this is `write`.
    func writeRetryingConflicts<T: Sendable>(_ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T

    /// `write`, given up after `seconds` (waiting for a connection included) with an error that
    /// `isOutage` recognises: for the archive writer, which must not wait for ever on a server
    /// that does not answer.
    func write<T: Sendable>(timeLimit seconds: Int, _ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T

    /// `error` told in words for a log, saying what was being done; `isOutage` still sees
    /// through it.
    func explained(_ error: any Error, while doing: String) -> any Error

    /// Whether `error` means the database cannot take work right now (busy, unreachable, full),
    /// as opposed to refusing this particular statement or data.
    func isOutage(_ error: any Error) -> Bool
}
