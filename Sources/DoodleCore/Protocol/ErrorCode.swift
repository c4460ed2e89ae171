/// Every `error` code of the wire contract.
public enum ErrorCode: String, Sendable, Codable, Equatable, CaseIterable {
    case badMessage = "bad_message"
    case notReady = "not_ready"
    case unsupportedProtocol = "unsupported_protocol"
    case invalidName = "invalid_name"
    case invalidCode = "invalid_code"
    case roomNotFound = "room_not_found"
    case roomFull = "room_full"
    case roomLocked = "room_locked"
    case banned
    case alreadyInRoom = "already_in_room"
    case notInRoom = "not_in_room"
    case notOwner = "not_owner"
    case notDrawer = "not_drawer"
    case invalidPhase = "invalid_phase"
    case invalidSettings = "invalid_settings"
    case invalidTarget = "invalid_target"
    case notEnoughPlayers = "not_enough_players"
    case invalidStroke = "invalid_stroke"
    case wordLeak = "word_leak"
    case alreadyPaired = "already_paired"
    case notPaired = "not_paired"
    case rateLimited = "rate_limited"
    case `internal`
}

/// The one error type of the protocol: a code from the contract, a human-readable message, and
/// the `type` of the client message that caused it (when it could be read).
public struct ProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    public var ref: String?
    /// Why, in words a client can act on: for `invalid_name` one of `length`, `characters`,
    /// `blocked`; for `banned` the operator's reason (PROTOCOL.md rev 5).
    public var reason: String?
    /// For `banned`: when the ban ends (milliseconds since 1970); nil for one without an end.
    public var untilMillis: Int64?

    public init(_ code: ErrorCode, _ message: String, ref: String? = nil, reason: String? = nil, untilMillis: Int64? = nil) {
        self.code = code
        self.message = message
        self.ref = ref
        self.reason = reason
        self.untilMillis = untilMillis
    }

    public func withRef(_ ref: String?) -> ProtocolError {
        var copy = self
        copy.ref = ref
        return copy
    }

    public var description: String { "\(code.rawValue): \(message)" }
}

/// WebSocket close codes the server uses, from the contract.
public enum CloseCode: Int, Sendable, Equatable {
    case protocolError = 1002
    /// Not in the contract's list: a text frame that is not UTF-8 (RFC 6455 §7.4.1).
    case invalidPayload = 1007
    case flooding = 1008
    case frameTooLarge = 1009
    /// Not in the contract's list: used when a client reads too slowly and its bounded outbound
    /// buffer overflows; it may reconnect with its token and `lastSeq` (docs/protocol.md).
    case tryAgainLater = 1013
    case kicked = 4000
    case shuttingDown = 4001
    case replaced = 4002
    case idle = 4003
    /// An operator banned the player: every connection of it closes, and `hello` is refused.
    case banned = 4004
    /// An operator closed the room the player was in.
    case roomClosed = 4005
}

extension ProtocolError {
    /// The `error` message's fields beside its `type`, for every message enum that carries one.
    func encodeFields(into c: inout JSONEncodingContainer) throws {
        try c.put(code, "code")
        try c.put(message, "message")
        try c.putIfPresent(ref, "ref")
        try c.putIfPresent(reason, "reason")
        try c.putIfPresent(untilMillis, "untilMillis")
    }

    init(from c: JSONDecodingContainer) throws {
        self.init(
            try c.required("code"), try c.required("message"), ref: try c.optional("ref"), reason: try c.optional("reason"),
            untilMillis: try c.optional("untilMillis"))
    }
}
