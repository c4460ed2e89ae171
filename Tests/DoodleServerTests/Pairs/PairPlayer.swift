import DoodleClient
import DoodleTestSupport
import Foundation
import Synchronization
import Testing

/// A pair-mode player over a real WebSocket, speaking raw JSON objects, so these tests check
/// the wire exactly as an outside client sees it. Every frame it receives is kept, to check
/// afterwards that a word never reached it early.
final class PairPlayer: Sendable {
    let connection: DoodleConnection
    private let log = Mutex<[String]>([])

    init(_ connection: DoodleConnection) {
        self.connection = connection
    }

    /// Every frame text received so far.
    var received: [String] { log.withLock { $0 } }

    func send(_ object: [String: Any]) async throws {
        let data = try JSONSerialization.data(withJSONObject: object)
        try await connection.sendRaw(String(decoding: data, as: UTF8.self))
    }

    /// The next frame, whatever it is.
    func next(timeout: Duration = .seconds(5)) async throws -> [String: Any] {
        let frame = try await connection.receiveFrame(timeout: timeout)
        log.withLock { $0.append(frame.text) }
        return try Self.object(frame.text)
    }

    /// Skips frames until one of `type` arrives (the skipped ones are kept in `received`).
    func next(_ type: String, timeout: Duration = .seconds(5)) async throws -> [String: Any] {
        let frame = try await connection.receiveFrame(timeout: timeout) { frame in
            self.log.withLock { $0.append(frame.text) }
            return (try? Self.object(frame.text)["type"] as? String) == type
        }
        return try Self.object(frame.text)
    }

    /// Sends `object` and returns the error it gets.
    func error(for object: [String: Any]) async throws -> String? {
        try await send(object)
        return try await next("error")["code"] as? String
    }

    /// Frames that arrive within `duration`.
    func quiet(for duration: Duration = .milliseconds(200)) async throws -> [[String: Any]] {
        let frames = try await connection.collectFrames(for: duration)
        log.withLock { $0.append(contentsOf: frames.map(\.text)) }
        return try frames.map { try Self.object($0.text) }
    }

    @discardableResult
    func hello(_ name: String, token: String? = nil, lastSeq: Int? = nil) async throws -> (id: String, token: String) {
        var hello: [String: Any] = ["type": "hello", "protocol": 1, "name": name]
        if let token { hello["token"] = token }
        if let lastSeq { hello["lastSeq"] = lastSeq }
        try await send(hello)
        let welcome = try await next("welcome")
        return (try #require(welcome["playerId"] as? String), try #require(welcome["token"] as? String))
    }

    /// `createRoom` in pair mode: the waiting room or the pair room's `roomState`.
    func enterPairMode() async throws -> [String: Any] {
        try await send(["type": "createRoom", "mode": "pair"])
        return try await next("roomState")
    }

    /// Begins, draws one line and submits a drawing; the `drawingSent` answer.
    func sendDrawing(_ clientDrawingId: String, word: String) async throws -> [String: Any] {
        try await send(["type": "beginDrawing", "clientDrawingId": clientDrawingId, "word": word])
        try await send(["type": "strokeBegin", "strokeId": 1, "tool": "pen", "color": "#112233", "width": 6, "points": [10, 10, 200, 150]])
        try await send(["type": "strokeEnd", "strokeId": 1])
        try await send(["type": "submitDrawing", "clientDrawingId": clientDrawingId])
        return try await next("drawingSent")
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}

extension TestServer {
    /// Runs `body` with `count` pair players connected.
    func withPairPlayers<T>(_ count: Int, _ body: ([PairPlayer]) async throws -> T) async throws -> T {
        try await withConnections(count) { connections in try await body(connections.map(PairPlayer.init)) }
    }
}
