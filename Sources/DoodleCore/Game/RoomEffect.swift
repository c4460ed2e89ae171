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
    /// The room has had no seated player for the empty-room grace period: remove it.
    case roomExpired
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

/// A drawing as it leaves the room for storage: the whole stroke record in arrival order.
public struct FinishedDrawing: Sendable, Equatable {
    public var id: String
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
}

public struct GamePlayerRecord: Sendable, Equatable {
    public var playerId: PlayerID
    public var name: String
    public var score: Int
    public var rank: Int
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
    public var ranking: [GamePlayerRecord]
    public var drawingIds: [String]
}
