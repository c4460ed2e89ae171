import DoodleCore

/// Request–reply helpers for the session and room messages. Each sends one message and reads the
/// reply; an `error` reply is thrown as its ``DoodleCore/ProtocolError``.
extension DoodleConnection {
    /// Sends `hello` and returns the `welcome`. On a resume, whatever the server sends after the
    /// welcome (a replay or a `roomState`) stays unread for the caller.
    ///
    /// - Throws: the ``DoodleCore/ProtocolError`` of an `error` reply,
    ///   ``DoodleClientError/unexpectedMessage(_:expected:)`` if the next message is anything else,
    ///   and the errors of ``receive(timeout:)``.
    @discardableResult
    public func hello(
        name: String,
        token: String? = nil,
        lastSeq: Int? = nil,
        avatar: Avatar? = nil,
        protocolVersion: Int = ServerMessage.protocolVersion,
        timeout: Duration = .seconds(5)
    ) async throws -> Welcome {
        let hello = ClientMessage.hello(protocol: protocolVersion, name: name, token: token, lastSeq: lastSeq, avatar: avatar)
        return try await request(hello, expecting: "welcome", timeout: timeout) {
            if case .welcome(let welcome) = $0 { welcome } else { nil }
        }
    }

    /// Sends `createRoom` and returns the new room's `roomState` (its `seq` is 0).
    ///
    /// - Throws: the ``DoodleCore/ProtocolError`` of an `error` reply,
    ///   ``DoodleClientError/unexpectedMessage(_:expected:)`` if the next message is anything else,
    ///   and the errors of ``receive(timeout:)``.
    public func createRoom(
        mode: RoomMode = .party,
        settings: SettingsPatch = SettingsPatch(),
        timeout: Duration = .seconds(5)
    ) async throws -> RoomSnapshot {
        try await request(.createRoom(mode: mode, settings: settings), expecting: "roomState", timeout: timeout) {
            if case .roomState(let snapshot) = $0 { snapshot } else { nil }
        }
    }

    /// Sends `joinRoom` and returns the room's `roomState`; with `spectate`, as a watcher who
    /// takes no seat (the snapshot lists it in `spectators`).
    ///
    /// - Throws: the ``DoodleCore/ProtocolError`` of an `error` reply (`room_full`, `banned`, …),
    ///   ``Redirected`` when another node hosts the room (no seat was taken; see
    ///   ``DoodleClient/withJoinedConnection(to:name:code:maxRedirects:configuration:logger:isolation:_:)``),
    ///   ``DoodleClientError/unexpectedMessage(_:expected:)`` if the next message is anything else,
    ///   and the errors of ``receive(timeout:)``.
    public func joinRoom(code: String, spectate: Bool = false, timeout: Duration = .seconds(5)) async throws -> RoomSnapshot {
        try await send(.joinRoom(code: code, spectate: spectate))
        return try await seatReply(timeout: timeout)
    }

    /// The answer to a request for a seat: the room's `roomState`, an `error`, or a `redirect`.
    private func seatReply(timeout: Duration) async throws -> RoomSnapshot {
        let reply = try await receive(timeout: timeout)
        switch reply {
        case .roomState(let snapshot): return snapshot
        case .error(let error): throw error
        case .redirect(let redirect): throw Redirected(redirect: redirect)
        default: throw DoodleClientError.unexpectedMessage(reply, expected: "roomState")
        }
    }

    /// Sends `quickPlay` and returns the `roomState` of the public room the server seated this
    /// player in; with `spectate`, of the public room it watches (never a new one: with none open
    /// to watch, `room_not_found`).
    ///
    /// - Throws: the ``DoodleCore/ProtocolError`` of an `error` reply (`invalid_settings` for an
    ///   unknown pack, `already_in_room`), ``Redirected`` when the room chosen is on another node
    ///   (join it there with its code), and the errors of ``receive(timeout:)``.
    public func quickPlay(
        wordPack: String? = nil, spectate: Bool = false, mode: RoomMode = .party, timeout: Duration = .seconds(5)
    ) async throws -> RoomSnapshot {
        try await send(.quickPlay(wordPack: wordPack, spectate: spectate, mode: mode))
        return try await seatReply(timeout: timeout)
    }

    /// Sends `spectate`: `on` true to watch, false to ask for a seat. The server acknowledges a
    /// switch only with the room's `playerSpectating` event (at once, or when the turn ends), and
    /// a refusal with an `error`; read them with ``receive(timeout:until:)``.
    public func spectate(on: Bool) async throws {
        try await send(.spectate(on: on))
    }

    /// Sends `sync` and returns the `roomState`. Room events that arrive before it are skipped:
    /// the snapshot reflects them.
    ///
    /// - Throws: the ``DoodleCore/ProtocolError`` of an `error` reply, and the errors of
    ///   ``receive(timeout:until:)``.
    public func sync(timeout: Duration = .seconds(5)) async throws -> RoomSnapshot {
        try await send(.sync)
        return try await receiveFirst(timeout: timeout) { message -> RoomSnapshot? in
            switch message {
            case .roomState(let snapshot): return snapshot
            case .error(let error): throw error
            default: return nil
            }
        }
    }

    /// Sends `message`; the very next message must be the reply `extract` accepts, or an `error`.
    private func request<Reply>(
        _ message: ClientMessage,
        expecting expected: String,
        timeout: Duration,
        extract: (ServerMessage) -> Reply?
    ) async throws -> Reply {
        try await send(message)
        let reply = try await receive(timeout: timeout)
        if let value = extract(reply) { return value }
        if case .error(let error) = reply { throw error }
        throw DoodleClientError.unexpectedMessage(reply, expected: expected)
    }
}
