/// Everything a client may send, decoded into the group of the places it can reach: the
/// session's own messages, those only a party room or only a pair room reads, and the drawing
/// and guessing messages that whichever room the player is in reads. A place's `switch` then
/// lists only what can reach it, and the compiler checks that it lists all of it.
public enum ClientMessage: Sendable, Equatable {
    /// Handled by the connection's session wherever its player is.
    case session(SessionMessage)
    /// Read by a party room only.
    case party(PartyCommand)
    /// Read by a pair room only.
    case pair(PairCommand)
    /// Read by a telephone room only.
    case telephone(TelephoneCommand)
    /// A drawing message, for the room the player is in, of either kind.
    case draw(DrawingAction)
    /// `guess`: a party room reads `text` (and ignores `drawingId`, an unknown field there); a
    /// pair room needs the `drawingId` of the drawing guessed.
    case guess(text: String, drawingId: String?)

    /// The `type` field, used as an error's `ref`.
    public var typeName: String {
        switch self {
        case .session(let message): message.typeName
        case .party(let command): command.typeName
        case .pair(let command): command.typeName
        case .telephone(let command): command.typeName
        case .draw(let action): action.typeName
        case .guess: "guess"
        }
    }

    /// The message as a party or telephone room (the `Room` actor) reads it; nil for a pair
    /// room's command or the session's own.
    public var forPartyRoom: PartyMessage? {
        switch self {
        case .party(let command): .command(command)
        case .telephone(let command): .telephone(command)
        case .draw(let action): .draw(action)
        case .guess(let text, _): .guess(text: text)
        case .session, .pair: nil
        }
    }
}

/// The messages a connection's session handles itself, in and out of rooms.
public enum SessionMessage: Sendable, Equatable {
    /// `avatar`: nil keeps the one the player chose before (or the derived one).
    case hello(protocol: Int, name: String, token: String?, lastSeq: Int?, avatar: Avatar? = nil)
    case rename(name: String, avatar: Avatar? = nil)
    case createRoom(mode: RoomMode, settings: SettingsPatch)
    /// `spectate`: join as a watcher, who takes no seat.
    case joinRoom(code: String, spectate: Bool)
    /// A seat in the fullest open public room of a word pack (nil: the server's default pack);
    /// with `spectate`, a watcher's place in the fullest public room of the pack, full or not.
    /// `mode`: party or telephone rooms.
    case quickPlay(wordPack: String?, spectate: Bool, mode: RoomMode = .party)
    case leaveRoom
    case sync
    /// Reports a member of the player's room; the session files it with the room's
    /// `reportContext(about:)`. `text` is at most `maxReportTextLength` characters.
    case report(playerId: PlayerID, reason: ReportReason, text: String?)

    /// The longest `report` text, in characters (the contract's 500).
    public static let maxReportTextLength = 500

    public var typeName: String {
        switch self {
        case .hello: "hello"
        case .report: "report"
        case .quickPlay: "quickPlay"
        case .rename: "rename"
        case .createRoom: "createRoom"
        case .joinRoom: "joinRoom"
        case .leaveRoom: "leaveRoom"
        case .sync: "sync"
        }
    }
}

/// The messages only a party room reads.
public enum PartyCommand: Sendable, Equatable {
    case updateSettings(SettingsPatch)
    case startGame
    case kick(playerId: PlayerID)
    case lockRoom(locked: Bool)
    case voteKick(playerId: PlayerID)
    case chooseWord(index: Int)
    /// Watch (`on` true) or ask to play (`on` false); see `RoomStateMachine+Spectators`.
    case spectate(on: Bool)
    /// Hide (or show again) another member's chat, for the sender alone.
    case mute(playerId: PlayerID, muted: Bool)
    /// Like or dislike the drawing on screen; `none` takes it back.
    case react(Reaction)
    /// Call house bots into a public lobby one waits in alone (`RoomStateMachine+HouseBots`).
    case playWithBots

    public var typeName: String {
        switch self {
        case .spectate: "spectate"
        case .mute: "mute"
        case .react: "react"
        case .playWithBots: "playWithBots"
        case .updateSettings: "updateSettings"
        case .startGame: "startGame"
        case .kick: "kick"
        case .lockRoom: "lockRoom"
        case .voteKick: "voteKick"
        case .chooseWord: "chooseWord"
        }
    }
}

/// The messages only a pair room reads.
public enum PairCommand: Sendable, Equatable {
    case suggestWords
    case beginDrawing(clientDrawingId: String, word: String)
    case submitDrawing(clientDrawingId: String)
    case giveUp(drawingId: String)
    case unpair

    public var typeName: String {
        switch self {
        case .suggestWords: "suggestWords"
        case .beginDrawing: "beginDrawing"
        case .submitDrawing: "submitDrawing"
        case .giveUp: "giveUp"
        case .unpair: "unpair"
        }
    }
}

/// What a room's state machine reads: the room's commands, a telephone game's, drawing and
/// guesses (chat, in a telephone room).
public enum PartyMessage: Sendable, Equatable {
    case command(PartyCommand)
    case telephone(TelephoneCommand)
    case draw(DrawingAction)
    case guess(text: String)

    public var typeName: String {
        switch self {
        case .command(let command): command.typeName
        case .telephone(let command): command.typeName
        case .draw(let action): action.typeName
        case .guess: "guess"
        }
    }
}

/// What a pair room reads: its own commands, drawing, and guesses at one drawing.
public enum PairRoomMessage: Sendable, Equatable {
    case command(PairCommand)
    case draw(DrawingAction)
    case guess(drawingId: String, text: String)

    public var typeName: String {
        switch self {
        case .command(let command): command.typeName
        case .draw(let action): action.typeName
        case .guess: "guess"
        }
    }
}
