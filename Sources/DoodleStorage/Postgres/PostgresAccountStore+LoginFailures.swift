import PostgresNIO

extension PostgresAccountStore {
    public func recordLoginFailure(email: String, at now: Int64, window: Int64) async throws {
        try await database.transaction { session in
            // Every address's old failures go, as in `SQLiteAccountStore`.
            try await session.execute("DELETE FROM login_failure WHERE failed_at <= \(now - window)")
            try await session.execute("INSERT INTO login_failure (email, failed_at) VALUES (\(email), \(now))")
        }
    }

    public func loginFailures(email: String, now: Int64, window: Int64) async throws -> LoginFailures {
        try await database.read { session in
            let row = try await session.row(
                "SELECT COUNT(*) AS count, MIN(failed_at) AS oldest_at FROM login_failure WHERE email = \(email) AND failed_at > \(now - window)")
            guard let row else { return LoginFailures(count: 0, oldestAt: nil) }
            return LoginFailures(count: try row("count", as: Int.self), oldestAt: try row("oldest_at", as: Int64?.self))
        }
    }

    public func clearLoginFailures(email: String) async throws {
        try await database.read { session in
            try await session.execute("DELETE FROM login_failure WHERE email = \(email)")
        }
    }
}
