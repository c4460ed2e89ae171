import Logging
import PostgresNIO

/// One connection lent to the cluster's code (room directory, node channels), which is written
/// against postgres-nio directly and awaits each statement. The stores use `SQLSession`.
struct PostgresSession {
    let connection: PostgresConnection
    let logger: Logger

    /// Runs a statement whose rows, if any, are not wanted.
    func execute(_ query: PostgresQuery) async throws {
        _ = try await send(query)
    }

    /// Every row of the result, each read by column name.
    func rows(_ query: PostgresQuery) async throws -> [PostgresRecord] {
        try await send(query).map { PostgresRecord($0.makeRandomAccess()) }
    }

    /// The first row of the result, if there is one.
    func row(_ query: PostgresQuery) async throws -> PostgresRecord? {
        try await rows(query).first
    }

    /// The first column of the first row, if there is one.
    func value<T: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: T.Type = T.self) async throws -> T? {
        try await send(query).first?.decode(T.self)
    }

    /// `BEGIN`, `body`, `COMMIT`, rolled back if `body` throws (as `PostgresStatementRunner.transaction`).
    nonisolated(nonsending) func transaction<T: Sendable>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await execute("BEGIN")
        let result: T
        do {
            result = try await body(self)
        } catch {
            if !PostgresErrorKind.connectionFailed(error) {
                try? await execute("ROLLBACK")
            }
            throw error
        }
        try await execute("COMMIT")
        return result
    }

    private func send(_ query: PostgresQuery) async throws -> PostgresQueryResult {
        try await connection.queryWhileOpen(query, logger: logger).get()
    }
}

/// A cluster result row whose columns are read by name, as `SQLRow`'s.
struct PostgresRecord {
    private let row: PostgresRandomAccessRow

    init(_ row: PostgresRandomAccessRow) {
        self.row = row
    }

    func callAsFunction<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        // The row's own subscript stops the process for a column it lacks.
        guard row.contains(column) else { throw SQLRowError.noColumn(column) }
        return try row[column].decode(T.self)
    }
}
