import Foundation

/// A node's public WebSocket address, as `--node-url` gives it: `ws://` or `wss://`, a host,
/// an optional port, and the path of the game's endpoint, which ends in `/v1/ws` (a reverse
/// proxy may put a prefix before it). Clients are redirected to it and invite lookups point at it.
public struct NodeURL: Sendable, Equatable, CustomStringConvertible {
    public let text: String

    /// Nil, with `problem` saying why, when `text` is not such an address.
    public init?(_ text: String) {
        guard Self.problem(with: text) == nil else { return nil }
        self.text = text
    }

    public var description: String { text }

    /// What is wrong with `text` as a node URL, or nil when nothing is.
    public static func problem(with text: String) -> String? {
        guard let components = URLComponents(string: text) else { return "not a URL" }
        guard let scheme = components.scheme?.lowercased() else { return "it has no scheme: start it with ws:// or wss://" }
        guard scheme == "ws" || scheme == "wss" else { return "the scheme must be ws:// or wss://, not \(scheme)://" }
        guard let host = components.host, !host.isEmpty else { return "it has no host" }
        guard components.query == nil, components.fragment == nil, components.user == nil else {
            return "it must not have a query, fragment or user"
        }
        guard components.path.hasSuffix(webSocketPath) else { return "its path must end in \(webSocketPath), the game's endpoint" }
        return nil
    }

    static let webSocketPath = "/v1/ws"

    /// The node's address for the HTTP route `route` (e.g. `/v1/rooms/K7PQ2M`): the same host,
    /// `http` for `ws` and `https` for `wss`, and the path's prefix kept.
    static func httpURL(ofNode url: String, route: String) -> String? {
        guard var components = URLComponents(string: url), components.path.hasSuffix(webSocketPath) else { return nil }
        components.scheme = components.scheme?.lowercased() == "wss" ? "https" : "http"
        components.path = String(components.path.dropLast(webSocketPath.count)) + route
        return components.string
    }
}
