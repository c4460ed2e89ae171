import PostgresNIO

extension PostgreSQLDatabase {
    /// `write`, given up after `seconds` with `PostgresUnavailable`.
    ///
    /// Neither wait ends by itself when the server does not answer: the pool waits for a
    /// connection for ever (that wait does end on cancellation), and a statement in flight ignores
    /// cancellation (`PostgresConnection.query` has no cancellation handler; only the connection's
    /// state machine completes it). So when the time is up the work is cancelled and the
    /// connection it runs on is closed: `ConnectionStateMachine.close` fails whatever is in flight
    /// or queued on it, the body's wait throws, and the pool drops that connection.
    func write<T: Sendable>(timeLimit seconds: Int, _ body: @escaping @Sendable (SQLSession) throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask {
                try await client.withConnection { connection in
                    try await withTaskCancellationHandler {
                        let runner = PostgresStatementRunner(connection: connection, logger: logger)
                        return try await threads.runIfActive { try runner.transaction(begin: "BEGIN", body) }
                    } onCancel: {
                        connection.close() as Void
                    }
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw PostgresUnavailable(seconds: seconds)
            }
            defer { group.cancelAll() }
            guard let result = try await group.next() else {
                throw PostgresUnavailable(seconds: seconds)
            }
            return result
        }
    }
}
