import DoodleCore

extension DoodleConnection {
    /// Returns the next frame from the server, decodable or not.
    ///
    /// - Throws: ``DoodleClientError/timedOut(waitingFor:after:skipped:)`` when none arrives within
    ///   `timeout`; ``DoodleClientError/connectionClosed(_:)`` when the connection has ended and
    ///   every earlier frame has been read; `CancellationError`.
    nonisolated(nonsending) public func receiveFrame(timeout: Duration = .seconds(5)) async throws -> ServerFrame {
        var skipped: [String] = []
        return try await nextFrame(deadline: .now + timeout, timeout: timeout, waitingFor: "a frame", skipped: &skipped)
    }

    /// Skips frames until one satisfies `predicate` and returns it; `timeout` bounds the whole wait.
    /// Undecodable frames are offered to `predicate` too.
    nonisolated(nonsending) public func receiveFrame(
        timeout: Duration = .seconds(5),
        until predicate: (ServerFrame) throws -> Bool
    ) async throws -> ServerFrame {
        let deadline = ContinuousClock.now + timeout
        var skipped: [String] = []
        while true {
            let frame = try await nextFrame(deadline: deadline, timeout: timeout, waitingFor: "a matching frame", skipped: &skipped)
            if try predicate(frame) { return frame }
            skipped.append(frame.message?.typeName ?? "undecodable")
        }
    }

    /// Returns the next server message, in the order received.
    ///
    /// - Throws: ``DoodleClientError/undecodableFrame(_:)`` if the next frame does not decode (the
    ///   frame is consumed; the connection stays usable), and the errors of ``receiveFrame(timeout:)``.
    nonisolated(nonsending) public func receive(timeout: Duration = .seconds(5)) async throws -> ServerMessage {
        try Self.decoded(try await receiveFrame(timeout: timeout))
    }

    /// Skips messages until one satisfies `predicate` and returns it; `timeout` bounds the whole
    /// wait. The skipped messages are gone (their text stays in ``transcript``).
    ///
    /// - Throws: ``DoodleClientError/undecodableFrame(_:)`` on an undecodable frame, and the errors
    ///   of ``receiveFrame(timeout:)``; a timeout lists the types it skipped.
    nonisolated(nonsending) public func receive(
        timeout: Duration = .seconds(5),
        until predicate: (ServerMessage) throws -> Bool
    ) async throws -> ServerMessage {
        try await receiveFirst(timeout: timeout) { message in try predicate(message) ? message : nil }
    }

    /// Skips messages until `extract` returns a value for one, and returns that value; `timeout`
    /// bounds the whole wait. For example:
    /// ```swift
    /// let word = try await connection.receiveFirst { message in
    ///     if case .event(.turnEnded(let summary), _) = message { summary.word } else { nil }
    /// }
    /// ```
    nonisolated(nonsending) public func receiveFirst<Value>(
        timeout: Duration = .seconds(5),
        _ extract: (ServerMessage) throws -> Value?
    ) async throws -> Value {
        let deadline = ContinuousClock.now + timeout
        var skipped: [String] = []
        while true {
            let frame = try await nextFrame(deadline: deadline, timeout: timeout, waitingFor: "a matching message", skipped: &skipped)
            let message = try Self.decoded(frame)
            if let value = try extract(message) { return value }
            skipped.append(message.typeName)
        }
    }

    /// Waits `duration`, then returns every frame received and not yet read (possibly none).
    /// Use it to assert that nothing (or nothing of a kind) arrives.
    public func collectFrames(for duration: Duration) async throws -> [ServerFrame] {
        try await Task.sleep(for: duration)
        return takeBufferedFrames()
    }

    /// Returns every frame received and not yet read, without waiting.
    public func takeBufferedFrames() -> [ServerFrame] {
        inbox.takeAll()
    }

    /// Discards frames until the connection ends and returns how it ended (for example the
    /// server's close code 4000 after a kick).
    ///
    /// - Throws: ``DoodleClientError/timedOut(waitingFor:after:skipped:)`` if it is still open
    ///   after `timeout`; `CancellationError`.
    public func waitForClose(timeout: Duration = .seconds(5)) async throws -> ConnectionClosure {
        let deadline = ContinuousClock.now + timeout
        var skipped: [String] = []
        while true {
            do {
                let frame = try await nextFrame(deadline: deadline, timeout: timeout, waitingFor: "the close", skipped: &skipped)
                skipped.append(frame.message?.typeName ?? "undecodable")
            } catch DoodleClientError.connectionClosed(let closure) {
                return closure
            }
        }
    }

    nonisolated(nonsending) private func nextFrame(
        deadline: ContinuousClock.Instant,
        timeout: Duration,
        waitingFor: String,
        skipped: inout [String]
    ) async throws -> ServerFrame {
        while true {
            try Task.checkCancellation()
            switch inbox.take() {
            case .frame(let frame):
                return frame
            case .closed(let closure):
                throw DoodleClientError.connectionClosed(closure)
            case .empty(let version):
                guard ContinuousClock.now < deadline else {
                    throw DoodleClientError.timedOut(waitingFor: waitingFor, after: timeout, skipped: Array(skipped.suffix(50)))
                }
                await inbox.waitForChange(after: version, until: deadline)
            }
        }
    }

    private static func decoded(_ frame: ServerFrame) throws -> ServerMessage {
        guard let message = frame.message else { throw DoodleClientError.undecodableFrame(frame) }
        return message
    }
}
