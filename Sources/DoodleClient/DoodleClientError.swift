import DoodleCore

/// Errors of the Doodle client. An `error` message from the server is not one of these: the
/// session helpers throw it as the ``DoodleCore/ProtocolError`` it carries.
public enum DoodleClientError: Error, Sendable, CustomStringConvertible {
    /// The WebSocket connection could not be opened (refused, bad URL, upgrade failed).
    case connectFailed(url: String, underlying: any Error)
    /// Nothing matching arrived in time. `skipped` lists the `type` of every message that
    /// arrived meanwhile but did not match (oldest first, at most the last 50).
    case timedOut(waitingFor: String, after: Duration, skipped: [String])
    /// The connection has ended and every frame received before that has been read.
    case connectionClosed(ConnectionClosure)
    /// The next frame did not decode as a server message; the connection stays usable.
    case undecodableFrame(ServerFrame)
    /// A session helper got a reply it did not expect (for example a `roomState` where a
    /// `welcome` belongs).
    case unexpectedMessage(ServerMessage, expected: String)
    /// The servers kept redirecting: `followed` redirects were followed and the next one, to
    /// `last`, was not (loop protection).
    case tooManyRedirects(last: String, followed: Int)

    public var description: String {
        switch self {
        case .connectFailed(let url, let underlying):
            "could not connect to \(url): \(underlying)"
        case .timedOut(let waitingFor, let after, let skipped):
            skipped.isEmpty
                ? "timed out after \(after) waiting for \(waitingFor)"
                : "timed out after \(after) waiting for \(waitingFor); skipped: \(skipped.joined(separator: ", "))"
        case .connectionClosed(let closure):
            "connection \(closure)"
        case .undecodableFrame(let frame):
            "undecodable frame (\(frame.decodingFailure ?? "unknown reason")): \(frame.text.prefix(500))"
        case .unexpectedMessage(let message, let expected):
            "expected \(expected), got \(message.typeName): \(message)"
        case .tooManyRedirects(let last, let followed):
            "gave up after following \(followed) redirects (the next one was to \(last))"
        }
    }
}
