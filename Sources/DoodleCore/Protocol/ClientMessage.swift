/// Everything a client may send, one case per `type` of the contract.
public enum ClientMessage: Sendable, Equatable {
    case hello(protocol: Int, name: String, token: String?, lastSeq: Int?)
    case rename(name: String)
    case createRoom(mode: RoomMode, settings: SettingsPatch)
    case joinRoom(code: String)
    case leaveRoom
    case sync
    case updateSettings(SettingsPatch)
    case startGame
    case kick(playerId: PlayerID)
    case lockRoom(locked: Bool)
    case voteKick(playerId: PlayerID)
    case chooseWord(index: Int)
    case draw(DrawingAction)
    case guess(text: String)
    /// A guess at one pair drawing: `guess` with a `drawingId`. A party room reads it as a
    /// plain guess (an unknown field is ignored there).
    case pairGuess(drawingId: String, text: String)
    case suggestWords
    case beginDrawing(clientDrawingId: String, word: String)
    case submitDrawing(clientDrawingId: String)
    case giveUp(drawingId: String)
    case unpair

    /// The `type` field, used as an error's `ref`.
    public var typeName: String {
        switch self {
        case .hello: "hello"
        case .rename: "rename"
        case .createRoom: "createRoom"
        case .joinRoom: "joinRoom"
        case .leaveRoom: "leaveRoom"
        case .sync: "sync"
        case .updateSettings: "updateSettings"
        case .startGame: "startGame"
        case .kick: "kick"
        case .lockRoom: "lockRoom"
        case .voteKick: "voteKick"
        case .chooseWord: "chooseWord"
        case .draw(let action): action.typeName
        case .guess, .pairGuess: "guess"
        case .suggestWords: "suggestWords"
        case .beginDrawing: "beginDrawing"
        case .submitDrawing: "submitDrawing"
        case .giveUp: "giveUp"
        case .unpair: "unpair"
        }
    }
}

extension ClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let type: String = try c.required("type")
        switch type {
        case "hello":
            self = .hello(
                protocol: try c.required("protocol"), name: try c.required("name"),
                token: try c.optional("token"), lastSeq: try c.optional("lastSeq"))
        case "rename": self = .rename(name: try c.required("name"))
        case "createRoom":
            self = .createRoom(mode: try c.optional("mode") ?? .party, settings: try c.optional("settings") ?? SettingsPatch())
        case "joinRoom": self = .joinRoom(code: try c.required("code"))
        case "leaveRoom": self = .leaveRoom
        case "sync": self = .sync
        case "updateSettings": self = .updateSettings(try c.required("settings"))
        case "startGame": self = .startGame
        case "kick": self = .kick(playerId: try c.required("playerId"))
        case "lockRoom": self = .lockRoom(locked: try c.required("locked"))
        case "voteKick": self = .voteKick(playerId: try c.required("playerId"))
        case "chooseWord": self = .chooseWord(index: try c.required("index"))
        case "guess":
            if let drawingId: String = try c.optional("drawingId") {
                self = .pairGuess(drawingId: drawingId, text: try c.required("text"))
            } else {
                self = .guess(text: try c.required("text"))
            }
        case "suggestWords": self = .suggestWords
        case "beginDrawing": self = .beginDrawing(clientDrawingId: try c.required("clientDrawingId"), word: try c.required("word"))
        case "submitDrawing": self = .submitDrawing(clientDrawingId: try c.required("clientDrawingId"))
        case "giveUp": self = .giveUp(drawingId: try c.required("drawingId"))
        case "unpair": self = .unpair
        default:
            guard let action = try DrawingAction.decode(type: type, from: c) else {
                throw DecodingError.dataCorruptedError(forKey: "type", in: c, debugDescription: "unknown message type '\(type)'")
            }
            self = .draw(action)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(typeName, "type")
        switch self {
        case .hello(let version, let name, let token, let lastSeq):
            try c.put(version, "protocol")
            try c.put(name, "name")
            try c.putIfPresent(token, "token")
            try c.putIfPresent(lastSeq, "lastSeq")
        case .rename(let name): try c.put(name, "name")
        case .createRoom(let mode, let settings):
            try c.put(mode, "mode")
            if !settings.isEmpty { try c.put(settings, "settings") }
        case .joinRoom(let code): try c.put(code, "code")
        case .updateSettings(let settings): try c.put(settings, "settings")
        case .kick(let playerId), .voteKick(let playerId): try c.put(playerId, "playerId")
        case .lockRoom(let locked): try c.put(locked, "locked")
        case .chooseWord(let index): try c.put(index, "index")
        case .draw(let action): try action.encodeFields(into: &c)
        case .guess(let text): try c.put(text, "text")
        case .pairGuess(let drawingId, let text):
            try c.put(drawingId, "drawingId")
            try c.put(text, "text")
        case .beginDrawing(let id, let word):
            try c.put(id, "clientDrawingId")
            try c.put(word, "word")
        case .submitDrawing(let id): try c.put(id, "clientDrawingId")
        case .giveUp(let drawingId): try c.put(drawingId, "drawingId")
        case .leaveRoom, .sync, .startGame, .unpair, .suggestWords: break
        }
    }
}
