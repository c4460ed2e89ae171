import DoodleStorage
import Logging
import PostgresNIO

/// One connection of a test's own to a PostgreSQL database, outside any pool (so never one a
/// test ends or a pool hands out), open for the length of `body` and closed afterwards, also
/// when `body` throws.
public enum PostgresLoneConnection {
    /// - Throws: `PostgresFailure` when the database cannot be reached; what `body` throws.
    public static func with<T>(
        _ location: PostgresLocation, id: Int = 0, logger: Logger = Logger(label: "doodle-postgres-tests") { _ in SwiftLogNoOpLogHandler() },
        _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: try location.connectionConfiguration(), id: id, logger: logger)
        } catch {
            throw PostgresFailure(error, while: "connecting to \(location)")
        }
        let result: T
        do {
            result = try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        return result
    }
}
