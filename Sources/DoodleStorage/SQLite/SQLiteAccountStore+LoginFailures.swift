import GRDB

extension SQLiteAccountStore {
    public func recordLoginFailure(email: String, at now: Int64, window: Int64) async throws {
        try await database.connection.write { db in
            // Every address's old failures go, not just this one's: an address tried once and
            // never again would otherwise stay for good.
            try db.execute(sql: "DELETE FROM login_failure WHERE failed_at <= ?", arguments: [now - window])
            try db.execute(sql: "INSERT INTO login_failure (email, failed_at) VALUES (?, ?)", arguments: [email, now])
        }
    }

    public func loginFailures(email: String, now: Int64, window: Int64) async throws -> LoginFailures {
        try await database.connection.read { db in
            // An aggregate without GROUP BY answers one row, also when nothing matches.
            guard let row = try Row.fetchOne(db, sql: Self.loginFailuresSQL, arguments: [email, now - window]) else {
                return LoginFailures(count: 0, oldestAt: nil)
            }
            let count: Int = row["count"]
            let oldestAt: Int64? = row["oldest_at"]
            return LoginFailures(count: count, oldestAt: oldestAt)
        }
    }

    public func clearLoginFailures(email: String) async throws {
        try await database.connection.write { db in
            try db.execute(sql: "DELETE FROM login_failure WHERE email = ?", arguments: [email])
        }
    }

    static let loginFailuresSQL = "SELECT COUNT(*) AS count, MIN(failed_at) AS oldest_at FROM login_failure WHERE email = ? AND failed_at > ?"
}
