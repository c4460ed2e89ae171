/// What a live party room must keep in the database to outlive its server (PROTOCOL.md rev 5,
/// "Rooms outlive their server"): every field of its `RoomStateMachine` that is state rather than
/// configuration, as a Codable value. The rules, word packs and blocklist are not in it: a
/// restore takes the server's current ones and checks the room against them.
///
/// The canvas of the turn is not in it either. A room's strokes are appended to the database
/// between checkpoints (`strokeKey` names the drawing they belong to), so a checkpoint stays a
/// few kilobytes however full the canvas is; `RoomStateMachine(restoring:…)` replays them.
public struct RoomCheckpoint: Sendable, Codable, Equatable {
    /// Bumped whenever a field's meaning changes; a server refuses a checkpoint of a format it
    /// does not know (the room is dropped, never misread).
    public static let currentFormat = 1

    public var format = Self.currentFormat
    public let code: String
    public let mode: RoomMode
    /// Milliseconds since 1970 when it was taken: a restore moves every deadline by the time
    /// the room spent without a host. Kept beside the state in the database too, so that a
    /// checkpoint that changed nothing else rewrites only it and `seq`.
    public var savedAt: Int64
    public var seq: Int
    var settings: RoomSettings
    var ownerId: PlayerID?
    var startsOnItsOwn: Bool
    var locked: Bool
    var seats: [RoomStateMachine.Seat]
    var spectators: [RoomStateMachine.Spectator]
    var pendingSwitches: [RoomStateMachine.PendingSwitch]
    var banned: [PlayerID]
    var kickVotes: [PlayerID: [PlayerID]]
    var phase: Phase
    var phaseDeadline: Int64?
    var round: Int?
    var drawerQueue: [PlayerID]
    var offeredWords: [String]
    var turn: Turn?
    var game: RoomStateMachine.GameProgress?
    var emptySince: Int64?
    var mutes: [PlayerID: [PlayerID]]
    var chatHistory: ChatHistory
    var lastSavedDrawingId: String?
    /// The seats house bots hold (absent from checkpoints of earlier servers).
    var houseBots: [PlayerID]?
    /// A telephone room's game, running or just over (absent from party rooms').
    var telephone: TelephoneCheckpoint?
    /// Reactions to the drawing a telephone reveal shows.
    var revealReactions: [TurnReactions.Entry]?

    /// A turn without its canvas.
    struct Turn: Sendable, Codable, Equatable {
        var drawerId: PlayerID
        var drawerName: String
        var choices: [String]
        var word: String?
        var revealed: [Int]
        var drawingStartedAt: Int64
        var drawingId: String?
        var revealTimes: [Int64]
        var guesses: [GuessRecord]
        var settled: Bool
        var savedDrawingId: String?
        var reactions: [TurnReactions.Entry]
    }

    /// The drawing the stored strokes belong to: the open turn's drawing, if it has one. Strokes
    /// stored under another key are a finished turn's and are not replayed.
    public var strokeKey: String? { turn?.drawingId }

    /// The id of a drawing that was open, not yet handed to the archive, when this was taken.
    /// If the archive holds it all the same, the room was further along when its server died:
    /// the turn had ended (`RoomStateMachine.endTurnArchivedBeforeRestore`).
    public var openDrawingId: String? {
        guard let turn, !turn.settled, phase == .drawing else { return nil }
        return turn.drawingId
    }

    /// Whether `other` holds the same room but for `seq` and `savedAt`: what a checkpoint taken
    /// while only strokes came in looks like, whose state need not be written again. With
    /// `ignoringChat`, the players' recent chat lines (kept for reports) may differ too.
    public func hasSameState(as other: RoomCheckpoint, ignoringChat: Bool = false) -> Bool {
        var aligned = self
        aligned.seq = other.seq
        aligned.savedAt = other.savedAt
        if ignoringChat { aligned.chatHistory = other.chatHistory }
        return aligned == other
    }

    /// Every player seated or watching: whose place the restored room must be known as.
    public var memberIDs: [PlayerID] { seats.map(\.id) + spectators.map(\.id) }
}

/// Why a checkpoint cannot become a room again; the room is dropped with this in the log.
public enum RoomRestoreError: Error, Equatable, CustomStringConvertible {
    case unknownFormat(Int)
    case unsupportedMode(RoomMode)
    case wordPackGone(String)
    case invalidSettings(String)
    case strokesRefused
    case corrupt(String)

    public var description: String {
        switch self {
        case .unknownFormat(let format): "checkpoint format \(format) is not one this server knows"
        case .unsupportedMode(let mode): "a \(mode.rawValue) room is not restored from a checkpoint"
        case .wordPackGone(let pack): "its word pack '\(pack)' no longer exists"
        case .invalidSettings(let message): "its settings are invalid under the current rules: \(message)"
        case .strokesRefused: "its strokes are refused under the current limits"
        case .corrupt(let what): "its checkpoint is corrupt: \(what)"
        }
    }
}
