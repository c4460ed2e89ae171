/// What a pair room asks its actor to do after an event, in order.
public enum PairEffect: Sendable, Equatable {
    case send(to: [PlayerID], PairMessage)
    /// Store a submitted drawing durably, then report with `stored(…)` (or `storeFailed`): the
    /// sender's draft is its only copy until then, and `drawingSent` waits for it.
    case storeDrawing(PairSubmission)
    /// Store that a drawing had one more attempt.
    case storeAttempt(drawingId: String, attempts: Int)
    /// Store how a drawing ended, with the pair's scores and streak after it.
    case storeResolution(DrawingResolution, status: PairDrawingStatus)
    /// Store a partner's open draft (nil: none any more), so it survives the partner's absence
    /// and restarts.
    case storeDraft(PlayerID, PairDraft?)
    /// The pair is over: store it ended by `by`, its pending drawings closed.
    case endPair(by: PlayerID, closedDrawingIds: [String])
}

/// A drawing on its way to storage.
public struct PairSubmission: Sendable, Equatable {
    public var drawingId: String
    public var clientDrawingId: String
    public var senderId: PlayerID
    public var recipientId: PlayerID
    public var word: String
    public var sentAt: Int64
    /// The full record, in arrival order (undone and cleared items included).
    public var actions: [DrawingAction]
    /// What is on the canvas at the end.
    public var strokes: [CanvasItem]

    public init(
        drawingId: String, clientDrawingId: String, senderId: PlayerID, recipientId: PlayerID, word: String, sentAt: Int64,
        actions: [DrawingAction], strokes: [CanvasItem]
    ) {
        self.drawingId = drawingId
        self.clientDrawingId = clientDrawingId
        self.senderId = senderId
        self.recipientId = recipientId
        self.word = word
        self.sentAt = sentAt
        self.actions = actions
        self.strokes = strokes
    }
}

public enum PairDrawingStatus: String, Sendable, Equatable, Codable {
    case pending, guessed, gaveUp, closed
}

/// What storage made of a submission: new, or the sender had already stored that
/// `clientDrawingId` (a retry, maybe from another connection or before a restart).
public enum PairStoreOutcome: Sendable, Equatable {
    case stored
    case alreadyStored(drawingId: String)
}
