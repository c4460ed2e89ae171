import DoodleCore

/// How a connection ended: the server's close frame, or the transport failure that ended it.
public struct ConnectionClosure: Sendable, Equatable, CustomStringConvertible {
    /// The close code of the close frame the server sent (or echoed), nil when the connection
    /// ended without one (a dropped socket, a failed connect).
    public var code: Int?
    /// The reason text of that close frame, if it had one.
    public var reason: String?
    /// True when this client started the closing handshake (``DoodleConnection/close(code:reason:)``
    /// or the end of the body of ``DoodleClient/withConnection(to:configuration:logger:isolation:_:)``),
    /// so `code` is the server's echo rather than its own decision.
    public var initiatedByClient: Bool
    /// A description of the transport error, when the connection failed rather than closed.
    public var failure: String?

    public init(code: Int?, reason: String? = nil, initiatedByClient: Bool = false, failure: String? = nil) {
        self.code = code
        self.reason = reason
        self.initiatedByClient = initiatedByClient
        self.failure = failure
    }

    /// `code` as one of the contract's close codes, when it is one.
    public var closeCode: CloseCode? { code.flatMap(CloseCode.init(rawValue:)) }

    public var description: String {
        var text = code.map { "closed with \($0)" } ?? "ended without a close code"
        if let reason, !reason.isEmpty { text += " (\(reason))" }
        if initiatedByClient { text += ", initiated by the client" }
        if let failure { text += ", failure: \(failure)" }
        return text
    }
}
