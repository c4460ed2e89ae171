/// The server a load runs against.
public enum LoadTarget: Sendable, Equatable {
    /// A Doodle server: rooms are made with `hello`, `createRoom`, `joinRoom`, `startGame`.
    case doodle(url: String)
    /// The bare relay (`doodle-relay`): the first frame names a room, later frames are relayed.
    case relay(url: String)

    public var url: String {
        switch self {
        case .doodle(let url), .relay(let url): url
        }
    }

    public var name: String {
        switch self {
        case .doodle: "doodle"
        case .relay: "relay"
        }
    }
}
