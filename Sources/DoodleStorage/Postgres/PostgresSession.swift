import Logging
import NIOCore
import PostgresNIO

/// One connection lent for a read or a transaction, with the few ways the stores use it.
///
/// Every statement is handed to the connection on its own event loop, and only while its channel
/// is still active. postgres-nio's `PostgresConnection.query` writes the statement into the
/// channel with no write promise, and its answer is promised only by the connection's state
/// machine (`PostgresChannelHandler.write` → `ConnectionStateMachine.enqueue`), which fails it
/// once the connection closes. A channel that has closed removes that handler from its pipeline
/// a moment later (NIO's `BaseSocketChannel.close0`): a statement written after that is dropped by
/// the pipeline, and its answer is never given, not by a close nor by cancelling the task. The
/// server ending connections under the archive writer hit that gap, and the writer waited for good.
/// On the event loop, "still active" and "written to the handler" happen with nothing between.
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

    /// The statement's whole result. Throws `ChannelError.ioOnClosedChannel` (an outage) for a
    /// connection already closed, as NIO fails a write to a closed channel.
    private func send(_ query: PostgresQuery) async throws -> PostgresQueryResult {
        let connection = connection
        let logger = logger
        return try await connection.eventLoop.flatSubmit {
            guard !connection.isClosed else {
                return connection.eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel)
            }
            return connection.query(query, logger: logger)
        }.get()
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
