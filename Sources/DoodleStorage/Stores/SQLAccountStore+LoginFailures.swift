extension SQLAccountStore {
    func recordLoginFailure(email: String, at now: Int64, window: Int64) async throws {
        try await database.write { session in
            // Every address's old failures go, not just this one's: an address tried once and
            // never again would otherwise stay for good.
            try session.execute("DELETE FROM login_failure WHERE failed_at <= \(now - window)")
            try session.execute("INSERT INTO login_failure (email, failed_at) VALUES (\(email), \(now))")
        }
    }

    func loginFailures(email: String, now: Int64, window: Int64) async throws -> LoginFailures {
        try await database.read { session in
            // An aggregate without GROUP BY answers one row, also when nothing matches.
            guard let row = try session.row(Self.loginFailures(of: email, since: now - window)) else {
                return LoginFailures(count: 0, oldestAt: nil)
            }
            return LoginFailures(count: try row("count", as: Int.self), oldestAt: try row("oldest_at", as: Int64?.self))
        }
    }

    func clearLoginFailures(email: String) async throws {
        try await database.writeStatement { session in
            try session.execute("DELETE FROM login_failure WHERE email = \(email)")
        }
    }

    static func loginFailures(of email: String, since: Int64) -> SQLQuery {
        "SELECT COUNT(*) AS count, MIN(failed_at) AS oldest_at FROM login_failure WHERE email = \(email) AND failed_at > \(since)"
    }
}
