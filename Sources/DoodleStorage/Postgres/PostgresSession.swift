import Logging
import PostgresNIO

/// One connection lent for a read or a transaction, with the few ways the stores use it. Every
/// statement goes through `PostgresConnection.queryWhileOpen`, never `query` itself: see there why.
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

    private func send(_ query: PostgresQuery) async throws -> PostgresQueryResult {
        try await connection.queryWhileOpen(query, logger: logger)
    }
}

/// A result row whose columns are read by name, as the SQLite stores read GRDB rows: reordering a
/// `SELECT` cannot shift a value into the wrong field.
struct PostgresRecord {
    private let row: PostgresRandomAccessRow

    init(_ row: PostgresRandomAccessRow) {
        self.row = row
    }

    func callAsFunction<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        // The row's own subscript stops the process for a column it lacks.
        guard row.contains(column) else { throw PostgresRecordError.noColumn(column) }
        return try row[column].decode(T.self)
    }
}

enum PostgresRecordError: Error, CustomStringConvertible {
    case noColumn(String)

    var description: String {
        switch self {
        case .noColumn(let column): "a query's result has no column '\(column)'"
        }
    }
}
