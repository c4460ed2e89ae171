import DoodleCore

/// The outbox of push notifications: written inside the transaction of what caused each event
/// (by the pair repository), read and cleared by the sender. A recipient's events go out in the
/// order they happened: only its oldest one is ever due.
public protocol NotificationOutbox: Sendable {
    /// Each recipient's oldest event, if it is due by `now`; oldest first, at most `limit`.
    func due(now: Int64, limit: Int) async throws -> [QueuedNotification]

    /// When the next event is due, if any is queued.
    func nextAttemptAt() async throws -> Int64?

    /// The push service took it: it is gone from the outbox.
    func delivered(_ id: Int64) async throws

    /// An attempt failed: try again at `nextAttemptAt`.
    func failed(_ id: Int64, attempts: Int, nextAttemptAt: Int64, error: String) async throws

    /// How many events wait.
    func depth() async throws -> Int
}

/// One event waiting in the outbox.
public struct QueuedNotification: Sendable, Equatable {
    public var id: Int64
    /// The `Idempotency-Key` the push service sees on every attempt.
    public var key: String
    public var recipientId: PlayerID
    public var body: String
    public var attempts: Int

    public init(id: Int64, key: String, recipientId: PlayerID, body: String, attempts: Int) {
        self.id = id
        self.key = key
        self.recipientId = recipientId
        self.body = body
        self.attempts = attempts
    }
}
