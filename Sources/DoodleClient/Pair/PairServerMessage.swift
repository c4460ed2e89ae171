import DoodleCore

/// Everything the server sends a client in pair mode (PROTOCOL.md rev 3, "Pair mode"), read as a
/// pair client reads it: the pair room's own `roomState` and events, plus the session messages
/// that also reach it.
public enum PairServerMessage: Sendable, Equatable {
    case welcome(Welcome)
    /// The waiting room (an open code) or the pair room.
    case roomState(PairRoomSnapshot)
    /// The answer to `suggestWords`.
    case wordSuggestions([String])
    /// `unpaired`: with `seq` inside the pair room; without it when it reaches a partner who was
    /// away, or answers an `unpair` sent from outside the room.
    case unpaired(by: PlayerID, seq: Int?)
    /// Every other pair message: `drawingSent`, `drawingReceived`, `guessResult`, `chat`,
    /// `drawingGuessed`, `drawingRevealed`, `playerConnection` and `error`.
    case pair(PairMessage)

    public var typeName: String {
        switch self {
        case .welcome: "welcome"
        case .roomState: "roomState"
        case .wordSuggestions: "wordSuggestions"
        case .unpaired: "unpaired"
        case .pair(let message): message.typeName
        }
    }

    /// The pair room's sequence number this message carries, if any (a `roomState`'s is its
    /// baseline; a repeated `drawingSent` has none).
    public var seq: Int? {
        switch self {
        case .roomState(let snapshot): snapshot.seq
        case .unpaired(_, let seq): seq
        case .pair(let message): message.seq
        case .welcome, .wordSuggestions: nil
        }
    }
}

extension PairServerMessage: Decodable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        let type = try c.decode(String.self, forKey: Key("type"))
        switch type {
        case "welcome":
            guard case .welcome(let welcome) = try ServerMessage(from: decoder) else {
                throw DecodingError.dataCorruptedError(forKey: Key("type"), in: c, debugDescription: "welcome did not read as welcome")
            }
            self = .welcome(welcome)
        case "roomState":
            let mode = try c.decode(RoomMode.self, forKey: Key("mode"))
            guard mode == .pair else {
                throw DecodingError.dataCorruptedError(forKey: Key("mode"), in: c, debugDescription: "a party room's roomState in pair mode")
            }
            self = .roomState(try PairRoomSnapshot(from: decoder))
        case "wordSuggestions":
            self = .wordSuggestions(try c.decode([String].self, forKey: Key("words")))
        case "unpaired":
            self = .unpaired(by: try c.decode(String.self, forKey: Key("by")), seq: try c.decodeIfPresent(Int.self, forKey: Key("seq")))
        default:
            self = .pair(try PairMessage(from: decoder))
        }
    }
}
