import DoodleCore

/// Pair-mode helpers (PROTOCOL.md rev 3, "Pair mode"). The request–reply ones skip whatever
/// arrives before their reply (an `unpaired` waiting for a partner who was away comes before
/// its new waiting room's `roomState`); an `error` is thrown as its ``DoodleCore/ProtocolError``.
extension DoodleConnection {
    /// Returns the next frame read as a pair-mode message.
    ///
    /// - Throws: ``DoodleClientError/undecodableFrame(_:)`` if it is not one (the frame is
    ///   consumed), and the errors of ``receiveFrame(timeout:)``.
    nonisolated(nonsending) public func receivePair(timeout: Duration = .seconds(5)) async throws -> PairServerMessage {
        try await receiveFrame(timeout: timeout).pairMessage()
    }

    /// Skips pair-mode messages until `extract` returns a value for one; `timeout` bounds the
    /// whole wait.
    nonisolated(nonsending) public func receivePairFirst<Value>(
        timeout: Duration = .seconds(5),
        _ extract: (PairServerMessage) throws -> Value?
    ) async throws -> Value {
        let deadline = ContinuousClock.now + timeout
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw DoodleClientError.timedOut(waitingFor: "a matching pair message", after: timeout, skipped: [])
            }
            if let value = try extract(try await receivePair(timeout: remaining)) { return value }
        }
    }

    /// Sends `createRoom` with `"mode":"pair"` and returns the player's pair room: its waiting
    /// room with the open code, or the pair itself.
    public func createPairRoom(timeout: Duration = .seconds(5)) async throws -> PairRoomSnapshot {
        try await send(.createRoom(mode: .pair, settings: SettingsPatch()))
        return try await pairReply(timeout: timeout) { if case .roomState(let snapshot) = $0 { snapshot } else { nil } }
    }

    /// Sends `joinRoom` with a partner's pair code and returns the new pair room's `roomState`.
    ///
    /// - Throws: the ``DoodleCore/ProtocolError`` of `invalid_target` (your own code),
    ///   `already_paired`, `room_full` (the code was spent) and the other join errors.
    public func joinPair(code: String, timeout: Duration = .seconds(5)) async throws -> PairRoomSnapshot {
        try await send(.joinRoom(code: code))
        return try await pairReply(timeout: timeout) { if case .roomState(let snapshot) = $0 { snapshot } else { nil } }
    }

    /// Sends `suggestWords` and returns the suggestions.
    public func suggestWords(timeout: Duration = .seconds(5)) async throws -> [String] {
        try await send(.suggestWords)
        return try await pairReply(timeout: timeout) { if case .pair(.wordSuggestions(let words)) = $0 { words } else { nil } }
    }

    private func pairReply<Reply>(timeout: Duration, _ extract: (PairServerMessage) -> Reply?) async throws -> Reply {
        try await receivePairFirst(timeout: timeout) { message in
            if case .pair(.error(let error)) = message { throw error }
            return extract(message)
        }
    }
}
