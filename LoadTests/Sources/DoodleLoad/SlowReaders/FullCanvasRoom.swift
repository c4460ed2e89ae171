import DoodleClient
import DoodleCore
import Logging

/// A room whose canvas holds nearly the most a drawing may (GameRules `maxPointsPerDrawing`,
/// 100,000 points): so every `roomState` it sends is as large as the contract allows.
public struct FullCanvasRoom: Sendable {
    /// The invite code.
    public var code: String
    /// Points on the canvas, counted in a `roomState` after drawing.
    public var points: Int
    /// Size of that `roomState` frame, in bytes.
    public var roomStateBytes: Int

    /// Points per message (the contract's most) and messages per stroke: 39 × 256 points a stroke.
    static let pointsPerMessage = 256
    static let messagesPerStroke = 40
    /// 10 strokes × 39 batches × 256 points = 99,840 points, just under the 100,000 limit.
    public static let fullStrokes = 10
    /// Drawing messages per second: under the contract's 120 so no message is refused.
    static let messagesPerSecond = 100

    /// Opens a drawer and a second player (a game needs two), makes the room, starts the game,
    /// draws `strokes` strokes of 9,984 points, then runs `body` with the room while both stay connected.
    static func with<T: Sendable>(
        url: String, index: Int, strokes: Int = fullStrokes, logger: Logger, _ body: (FullCanvasRoom) async throws -> T
    ) async throws -> T {
        let configuration = DoodleClient.Configuration(recordsTranscript: false)
        return try await DoodleClient.withConnection(to: url, configuration: configuration, logger: logger) { drawer in
            try await DoodleClient.withConnection(to: url, configuration: configuration, logger: logger) { partner in
                let room = try await fill(drawer: drawer, partner: partner, index: index, strokes: strokes)
                return try await body(room)
            }
        }
    }

    private static func fill(drawer: DoodleConnection, partner: DoodleConnection, index: Int, strokes: Int) async throws -> FullCanvasRoom {
        let code = try await openTurn(drawer: drawer, partner: partner, index: index)
        let interval = Duration.seconds(1) / messagesPerSecond
        var due = ContinuousClock.now
        for stroke in 1...strokes {
            for batch in 0..<messagesPerStroke {
                try await Task.sleep(until: due, clock: .continuous)
                due += interval
                try await drawer.send(.draw(action(stroke: stroke, batch: batch)))
                // The echoes are not needed; dropping them keeps the client's buffer small.
                _ = drawer.takeBufferedFrames()
                _ = partner.takeBufferedFrames()
            }
        }
        let (points, bytes) = try await canvas(drawer: drawer, index: index)
        return FullCanvasRoom(code: code, points: points, roomStateBytes: bytes)
    }

    /// Says `hello` for both, makes a room (a one-word, 240 s turn that outlasts any run), starts
    /// the game and picks the word, so that `drawer` is drawing. Returns the invite code.
    static func openTurn(drawer: DoodleConnection, partner: DoodleConnection, index: Int) async throws -> String {
        try await drawer.hello(name: "canvas\(index)")
        try await partner.hello(name: "partner\(index)")
        let settings = SettingsPatch(
            maxPlayers: 16, rounds: 1, drawSeconds: 240, chooseSeconds: 30, revealSeconds: 0, wordChoices: 1, hints: 0,
            customWords: ["canvas"], customWordsOnly: true)
        let created = try await drawer.createRoom(settings: settings)
        _ = try await partner.joinRoom(code: created.code)
        try await drawer.send(.startGame)
        _ = try await drawer.receiveFirst(timeout: .seconds(10)) { message -> Bool? in
            if case .error(let error) = message { throw error }
            if case .chooseWord = message { return true }
            return nil
        }
        try await drawer.send(.chooseWord(index: 0))
        _ = try await drawer.receiveFirst(timeout: .seconds(10)) { message -> Bool? in
            if case .error(let error) = message { throw error }
            if case .event(.phaseDrawing, _) = message { return true }
            return nil
        }
        return created.code
    }

    /// The points on the canvas as the server holds it (every refused message would show as
    /// missing points), from a `roomState` asked for with `sync`.
    static func countPoints(drawer: DoodleConnection, index: Int) async throws -> Int {
        try await canvas(drawer: drawer, index: index).points
    }

    private static func canvas(drawer: DoodleConnection, index: Int) async throws -> (points: Int, roomStateBytes: Int) {
        try await drawer.send(.sync)
        let frame = try await drawer.receiveFrame(timeout: .seconds(30)) { frame in
            if case .roomState? = frame.message { return true }
            return false
        }
        guard case .roomState(let snapshot)? = frame.message else { throw LoadError.setupFailed("canvas room \(index): no roomState") }
        let points = snapshot.strokes.reduce(0) { total, item in
            if case .stroke(let stroke) = item { return total + stroke.points.count / 2 }
            return total
        }
        return (points, frame.text.utf8.count)
    }

    /// Points spread over the whole canvas, so that numbers have the digits a real drawing has.
    static func action(stroke: Int, batch: Int) -> DrawingAction {
        if batch == messagesPerStroke - 1 { return .strokeEnd(strokeId: stroke) }
        var points = PointList()
        points.reserveCapacity(pointsPerMessage * 2)
        for index in 0..<pointsPerMessage {
            let n = batch * pointsPerMessage + index
            points.append((n * 37 + stroke * 101) % 1600)
            points.append((n * 53 + stroke * 7) % 1200)
        }
        if batch == 0 {
            return .strokeBegin(StrokeBegin(strokeId: stroke, tool: .pen, color: "#2e86c1", width: 3, points: points))
        }
        return .strokePoints(strokeId: stroke, points: points)
    }
}
