import GRDB

/// The notification outbox (docs/storage.md, "Notifications"): events a player should hear of
/// while away, written in the transaction of what caused them and deleted once a push service
/// has taken them.
enum SQLiteNotificationSchema {
    static func create(_ db: Database) throws {
        try db.execute(
            sql: """
                -- One event to POST to the push service; a new id is above every id still queued, so ids
                -- give the order events happened in. body is the exact JSON sent (so every
                -- retry carries the same bytes and signature); key is its Idempotency-Key, derived
                -- from the event, so the same event is never queued twice.
                CREATE TABLE notification (
                    id INTEGER PRIMARY KEY,
                    key TEXT NOT NULL UNIQUE,
                    recipient_id TEXT NOT NULL,
                    body TEXT NOT NULL,
                    created_at INTEGER NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at INTEGER NOT NULL,
                    last_error TEXT
                );
                -- Per recipient in order: only a recipient's oldest event is ever being sent.
                CREATE INDEX notification_recipient ON notification (recipient_id, id);
                """)
    }
}
