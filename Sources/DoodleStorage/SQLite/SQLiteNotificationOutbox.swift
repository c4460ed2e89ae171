import DoodleCore
import Foundation
import GRDB

/// `NotificationOutbox` on SQLite; `enqueue(_:at:in:)` writes into the caller's transaction.
public struct SQLiteNotificationOutbox: NotificationOutbox {
    private let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// Queues `notification` in the caller's transaction; an event already queued is not
    /// queued again.
    static func enqueue(_ notification: PushNotification, at now: Int64, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO notification (key, recipient_id, body, created_at, next_attempt_at)
                VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING
                """,
            arguments: [notification.key, notification.recipientId, try notification.body(), now, now])
    }

    /// Each recipient's oldest event, if it is due by `now`; oldest first, at most `limit`.
    public func due(now: Int64, limit: Int) async throws -> [QueuedNotification] {
        try await database.connection.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT notification.* FROM notification
                    JOIN (SELECT min(id) AS id FROM notification GROUP BY recipient_id) AS oldest USING (id)
                    WHERE next_attempt_at <= ? ORDER BY id LIMIT ?
                    """,
                arguments: [now, limit]
            ).map { row in
                QueuedNotification(id: row["id"], key: row["key"], recipientId: row["recipient_id"], body: row["body"], attempts: row["attempts"])
            }
        }
    }

    /// When the next event is due, if any is queued.
    public func nextAttemptAt() async throws -> Int64? {
        try await database.connection.read { db in
            try Int64.fetchOne(db, sql: "SELECT min(next_attempt_at) FROM notification")
        }
    }

    /// The push service took it: it is gone from the outbox.
    public func delivered(_ id: Int64) async throws {
        try await database.connection.write { db in
            try db.execute(sql: "DELETE FROM notification WHERE id = ?", arguments: [id])
        }
    }

    /// An attempt failed: try again at `nextAttemptAt`.
    public func failed(_ id: Int64, attempts: Int, nextAttemptAt: Int64, error: String) async throws {
        try await database.connection.write { db in
            try db.execute(
                sql: "UPDATE notification SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?",
                arguments: [attempts, nextAttemptAt, String(error.prefix(500)), id])
        }
    }

    /// How many events wait.
    public func depth() async throws -> Int {
        try await database.connection.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notification") ?? 0 }
    }
}
