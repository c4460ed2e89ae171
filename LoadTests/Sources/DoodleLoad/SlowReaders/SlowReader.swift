
/// What happened to one client that asked for `roomState`s and never read them.
public struct SlowReaderOutcome: Sendable, Codable, Equatable {
    public var index: Int
    /// The full-canvas room it joined.
    public var room: String
    /// `sync`s it managed to write.
    public var syncsSent: Int
    /// Seconds from its `joinRoom` until the server closed or reset the socket; nil if it was
    /// still open when the scenario ended.
    public var closedAfterSeconds: Double?
    /// How the end showed: NIO's error (a reset) or a plain end of stream.
    public var ending: String?
    /// The status code of the server's close frame, when one could be read. A client that never
    /// reads normally cannot see it: the frame sits behind everything the server queued before.
    public var closeCode: Int?
    /// Why it could not start (connect or upgrade refused), if it could not.
    public var failure: String?
}

/// A client that sets a tiny receive buffer, joins a room, asks for a `roomState` as often as
/// the `other` rate limit allows, and never reads one: the worst a slow or malicious reader
/// can do to the server's memory.
struct SlowReader {
    let index: Int
    let port: Int
    let roomCode: String
    let receiveBufferBytes: Int
    /// Between two `sync`s: just over 1/30 s, so the 30/s limit never refuses one.
    let interval: Duration
    let stop: StopSignal

    func run() async -> SlowReaderOutcome {
        var outcome = SlowReaderOutcome(index: index, room: roomCode, syncsSent: 0)
        let socket: RawWebSocket
        do {
            socket = try await RawWebSocket.connect(port: port, reading: .upgradeOnly, receiveBufferBytes: receiveBufferBytes)
        } catch {
            outcome.failure = "\(error)"
            return outcome
        }
        defer { socket.close() }
        let joined = ContinuousClock.now
        do {
            try await socket.write([
                .text(#"{"type":"hello","protocol":1,"name":"slow\#(index)"}"#), .text(#"{"type":"joinRoom","code":"\#(roomCode)"}"#),
            ])
        } catch {
            outcome.failure = "hello/joinRoom: \(error)"
            return outcome
        }
        var due = ContinuousClock.now
        let sync = ClientFrame.text(#"{"type":"sync"}"#)
        while !stop.isStopping && socket.answers.endedAt == nil {
            due += interval
            try? await Task.sleep(until: due, clock: .continuous)
            // A write that cannot complete (the server stopped reading us) must not stall the
            // clock that detects the end, so writes are not awaited one by one.
            socket.send([sync])
            outcome.syncsSent += 1
        }
        let answers = socket.answers
        if let ended = answers.endedAt {
            outcome.closedAfterSeconds = (ended - joined).seconds
            outcome.ending = answers.endError ?? "end of stream"
        }
        outcome.closeCode = answers.closeFrame?.code
        return outcome
    }
}
