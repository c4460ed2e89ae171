import DoodleCore

/// Everything the server sends a client in pair mode (PROTOCOL.md rev 3, "Pair mode"), read as a
/// pair client reads it: the session's `welcome`, the pair room's own `roomState`, and the pair
/// messages (decoded by DoodleCore's `PairMessage`, the server's own codec).
public enum PairServerMessage: Sendable, Equatable {
    case welcome(Welcome)
    /// The waiting room (an open code) or the pair room.
    case roomState(PairRoomSnapshot)
    /// Every other pair message: `wordSuggestions`, `drawingSent`, `drawingReceived`,
    /// `guessResult`, `chat`, `drawingGuessed`, `drawingRevealed`, `playerConnection`,
    /// `unpaired` (without `seq` when it reaches a partner who was away) and `error`.
    case pair(PairMessage)

    public var typeName: String {
        switch self {
        case .welcome: "welcome"
        case .roomState: "roomState"
        case .pair(let message): message.typeName
        }
    }

    /// The pair room's sequence number this message carries, if any (a `roomState`'s is its
    /// baseline; a repeated `drawingSent` has none).
    public var seq: Int? {
        switch self {
        case .roomState(let snapshot): snapshot.seq
        case .pair(let message): message.seq
        case .welcome: nil
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
        default:
            self = .pair(try PairMessage(from: decoder))
        }
    }
}
