import HTTPTypes
import Logging

/// Runs the routes' storage calls: a database failure becomes a logged 500 with code
/// `internal`, so no route leaks a database error to its client.
struct StorageCalls: Sendable {
    let logger: Logger

    func callAsFunction<Value: Sendable>(_ operation: () async throws -> Value) async throws -> Value {
        do {
            return try await operation()
        } catch {
            logger.error("archive query failed", metadata: ["error": "\(error)"])
            throw APIError(status: .internalServerError, code: "internal", message: "the archive could not answer; try again later")
        }
    }
}
