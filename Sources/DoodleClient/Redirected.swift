import DoodleCore

/// The server does not host the room asked for and sent the client to the node that does
/// (a `redirect` message). Nothing was taken; the connection stays open but is of no more use
/// for that room.
public struct Redirected: Error, Sendable, Equatable, CustomStringConvertible {
    public var redirect: Redirect

    public init(redirect: Redirect) {
        self.redirect = redirect
    }

    public var description: String { "redirected to \(redirect.url) for room \(redirect.code ?? "(pair)")" }
}
