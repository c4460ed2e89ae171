import AsyncHTTPClient
import DoodleClient
import DoodleCore
import Logging
import NIOCore
import NIOHTTP1

/// What one telephone player saw of its game.
struct TelephonePlayerOutcome: Sendable {
    var seat: Int
    /// Steps begun, entries the reveal showed (with how many were drawings).
    var steps = 0
    var entries = 0
    var drawings = 0
    /// When each entry of the reveal reached this player, in reveal order; and when it was
    /// ready to show: a drawing once `GET /v1/drawings/{id}` brought its strokes.
    var entryArrivals: [ContinuousClock.Instant] = []
    var entriesReady: [ContinuousClock.Instant] = []
    /// The owner's: when it sent the `revealNext` that showed each entry.
    var revealRequests: [ContinuousClock.Instant] = []
    /// Frames before the reveal that carried another player's work, and the first of them.
    var leaks = 0
    var firstLeak: String?
    var gameEnded = false
    var errors: [String] = []
}

/// One player of a telephone room: joins (or, as seat 0, creates and starts), does each task
/// (a text with its token, a drawing in its colour), and as owner moves the reveal on,
/// checking every frame before the reveal for anything of another chain.
struct TelephonePlayer: Sendable {
    let room: Int
    let seat: Int
    let url: String
    let configuration: TelephoneLoadConfiguration
    /// Seat 0 reports the room's code here; the others read it.
    let codes: RoomCodeBoard
    /// Fetches revealed drawings, as a client replaying them does.
    let http: HTTPClient
    let logger: Logger

    func run() async -> TelephonePlayerOutcome {
        var outcome = TelephonePlayerOutcome(seat: seat)
        let deadline = ContinuousClock.now + .seconds(configuration.gameTimeoutSeconds)
        do {
            try await DoodleClient.withConnection(to: url, configuration: .init(recordsTranscript: false), logger: logger) { connection in
                let welcome = try await connection.hello(name: "t\(room)s\(seat)")
                if seat == 0 {
                    let snapshot = try await connection.createRoom(mode: .telephone, settings: configuration.settings, timeout: .seconds(30))
                    await codes.publish(snapshot.code, room: room)
                    try await waitForPlayers(on: connection, deadline: deadline)
                    try await connection.send(.startGame)
                } else {
                    guard let code = await codes.code(of: room) else { throw LoadError.invalidConfiguration("room \(room) was never created") }
                    _ = try await connection.joinRoom(code: code, timeout: .seconds(30))
                }
                try await play(on: connection, me: welcome.playerId, outcome: &outcome, deadline: deadline)
            }
        } catch {
            outcome.errors.append("\(error)")
        }
        if seat == 0 { await codes.finish(room: room) }
        return outcome
    }

    /// The owner starts once every player is in.
    private func waitForPlayers(on connection: DoodleConnection, deadline: ContinuousClock.Instant) async throws {
        var joined = 1
        while joined < configuration.players {
            let frame = try await connection.receiveFrame(timeout: deadline - .now)
            if case .event(.playerJoined, _)? = frame.message { joined += 1 }
        }
    }

    private func play(
        on connection: DoodleConnection, me: PlayerID, outcome: inout TelephonePlayerOutcome, deadline: ContinuousClock.Instant
    ) async throws {
        var allowed: Set<String> = [TelephoneMarks.color(room: room, seat: seat)]
        var revealed = false
        var totalEntries: Int?
        while !outcome.gameEnded {
            let frame = try await connection.receiveFrame(timeout: max(deadline - .now, .milliseconds(1)))
            let arrived = ContinuousClock.now
            guard let message = frame.message else { continue }
            if case .task(let task) = message {
                // What its own task carries is its to see.
                for mark in TelephoneMarks.tokens(in: frame.text) + TelephoneMarks.colors(in: frame.text) { allowed.insert(mark) }
                try await perform(task, on: connection, allowed: &allowed)
                continue
            }
            if !revealed {
                // Colours are looked for in strokes only: an avatar's colour may look like a mark.
                var marks = TelephoneMarks.tokens(in: frame.text)
                if case .event(.drawing, _) = message { marks += TelephoneMarks.colors(in: frame.text) }
                for mark in marks where !allowed.contains(mark) {
                    outcome.leaks += 1
                    if outcome.firstLeak == nil { outcome.firstLeak = String(frame.text.prefix(300)) }
                }
            }
            switch message {
            case .event(.stepStarted(_, let steps, _, _), _):
                outcome.steps += 1
                totalEntries = steps * configuration.players
            case .event(.phaseReveal, _):
                revealed = true
                if seat == 0 { try await requestReveal(on: connection, outcome: &outcome) }
            case .event(.chainEntry(let shown), _):
                outcome.entries += 1
                outcome.entryArrivals.append(arrived)
                if let drawingId = shown.entry.drawingId {
                    outcome.drawings += 1
                    try await fetchDrawing(drawingId)
                }
                outcome.entriesReady.append(.now)
                if seat == 0 {
                    try await Task.sleep(for: .milliseconds(configuration.revealPauseMilliseconds))
                    try await requestReveal(on: connection, outcome: &outcome)
                }
            case .event(.gameEnded, _):
                outcome.gameEnded = true
                if let totalEntries, outcome.entries != totalEntries {
                    outcome.errors.append("the reveal showed \(outcome.entries) of \(totalEntries) entries")
                }
            case .error(let error):
                outcome.errors.append("\(error.code.rawValue) for \(error.ref ?? "?"): \(error.message)")
            default:
                break
            }
        }
    }

    /// The revealed drawing's strokes, as the page fetches them to replay it.
    private func fetchDrawing(_ id: String) async throws {
        let response = try await http.execute(HTTPClientRequest(url: TelephoneLoad.httpBase(of: url) + "/v1/drawings/\(id)"), timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 16 << 20)
        guard response.status.code == 200 else { throw LoadError.invalidConfiguration("GET /v1/drawings/\(id) answered \(response.status.code)") }
    }

    private func requestReveal(on connection: DoodleConnection, outcome: inout TelephonePlayerOutcome) async throws {
        outcome.revealRequests.append(.now)
        try await connection.send(.revealNext)
    }

    private func perform(_ task: TelephoneTask, on connection: DoodleConnection, allowed: inout Set<String>) async throws {
        switch task.kind {
        case .write, .describe:
            try await Task.sleep(for: .milliseconds(configuration.thinkMilliseconds))
            let token = TelephoneMarks.token(room: room, seat: seat, step: task.step)
            allowed.insert(token)
            try await connection.send(.submitText("\(token) a cat on a bicycle"))
        case .draw:
            let color = TelephoneMarks.color(room: room, seat: seat)
            for stroke in 0..<configuration.strokesPerDrawing {
                let id = stroke + 1
                var points: [Int] = []
                for point in 0..<configuration.pointsPerMessage {
                    points += [40 + (stroke * 97 + point * 13) % 1500, 40 + (stroke * 61 + point * 29) % 1100]
                }
                try await connection.send(.draw(.strokeBegin(StrokeBegin(strokeId: id, tool: .pen, color: color, width: 6, points: PointList(points)))))
                try await Task.sleep(for: .milliseconds(configuration.strokeIntervalMilliseconds))
                try await connection.send(.draw(.strokeEnd(strokeId: id)))
                try await Task.sleep(for: .milliseconds(configuration.strokeIntervalMilliseconds))
            }
            try await connection.send(.submitTelephoneDrawing)
        }
    }
}

/// Where each room's creator leaves its code for the room's other players.
actor RoomCodeBoard {
    private var codes: [Int: String] = [:]
    private var finished: Set<Int> = []
    private var waiting: [Int: [CheckedContinuation<String?, Never>]] = [:]

    func publish(_ code: String, room: Int) {
        codes[room] = code
        for waiter in waiting.removeValue(forKey: room) ?? [] { waiter.resume(returning: code) }
    }

    /// The creator is done (or failed): anyone still waiting hears there is no code.
    func finish(room: Int) {
        finished.insert(room)
        for waiter in waiting.removeValue(forKey: room) ?? [] { waiter.resume(returning: codes[room]) }
    }

    func code(of room: Int) async -> String? {
        if let code = codes[room] { return code }
        if finished.contains(room) { return nil }
        return await withCheckedContinuation { waiting[room, default: []].append($0) }
    }
}
