import PostgresNIO

/// A PostgreSQL failure told in words. postgres-nio's `PSQLError` prints a fixed placeholder
/// (so it never leaks a query to an end user); a server log or a start-up message needs the
/// SQLSTATE and the server's message instead.
public struct PostgresFailure: Error, CustomStringConvertible {
    public let description: String
    /// The server's SQLSTATE, when the server answered with an error.
    public let sqlState: String?
    /// The error told, for telling an outage from a refusal.
    public let underlying: any Error

    public init(_ error: any Error, while doing: String) {
        underlying = error
        guard let error = error as? PSQLError else {
            self.sqlState = nil
            self.description = "\(doing): \(error)"
            return
        }
        sqlState = error.serverInfo?[.sqlState]
        if let message = error.serverInfo?[.message] {
            let detail = error.serverInfo?[.detail].map { " (\($0))" } ?? ""
            description = "\(doing): \(message)\(detail) [SQLSTATE \(sqlState ?? "?")]"
        } else if let underlying = error.underlying {
            description = "\(doing): \(error.code) (\(underlying))"
        } else {
            description = "\(doing): \(error.code)"
        }
    }
}
