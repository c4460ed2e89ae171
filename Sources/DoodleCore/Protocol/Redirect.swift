/// The answer of a node that does not host the room asked for: where it lives. No seat was
/// taken; the client connects to `url`, says `hello` with its token, and repeats what it asked
/// (docs/protocol.md, "Several nodes").
public struct Redirect: Sendable, Equatable {
    /// The hosting node's WebSocket address (`ws://` or `wss://`).
    public var url: String
    /// The room's invite code; nil for a formed pair, whose room has none.
    public var code: String?

    public init(url: String, code: String?) {
        self.url = url
        self.code = code
    }
}
