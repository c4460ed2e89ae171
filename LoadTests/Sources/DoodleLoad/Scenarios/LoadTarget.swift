/// The server a load runs against.
public enum LoadTarget: Sendable, Equatable {
    /// A Doodle server: rooms are made with `hello`, `createRoom`, `joinRoom`, `startGame`.
    case doodle(url: String)
    /// The bare relay (`doodle-relay`): the first frame names a room, later frames are relayed.
    case relay(url: String)
    /// Several Doodle nodes sharing a room directory: room i is created on node i mod n and its
    /// joiners start on the next node, which redirects them to the host.
    case cluster(urls: [String])

    /// Where connections go first (a cluster's first node).
    public var url: String {
        switch self {
        case .doodle(let url), .relay(let url): url
        case .cluster(let urls): urls.first ?? ""
        }
    }

    public var name: String {
        switch self {
        case .doodle: "doodle"
        case .relay: "relay"
        case .cluster(let urls): "cluster\(urls.count)"
        }
    }

    /// Rooms are Doodle's (one server or a cluster), which read guesses and `leaveRoom`.
    var isDoodle: Bool {
        if case .relay = self { false } else { true }
    }
}
