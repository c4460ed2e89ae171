/// Counters of an `ArchiveWriter`, for metrics, logs and tests.
public struct ArchiveWriterStatistics: Sendable, Equatable {
    /// Saves handed to the writer since it was created.
    public var submitted = 0
    public var savedDrawings = 0
    public var savedGames = 0
    public var savedSessions = 0
    /// Reactions written (a reaction to a drawing deleted meanwhile counts too: it is done with).
    public var savedReactions = 0
    /// Write transactions that committed.
    public var committedBatches = 0
    /// Write transactions that failed (each is retried; none is dropped).
    public var failedAttempts = 0
    /// Saves submitted but not yet committed: waiting, being written, or parked.
    public var queued = 0
    /// Saves the database refused on their own for a reason other than being unavailable
    /// (a bug, not an outage). They are kept, logged, and retried from time to time.
    public var parked = 0
    /// Room checkpoints written.
    public var savedCheckpoints = 0
    /// Checkpoints replaced by a newer one of the same room before they were written.
    public var replacedCheckpoints = 0

    public init() {}

    public var saved: Int { savedDrawings + savedGames + savedSessions + savedReactions + savedCheckpoints }
}

/// What one committed write transaction stored.
public struct CommittedBatch: Sendable, Equatable {
    public var drawingIds: [String] = []
    public var gameIds: [String] = []
    public var sessions = 0
    public var reactions = 0
    /// Checkpoints and removals of checkpoints.
    public var checkpoints = 0
}
