/// A protocol violation a bot saw: any one makes the run fail.
public struct BotViolation: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Equatable, Codable {
        /// A gap, duplicate or step back in the room's `seq`, or a `seq` before any `roomState`.
        case sequence
        /// A room event for the whole room without `seq`.
        case missingSeq
        /// A frame that does not decode as a server message (or a binary frame).
        case malformedMessage
        /// The turn's word reached this guesser before it guessed it or the turn ended.
        case wordLeaked
        /// An `error` from the server, with `--strict`.
        case errorReceived
    }

    public var kind: Kind
    public var detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    public var description: String { "\(kind.rawValue): \(detail)" }
}
