/// What a room asks its owner (the room actor) to do after an event, in order.
public enum RoomEffect: Sendable, Equatable {
    /// Send one message to these players. The actor encodes it once for all of them.
    case send(to: [PlayerID], ServerMessage)
    /// Close this player's connection with a close code (after the sends before it).
    case close(PlayerID, CloseCode)
    /// The player no longer holds a seat here (left, kicked, or its grace ran out).
    case seatReleased(PlayerID)
    /// A finished turn's drawing, to be stored under `drawing.id`.
    case saveDrawing(FinishedDrawing)
    /// A finished game, to be stored under `game.id`.
    case saveGame(FinishedGame)
    /// A reaction given after its drawing was handed over (`saveDrawing`), to be stored after it.
    case saveReaction(DrawingReaction)
    /// One chat message went out with blocked words masked (a room with `settings.filter`).
    case chatMasked(by: PlayerID, words: Int)
    /// The room has had no seated player for the empty-room grace period: remove it.
    case roomExpired
    /// A house bot took this seat: the room actor plays it from now on. Comes before the seat's
    /// own effects (its `roomState`), so that the bot hears them.
    case houseBotSeated(PlayerID, name: String)
}

public struct GuessRecord: Sendable, Equatable, Codable {
    public var playerId: PlayerID
    public var gained: Int
    /// Milliseconds since the drawing phase began.
    public var atMilliseconds: Int64

    public init(playerId: PlayerID, gained: Int, atMilliseconds: Int64) {
        self.playerId = playerId
        self.gained = gained
        self.atMilliseconds = atMilliseconds
    }
}

/// Which game a stored drawing comes from: a party turn, or an entry of a telephone chain.
public enum DrawingKind: String, Sendable, Codable, Equatable {
    case party
    case telephone
}

/// A drawing as it leaves the room for storage: the whole stroke record in arrival order.
public struct FinishedDrawing: Sendable, Equatable {
    public var id: String
    /// A telephone drawing's `word` is the prompt its drawer was given; it has no guessers.
    public var kind: DrawingKind
    public var gameId: String
    public var roomCode: String
    public var word: String
    public var drawerId: PlayerID
    public var drawerName: String
    public var guessers: [GuessRecord]
    public var drawerGained: Int
    public var startedAt: Int64
    public var endedAt: Int64
    public var actions: [DrawingAction]
    /// Reactions members gave while it was drawn (the latest per member); those given after it
    /// was handed over follow as `RoomEffect.saveReaction`.
    public var reactions: [DrawingReaction]

    public init(
        id: String, gameId: String, roomCode: String, word: String, drawerId: PlayerID, drawerName: String,
        guessers: [GuessRecord], drawerGained: Int, startedAt: Int64, endedAt: Int64, actions: [DrawingAction],
        reactions: [DrawingReaction] = [], kind: DrawingKind = .party
    ) {
        self.id = id
        self.kind = kind
        self.gameId = gameId
        self.roomCode = roomCode
        self.word = word
        self.drawerId = drawerId
        self.drawerName = drawerName
        self.guessers = guessers
        self.drawerGained = drawerGained
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.actions = actions
        self.reactions = reactions
    }
}

/// A game as it leaves the room for storage.
public struct FinishedGame: Sendable, Equatable {
    public var id: String
    public var roomCode: String
    public var mode: RoomMode
    public var settings: RoomSettings
    public var reason: GameEndReason
    public var startedAt: Int64
    public var endedAt: Int64
    public var ranking: [RankLine]
    public var drawingIds: [String]
    /// A telephone game's chains, chain by chain, each entry in order; empty for a party game.
    public var chains: [[ChainEntry]]

    public init(
        id: String, roomCode: String, mode: RoomMode, settings: RoomSettings, reason: GameEndReason, startedAt: Int64,
        endedAt: Int64, ranking: [RankLine], drawingIds: [String], chains: [[ChainEntry]] = []
    ) {
        self.chains = chains
        self.id = id
        self.roomCode = roomCode
        self.mode = mode
        self.settings = settings
        self.reason = reason
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.ranking = ranking
        self.drawingIds = drawingIds
    }
}
