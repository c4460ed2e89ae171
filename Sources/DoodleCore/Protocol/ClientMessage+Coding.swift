/// The contract's flat JSON (`{"type":"joinRoom","code":"K7PQ2M"}`) for the grouped messages:
/// the group is the server's reading of `type`, never on the wire.
extension ClientMessage: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let type: String = try c.required("type")
        switch type {
        case "hello":
            self = .hello(
                protocol: try c.required("protocol"), name: try c.required("name"),
                token: try c.optional("token"), lastSeq: try c.optional("lastSeq"), avatar: try c.optional("avatar"))
        case "rename": self = .rename(name: try c.required("name"), avatar: try c.optional("avatar"))
        case "createRoom":
            self = .createRoom(mode: try c.optional("mode") ?? .party, settings: try c.optional("settings") ?? SettingsPatch())
        case "joinRoom": self = .joinRoom(code: try c.required("code"), spectate: try c.optional("spectate") ?? false)
        case "quickPlay":
            self = .session(
                .quickPlay(wordPack: try c.optional("wordPack"), spectate: try c.optional("spectate") ?? false, mode: try c.optional("mode") ?? .party))
        case "leaveRoom": self = .leaveRoom
        case "sync": self = .sync
        case "updateSettings": self = .updateSettings(try c.required("settings"))
        case "startGame": self = .startGame
        case "kick": self = .kick(playerId: try c.required("playerId"))
        case "lockRoom": self = .lockRoom(locked: try c.required("locked"))
        case "voteKick": self = .voteKick(playerId: try c.required("playerId"))
        case "chooseWord": self = .chooseWord(index: try c.required("index"))
        case "spectate": self = .party(.spectate(on: try c.required("on")))
        case "mute": self = .party(.mute(playerId: try c.required("playerId"), muted: try c.required("muted")))
        case "react": self = .party(.react(try c.required("reaction")))
        case "playWithBots": self = .party(.playWithBots)
        case "report":
            let text: String? = try c.optional("text")
            if let text, text.count > SessionMessage.maxReportTextLength {
                throw DecodingError.dataCorruptedError(
                    forKey: "text", in: c, debugDescription: "text must be at most \(SessionMessage.maxReportTextLength) characters")
            }
            self = .session(.report(playerId: try c.required("playerId"), reason: try c.required("reason"), text: text))
        case "guess": self = .guess(text: try c.required("text"), drawingId: try c.optional("drawingId"))
        case "suggestWords": self = .suggestWords
        case "beginDrawing": self = .beginDrawing(clientDrawingId: try c.required("clientDrawingId"), word: try c.required("word"))
        case "submitDrawing":
            // A pair room's names its drawing; a telephone room's is the drawing as it is now.
            if c.contains(JSONKey("clientDrawingId")) {
                self = .submitDrawing(clientDrawingId: try c.required("clientDrawingId"))
            } else {
                self = .telephone(.submitDrawing)
            }
        case "submitText": self = .telephone(.submitText(try c.required("text")))
        case "unsubmit": self = .telephone(.unsubmit)
        case "revealNext": self = .telephone(.revealNext)
        case "giveUp": self = .giveUp(drawingId: try c.required("drawingId"))
        case "unpair": self = .unpair
        default:
            guard let action = try DrawingAction.decode(type: type, from: c) else {
                throw DecodingError.dataCorruptedError(forKey: "type", in: c, debugDescription: "unknown message type '\(type.prefix(40))'")
            }
            self = .draw(action)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(typeName, "type")
        switch self {
        case .session(let message): try message.encodeFields(into: &c)
        case .party(let command): try command.encodeFields(into: &c)
        case .pair(let command): try command.encodeFields(into: &c)
        case .telephone(let command): try command.encodeFields(into: &c)
        case .draw(let action): try action.encodeFields(into: &c)
        case .guess(let text, let drawingId):
            try c.putIfPresent(drawingId, "drawingId")
            try c.put(text, "text")
        }
    }
}

extension SessionMessage {
    func encodeFields(into c: inout JSONEncodingContainer) throws {
        switch self {
        case .hello(let version, let name, let token, let lastSeq, let avatar):
            try c.put(version, "protocol")
            try c.put(name, "name")
            try c.putIfPresent(token, "token")
            try c.putIfPresent(lastSeq, "lastSeq")
            try c.putIfPresent(avatar, "avatar")
        case .rename(let name, let avatar):
            try c.put(name, "name")
            try c.putIfPresent(avatar, "avatar")
        case .createRoom(let mode, let settings):
            try c.put(mode, "mode")
            if !settings.isEmpty { try c.put(settings, "settings") }
        case .joinRoom(let code, let spectate):
            try c.put(code, "code")
            if spectate { try c.put(true, "spectate") }
        case .quickPlay(let wordPack, let spectate, let mode):
            try c.putIfPresent(wordPack, "wordPack")
            if spectate { try c.put(true, "spectate") }
            if mode != .party { try c.put(mode, "mode") }
        case .report(let playerId, let reason, let text):
            try c.put(playerId, "playerId")
            try c.put(reason, "reason")
            try c.putIfPresent(text, "text")
        case .leaveRoom, .sync: break
        }
    }
}

extension PartyCommand {
    func encodeFields(into c: inout JSONEncodingContainer) throws {
        switch self {
        case .updateSettings(let settings): try c.put(settings, "settings")
        case .kick(let playerId), .voteKick(let playerId): try c.put(playerId, "playerId")
        case .lockRoom(let locked): try c.put(locked, "locked")
        case .chooseWord(let index): try c.put(index, "index")
        case .spectate(let on): try c.put(on, "on")
        case .mute(let playerId, let muted):
            try c.put(playerId, "playerId")
            try c.put(muted, "muted")
        case .react(let reaction): try c.put(reaction, "reaction")
        case .startGame, .playWithBots: break
        }
    }
}

extension TelephoneCommand {
    func encodeFields(into c: inout JSONEncodingContainer) throws {
        switch self {
        case .submitText(let text): try c.put(text, "text")
        case .submitDrawing, .unsubmit, .revealNext: break
        }
    }
}

extension PairCommand {
    func encodeFields(into c: inout JSONEncodingContainer) throws {
        switch self {
        case .beginDrawing(let id, let word):
            try c.put(id, "clientDrawingId")
            try c.put(word, "word")
        case .submitDrawing(let id): try c.put(id, "clientDrawingId")
        case .giveUp(let drawingId): try c.put(drawingId, "drawingId")
        case .suggestWords, .unpair: break
        }
    }
}
