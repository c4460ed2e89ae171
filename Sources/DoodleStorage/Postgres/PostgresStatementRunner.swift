import Foundation
import Logging
import PostgresNIO

/// The statements of an `SQLSession` on one lent PostgreSQL connection, each waited for on the
/// calling thread, which must be one that may block (the database's own threads, never an event
/// loop: NIO stops a wait there). Every statement goes through `queryWhileOpen`: see there why.
struct PostgresStatementRunner: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    func execute(_ query: SQLQuery) throws -> Int {
        try run(query).metadata.rows ?? 0
    }

    func rows(_ query: SQLQuery) throws -> [SQLRow] {
        try run(query).map { SQLRow(postgres: $0.makeRandomAccess()) }
    }

    private func run(_ query: SQLQuery) throws -> PostgresQueryResult {
        try connection.queryWhileOpen(try Self.postgresQuery(query), logger: logger).wait()
    }

    /// `begin`, `body`, `COMMIT` on this connection.
    func transaction<T>(begin: SQLQuery, _ body: (SQLSession) throws -> T) throws -> T {
        _ = try execute(begin)
        let result: T
        do {
            result = try body(SQLSession(connection: .postgres(self)))
        } catch {
            // Left open, the transaction would go back to the pool and the next borrower's
            // statements would run inside it.
            if !PostgresErrorKind.connectionFailed(error) {
                _ = try? execute("ROLLBACK")
            }
            throw error
        }
        _ = try execute("COMMIT")
        return result
    }

    /// The statement with `$n` placeholders and its values bound as postgres-nio binds the
    /// same Swift values (`Int64` as `int8`, `Data` as `bytea`, `nil` untyped).
    static func postgresQuery(_ query: SQLQuery) throws -> PostgresQuery {
        let (sql, values) = query.rendered(for: .postgres)
        var bindings = PostgresBindings(capacity: values.count)
        for value in values {
            switch value {
            case .null: bindings.appendNull()
            case .integer(let value): bindings.append(value)
            case .real(let value): bindings.append(value)
            case .text(let value): bindings.append(value)
            case .blob(let value): try bindings.append(value)
            case .boolean(let value): bindings.append(value)
            }
        }
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }
}
