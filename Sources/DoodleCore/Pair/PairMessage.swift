/// A drawing sent to you and not yet guessed or given up, as `drawingReceived` and the pair
/// room's `inbox` show it: never with its word.
public struct PairInboxItem: Sendable, Equatable {
    public var drawingId: String
    public var fromId: PlayerID
    public var hint: String
    public var sentAt: Int64
    public var attempts: Int
    public var strokes: [CanvasItem]
}

/// One of your own drawings still waiting for your partner, as the pair room's `sent` shows it.
public struct PairSentItem: Sendable, Equatable, Codable {
    public var drawingId: String
    public var clientDrawingId: String
    public var word: String
    public var sentAt: Int64
    public var attempts: Int
}

/// A draft as storage keeps it: its record, replayed into a board when the pair room loads.
public struct PairDraftRecord: Sendable, Equatable {
    public var clientDrawingId: String
    public var word: String
    public var actions: [DrawingAction]

    public init(clientDrawingId: String, word: String, actions: [DrawingAction]) {
        self.clientDrawingId = clientDrawingId
        self.word = word
        self.actions = actions
    }
}

/// Your open drawing: it survives disconnects and restarts, and only you ever see it.
public struct PairDraft: Sendable, Equatable {
    public var clientDrawingId: String
    public var word: String
    public var board: DrawingBoard

    public init(clientDrawingId: String, word: String, board: DrawingBoard) {
        self.clientDrawingId = clientDrawingId
        self.word = word
        self.board = board
    }

    /// A draft rebuilt from its record. The record was accepted once; replayed under today's
    /// limits, an action that no longer fits is dropped rather than the whole draft.
    public init(replaying actions: [DrawingAction], clientDrawingId: String, word: String, limits: LimitRules) {
        var board = DrawingBoard(limits: limits)
        for action in actions { _ = board.apply(action) }
        self.init(clientDrawingId: clientDrawingId, word: word, board: board)
    }
}

/// What a pair room says to its partners. Events with a `seq` go to both (each partner's own
/// variant where they differ); the others to one.
public enum PairMessage: Sendable, Equatable {
    case playerConnection(playerId: PlayerID, connected: Bool, seq: Int)
    /// To the sender. Without `seq` when it answers a repeated submit.
    case drawingSent(clientDrawingId: String, drawingId: String, seq: Int?)
    /// To the partner; shares its `seq` with the sender's `drawingSent`.
    case drawingReceived(PairInboxItem, seq: Int)
    /// To the guesser, before anything else its guess causes.
    case guessResult(drawingId: String, correct: Bool, close: Bool, gained: Int)
    /// A wrong guess, to both, so the sender sees the attempts.
    case chat(playerId: PlayerID, text: String, drawingId: String, seq: Int)
    case drawingGuessed(DrawingResolution, seq: Int)
    /// A give-up, or the last allowed guess gone wrong.
    case drawingRevealed(DrawingResolution, seq: Int)
    /// With `seq` inside the pair room; without it to a player told from outside (the one who
    /// unpaired from elsewhere, or a partner who was away, on its next entry).
    case unpaired(by: PlayerID, seq: Int?)
    /// Words to draw, to the one who asked.
    case wordSuggestions([String])
    case error(ProtocolError)

    public var seq: Int? {
        switch self {
        case .playerConnection(_, _, let seq), .drawingReceived(_, let seq), .chat(_, _, _, let seq), .drawingGuessed(_, let seq),
            .drawingRevealed(_, let seq):
            seq
        case .drawingSent(_, _, let seq), .unpaired(_, let seq): seq
        case .guessResult, .wordSuggestions, .error: nil
        }
    }
}

/// How a drawing ended, for `drawingGuessed` and `drawingRevealed` (which has no guesser or
/// gains) and for storage.
public struct DrawingResolution: Sendable, Equatable {
    public var drawingId: String
    /// Set when the drawing was guessed.
    public var guesserId: PlayerID?
    public var word: String
    public var attempts: Int
    public var gained: Int
    public var drawerGained: Int
    public var streak: Int
    public var scores: [PlayerID: Int]

    public init(
        drawingId: String, guesserId: PlayerID?, word: String, attempts: Int, gained: Int, drawerGained: Int, streak: Int,
        scores: [PlayerID: Int]
    ) {
        self.drawingId = drawingId
        self.guesserId = guesserId
        self.word = word
        self.attempts = attempts
        self.gained = gained
        self.drawerGained = drawerGained
        self.streak = streak
        self.scores = scores
    }
}
