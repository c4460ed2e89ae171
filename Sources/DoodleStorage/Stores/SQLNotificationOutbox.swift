import DoodleCore

/// `NotificationOutbox` on either database; on PostgreSQL shared by every node of a cluster,
/// where `due` claims what it returns: the rows are locked with `FOR UPDATE SKIP LOCKED` (a node
/// never waits for, nor takes, rows another node is claiming) and their `next_attempt_at` moves
/// `claimMilliseconds` ahead, so no other node sends them meanwhile. `delivered` or `failed`
/// settles a claim; a node that dies with claimed rows leaves them due again once the claim
/// runs out.
struct SQLNotificationOutbox: NotificationOutbox {
    let database: any SQLDatabase
    /// How long a claim keeps other senders off a row: longer than one attempt (10 s) takes.
    static let claimMilliseconds: Int64 = 60_000

    /// Queues `notification` in the caller's transaction; an event already queued is not
    /// queued again.
    static func enqueue(_ notification: PushNotification, at now: Int64, in session: SQLSession) throws {
        let body = try notification.body()
        try session.execute(
            """
            INSERT INTO notification (key, recipient_id, body, created_at, next_attempt_at)
            VALUES (\(notification.key), \(notification.recipientId), \(body), \(now), \(now)) ON CONFLICT (key) DO NOTHING
            """)
    }

    func due(now: Int64, limit: Int) async throws -> [QueuedNotification] {
        let limit = max(limit, 0)
        let claimedUntil = now + Self.claimMilliseconds
        return try await database.write { session in
            // Each recipient's oldest row only, so a recipient's events go out in order.
            let due: SQLQuery = """
                SELECT notification.id FROM notification
                JOIN (SELECT min(id) AS id FROM notification GROUP BY recipient_id) AS oldest ON oldest.id = notification.id
                WHERE notification.next_attempt_at <= \(now)
                ORDER BY notification.id LIMIT \(limit)
                """
            let rows: [SQLRow]
            switch session.dialect {
            case .postgres:
                rows = try session.rows(
                    """
                    WITH claimed AS (\(due) \(.forUpdateSkippingLocked(of: "notification")))
                    UPDATE notification SET next_attempt_at = \(claimedUntil) FROM claimed WHERE notification.id = claimed.id
                    RETURNING \(sql: Self.columns)
                    """)
            case .sqlite:
                // One node, one sender: nothing to keep off the rows, and a claim would only hold
                // them back for a minute after a crash.
                rows = try session.rows("SELECT \(sql: Self.columns) FROM notification WHERE notification.id IN (\(due))")
            }
            return try rows.map { row in
                QueuedNotification(
                    id: try row("id"), key: try row("key"), recipientId: try row("recipient_id"), body: try row("body"),
                    attempts: try row("attempts"))
            }.sorted { $0.id < $1.id }
        }
    }

    private static let columns =
        "notification.id, notification.key, notification.recipient_id, notification.body, notification.attempts"

    func nextAttemptAt() async throws -> Int64? {
        try await database.read { session in
            try session.value("SELECT min(next_attempt_at) FROM notification", as: Int64.self)
        }
    }

    func delivered(_ id: Int64) async throws {
        try await database.writeStatement { session in
            try session.execute("DELETE FROM notification WHERE id = \(id)")
        }
    }

    func failed(_ id: Int64, attempts: Int, nextAttemptAt: Int64, error: String) async throws {
        let message = String(error.prefix(500))
        try await database.writeStatement { session in
            try session.execute(
                "UPDATE notification SET attempts = \(attempts), next_attempt_at = \(nextAttemptAt), last_error = \(message) WHERE id = \(id)")
        }
    }

    func depth() async throws -> Int {
        try await database.read { session in
            try session.value("SELECT count(*) FROM notification", as: Int.self) ?? 0
        }
    }
}
