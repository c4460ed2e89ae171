import DoodleCore
import PostgresNIO

/// `NotificationOutbox` on PostgreSQL, shared by every node of a cluster. `due` claims what it
/// returns: the rows are locked with `FOR UPDATE SKIP LOCKED` (a node never waits for, nor
/// takes, rows another node is claiming) and their `next_attempt_at` moves `claimMilliseconds`
/// ahead, so no other node sends them meanwhile. `delivered` or `failed` settles a claim; a
/// node that dies with claimed rows leaves them due again once the claim runs out.
public struct PostgresNotificationOutbox: NotificationOutbox {
    private let database: PostgresArchiveDatabase
    /// How long a claim keeps other nodes off a row: longer than one attempt (10 s) takes.
    public static let claimMilliseconds: Int64 = 60_000

    public init(database: PostgresArchiveDatabase) {
        self.database = database
    }

    /// Queues `notification` in the caller's transaction; an event already queued is not
    /// queued again.
    static func enqueue(_ notification: PushNotification, at now: Int64, in session: PostgresSession) async throws {
        let body = try notification.body()
        try await session.execute(
            """
            INSERT INTO notification (key, recipient_id, body, created_at, next_attempt_at)
            VALUES (\(notification.key), \(notification.recipientId), \(body), \(now), \(now)) ON CONFLICT (key) DO NOTHING
            """)
    }

    public func due(now: Int64, limit: Int) async throws -> [QueuedNotification] {
        let limit = max(limit, 0)
        let claimedUntil = now + Self.claimMilliseconds
        return try await database.transaction { session in
            // Each recipient's oldest row only, so a recipient's events go out in order.
            try await session.rows(
                """
                WITH oldest AS (
                    SELECT DISTINCT ON (recipient_id) id FROM notification ORDER BY recipient_id, id
                ), claimed AS (
                    SELECT notification.id FROM notification JOIN oldest USING (id)
                    WHERE notification.next_attempt_at <= \(now)
                    ORDER BY notification.id LIMIT \(limit)
                    FOR UPDATE OF notification SKIP LOCKED
                )
                UPDATE notification SET next_attempt_at = \(claimedUntil) FROM claimed WHERE notification.id = claimed.id
                RETURNING notification.id, notification.key, notification.recipient_id, notification.body, notification.attempts
                """
            ).map { row in
                QueuedNotification(
                    id: try row("id"), key: try row("key"), recipientId: try row("recipient_id"), body: try row("body"),
                    attempts: try row("attempts"))
            }.sorted { $0.id < $1.id }
        }
    }

    public func nextAttemptAt() async throws -> Int64? {
        try await database.read { session in
            try await session.value("SELECT min(next_attempt_at) FROM notification", as: Int64?.self) ?? nil
        }
    }

    public func delivered(_ id: Int64) async throws {
        try await database.read { session in
            try await session.execute("DELETE FROM notification WHERE id = \(id)")
        }
    }

    public func failed(_ id: Int64, attempts: Int, nextAttemptAt: Int64, error: String) async throws {
        let message = String(error.prefix(500))
        try await database.read { session in
            try await session.execute(
                "UPDATE notification SET attempts = \(attempts), next_attempt_at = \(nextAttemptAt), last_error = \(message) WHERE id = \(id)")
        }
    }

    public func depth() async throws -> Int {
        try await database.read { session in
            try await session.value("SELECT count(*) FROM notification", as: Int.self) ?? 0
        }
    }
}
