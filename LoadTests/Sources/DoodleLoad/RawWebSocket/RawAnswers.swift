/// What one raw connection heard from the server.
public struct RawAnswers: Sendable {
    /// The server answered the upgrade with `101 Switching Protocols`.
    public var upgraded = false
    /// Text frames received.
    public var texts = 0
    /// `error` messages received, by their `code`.
    public var errorCodes: [String: Int] = [:]
    /// The server's close frame, if one arrived: its status code, nil when it carried none.
    public var closeFrame: CloseFrame?
    /// When the socket ended (the server closed it, reset it, or we did).
    public var endedAt: ContinuousClock.Instant?
    /// Why the socket ended, when NIO said (a reset, a failed write).
    public var endError: String?

    public struct CloseFrame: Sendable, Equatable {
        public var code: Int?
        public var at: ContinuousClock.Instant
    }

    public init() {}
}
