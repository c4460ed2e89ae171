public struct Welcome: Sendable, Equatable {
    public var playerId: PlayerID
    public var name: String
    public var token: String
    public var serverTime: Int64

    public init(playerId: PlayerID, name: String, token: String, serverTime: Int64) {
        self.playerId = playerId
        self.name = name
        self.token = token
        self.serverTime = serverTime
    }
}

public struct GuessResult: Sendable, Equatable {
    public var correct: Bool
    public var close: Bool
    /// Set only when the guess was correct.
    public var word: String?
    public var gained: Int?

    public static func correct(word: String, gained: Int) -> GuessResult {
        GuessResult(correct: true, close: false, word: word, gained: gained)
    }

    public static let close = GuessResult(correct: false, close: true, word: nil, gained: nil)
}

public struct DrawingDelivery: Sendable, Equatable {
    public var drawingId: String
    public var fromId: PlayerID
    public var hint: String

    public init(drawingId: String, fromId: PlayerID, hint: String) {
        self.drawingId = drawingId
        self.fromId = fromId
        self.hint = hint
    }
}

/// Everything the server sends.
public enum ServerMessage: Sendable, Equatable {
    public static let protocolVersion = 1

    case welcome(Welcome)
    case roomState(RoomSnapshot)
    /// A room event; `seq` is nil only for events meant for a subset (scoped chat, a rename
    /// outside a room).
    case event(RoomEvent, seq: Int?)
    case chooseWord(choices: [String])
    case guessResult(GuessResult)
    case drawingReceived(DrawingDelivery)
    case error(ProtocolError)
    /// The room asked for is hosted by another node of the cluster.
    case redirect(Redirect)
    /// The answer to `mute`, for the muter alone.
    case muted(playerId: PlayerID, muted: Bool)
    /// The answer to `report`: the stored report's id.
    case reported(reportId: String)
    /// An operator closed the room; the connection closes with 4005 next.
    case roomClosed(reason: String)
    /// A telephone player's task for the step, to it alone (rev 5).
    case task(TelephoneTask)

    public var typeName: String {
        switch self {
        case .welcome: "welcome"
        case .roomState: "roomState"
        case .event(let event, _): event.typeName
        case .chooseWord: "chooseWord"
        case .guessResult: "guessResult"
        case .drawingReceived: "drawingReceived"
        case .error: "error"
        case .redirect: "redirect"
        case .muted: "muted"
        case .reported: "reported"
        case .roomClosed: "roomClosed"
        case .task: "task"
        }
    }

    /// The room sequence number this message carries, if any.
    public var seq: Int? {
        switch self {
        case .roomState(let snapshot): snapshot.seq
        case .event(_, let seq): seq
        default: nil
        }
    }
}

extension ServerMessage: Codable {
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.put(typeName, "type")
        switch self {
        case .welcome(let welcome):
            try c.put(Self.protocolVersion, "protocol")
            try c.put(welcome.playerId, "playerId")
            try c.put(welcome.name, "name")
            try c.put(welcome.token, "token")
            try c.put(welcome.serverTime, "serverTime")
        case .roomState(let snapshot):
            try snapshot.encodeFields(into: &c)
        case .event(let event, let seq):
            try c.putIfPresent(seq, "seq")
            try event.encodeFields(into: &c)
        case .chooseWord(let choices):
            try c.put(choices, "choices")
        case .guessResult(let result):
            try c.put(result.correct, "correct")
            if result.correct {
                try c.putIfPresent(result.word, "word")
                try c.putIfPresent(result.gained, "gained")
            } else {
                try c.put(result.close, "close")
            }
        case .drawingReceived(let delivery):
            try c.put(delivery.drawingId, "drawingId")
            try c.put(delivery.fromId, "fromId")
            try c.put(delivery.hint, "hint")
        case .error(let error):
            try error.encodeFields(into: &c)
        case .redirect(let redirect):
            try c.put(redirect.url, "url")
            try c.putNullable(redirect.code, "code")
        case .muted(let playerId, let muted):
            try c.put(playerId, "playerId")
            try c.put(muted, "muted")
        case .reported(let reportId):
            try c.put(reportId, "reportId")
        case .roomClosed(let reason):
            try c.put(reason, "reason")
        case .task(let task):
            try task.encodeFields(into: &c)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        let type: String = try c.required("type")
        switch type {
        case "welcome":
            self = .welcome(
                Welcome(
                    playerId: try c.required("playerId"), name: try c.required("name"), token: try c.required("token"),
                    serverTime: try c.required("serverTime")))
        case "roomState":
            self = .roomState(try RoomSnapshot(from: c))
        case "chooseWord":
            self = .chooseWord(choices: try c.required("choices"))
        case "guessResult":
            self = .guessResult(
                GuessResult(
                    correct: try c.required("correct"), close: try c.optional("close") ?? false,
                    word: try c.optional("word"), gained: try c.optional("gained")))
        case "drawingReceived":
            self = .drawingReceived(
                DrawingDelivery(drawingId: try c.required("drawingId"), fromId: try c.required("fromId"), hint: try c.required("hint")))
        case "error":
            self = .error(try ProtocolError(from: c))
        case "redirect":
            self = .redirect(Redirect(url: try c.required("url"), code: try c.optional("code")))
        case "muted":
            self = .muted(playerId: try c.required("playerId"), muted: try c.required("muted"))
        case "reported":
            self = .reported(reportId: try c.required("reportId"))
        case "roomClosed":
            self = .roomClosed(reason: try c.required("reason"))
        case "task":
            self = .task(try TelephoneTask(from: c))
        default:
            guard let event = try RoomEvent.decode(type: type, from: c) else {
                throw DecodingError.dataCorruptedError(forKey: "type", in: c, debugDescription: "unknown message type '\(type)'")
            }
            self = .event(event, seq: try c.optional("seq"))
        }
    }
}
