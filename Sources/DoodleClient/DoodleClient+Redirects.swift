import DoodleCore
import Logging

extension DoodleClient {
    /// How many redirects in a row a client follows before it gives up: one is all a healthy
    /// cluster needs (the directory names the hosting node); a few more ride out a room that
    /// moved meanwhile, and the cap stops two confused nodes sending a client back and forth.
    public static let defaultMaxRedirects = 3

    /// Opens a connection to `url`, says `hello` as `name`, joins the room `code`, and runs
    /// `body` with the connection that holds the seat. When a node redirects the join, the
    /// connection is closed and the next one opens at the given address with the player's
    /// token, so the player is the same on every node.
    ///
    /// - Parameters:
    ///   - token: a player's token to resume with; nil for a new player.
    ///   - maxRedirects: redirects followed before giving up (loop protection).
    ///   - timeout: how long each answer (`welcome`, the join's) may take.
    ///   - body: gets the connection, the `welcome` of the node it is on, the room's `roomState`
    ///     and the number of redirects followed.
    /// - Throws: ``DoodleClientError/tooManyRedirects(last:followed:)`` past `maxRedirects`, and
    ///   the errors of ``DoodleConnection/hello(name:token:lastSeq:protocolVersion:timeout:)``,
    ///   ``DoodleConnection/joinRoom(code:timeout:)`` and `body`.
    public static func withJoinedConnection<T>(
        to url: String,
        name: String,
        token: String? = nil,
        code: String,
        maxRedirects: Int = defaultMaxRedirects,
        timeout: Duration = .seconds(5),
        configuration: Configuration = .init(),
        logger: Logger,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (_ connection: DoodleConnection, _ welcome: Welcome, _ room: RoomSnapshot, _ redirects: Int) async throws -> T
    ) async throws -> T {
        var url = url
        var token = token
        var followed = 0
        while true {
            let outcome: JoinOutcome<T> = try await withConnection(to: url, configuration: configuration, logger: logger) { connection in
                let welcome = try await connection.hello(name: name, token: token, timeout: timeout)
                do {
                    let room = try await connection.joinRoom(code: code, timeout: timeout)
                    return .joined(try await body(connection, welcome, room, followed))
                } catch let redirected as Redirected {
                    return .redirected(redirected.redirect, token: welcome.token)
                }
            }
            switch outcome {
            case .joined(let value):
                return value
            case .redirected(let redirect, let playerToken):
                guard followed < maxRedirects else {
                    throw DoodleClientError.tooManyRedirects(last: redirect.url, followed: followed)
                }
                logger.debug("following a redirect", metadata: ["url": "\(redirect.url)", "code": "\(code)"])
                followed += 1
                url = redirect.url
                token = playerToken
            }
        }
    }

    private enum JoinOutcome<T> {
        case joined(T)
        case redirected(Redirect, token: String)
    }
}
