import DoodleClient
import DoodleCore
import DoodleTestSupport
import Logging

/// One room of three players playing turn after turn against a server, as fast as the rules
/// allow: the drawer picks a word and draws three strokes, both guessers guess it once they
/// have seen the last stroke (so the record is complete when the turn ends), and the turn
/// ends by `allGuessed`. Each turn's drawing id and strokes go to the ledger.
struct DurabilityRoom: Sendable {
    static let words = ["banana", "giraffe", "umbrella"]
    static let settings = SettingsPatch(rounds: 10, revealSeconds: 0, customWords: words, customWordsOnly: true)
    static let players = 3
    /// A bound on the loop; the test kills the server long before.
    static let maxTurns = 500

    let index: Int
    let url: String
    let ledger: DurabilityLedger
    let logger: Logger

    /// Plays until the connection ends (the server was killed), the task is cancelled, or
    /// something goes wrong; reports how it ended to the ledger.
    func run() async {
        ledger.roomStarted()
        do {
            try await play()
            ledger.roomStopped(index, error: nil)
        } catch {
            ledger.roomStopped(index, error: error)
        }
    }

    private func play() async throws {
        // A killed server never answers the close; do not wait long for it.
        let configuration = DoodleClient.Configuration(closeTimeout: .milliseconds(200), recordsTranscript: false)
        try await withConnections(Self.players, configuration: configuration) { players in
            var ids: [PlayerID] = []
            for (seat, player) in players.enumerated() {
                ids.append(try await player.hello(name: "Room\(index)Player\(seat)").playerId)
            }
            let room = try await players[0].createRoom(settings: Self.settings)
            for player in players.dropFirst() {
                _ = try await player.joinRoom(code: room.code)
            }
            try await players[0].send(.startGame)
            do {
                for turn in 0..<Self.maxTurns {
                    try Task.checkCancellation()
                    try await playTurn(turn, players: players, ids: ids)
                }
            } catch {
                await recordClosures(of: players)
                throw error
            }
        }
    }

    /// Once one player's connection has ended, waits a moment for the others' to end too and
    /// tells the ledger how each ended.
    private func recordClosures(of players: [DoodleConnection]) async {
        let deadline = ContinuousClock.now + .seconds(2)
        while players.contains(where: { $0.closure == nil }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        ledger.connectionsEnded(players.map(\.closure))
    }

    private enum TurnStart {
        case choosing(drawer: PlayerID)
        case gameEnded
    }

    private func playTurn(_ turn: Int, players: [DoodleConnection], ids: [PlayerID]) async throws {
        var start = TurnStart.gameEnded
        for player in players {
            start = try await player.receiveFirst { message -> TurnStart? in
                switch message {
                case .event(.phaseChoosing(_, let drawer, _), _): .choosing(drawer: drawer)
                case .event(.gameEnded, _): .gameEnded
                default: nil
                }
            }
        }
        guard case .choosing(let drawerId) = start, let drawerIndex = ids.firstIndex(of: drawerId) else {
            // Ten rounds are over: a rematch keeps the load going.
            try await players[0].send(.startGame)
            return
        }
        let drawer = players[drawerIndex]
        _ = try await drawer.receiveFirst { message -> Bool? in if case .chooseWord = message { true } else { nil } }
        try await drawer.send(.chooseWord(index: 0))
        let word = try await drawer.receiveFirst { message -> String? in
            if case .event(.phaseDrawing(_, _, let word), _) = message { word } else { nil }
        }
        let actions = Self.strokes(seed: index * 1_000 + turn)
        for action in actions {
            try await drawer.send(.draw(action))
        }
        for (seat, guesser) in players.enumerated() where seat != drawerIndex {
            _ = try await guesser.receiveFirst { message -> Bool? in
                if case .event(.drawing(.strokeEnd(Self.strokesPerTurn), _), _) = message { true } else { nil }
            }
            try await guess(word, by: guesser)
        }
        var drawingId: String?
        for player in players {
            drawingId = try await player.receiveFirst { message -> String? in
                if case .event(.turnEnded(let summary), _) = message { summary.drawingId } else { nil }
            }
        }
        if let drawingId {
            ledger.turnEnded(drawingId: drawingId, SentDrawing(word: word, actions: actions))
        }
    }

    /// Guesses right. A guesser may guess 5 times in 3 s; turns here are quicker than that, so a
    /// `rate_limited` answer is waited out and the guess sent again.
    private func guess(_ word: String, by guesser: DoodleConnection) async throws {
        for _ in 0..<20 {
            try await guesser.send(.guess(text: word))
            let accepted = try await guesser.receiveFirst { message -> Bool? in
                switch message {
                case .guessResult(let result) where result.correct: return true
                case .guessResult: throw DurabilityRoomError.guessRejected(word)
                case .error(let error) where error.code == .rateLimited: return false
                case .error(let error): throw error
                default: return nil
                }
            }
            if accepted { return }
            try await Task.sleep(for: .milliseconds(300))
        }
        throw DurabilityRoomError.guessRejected(word)
    }

    static let strokesPerTurn = 3

    /// Three pen strokes of 12 points (a begin with 4, one batch of 8, an end), placed by `seed`
    /// so that every turn's record differs. Colours are lowercase, as the room relays them.
    static func strokes(seed: Int) -> [DrawingAction] {
        let colors = ["#1a2b3c", "#ff0000", "#00aa00"]
        var actions: [DrawingAction] = []
        for stroke in 1...strokesPerTurn {
            let x = 100 + (seed * 37 + stroke * 211) % 1_300
            let y = 100 + (seed * 53 + stroke * 97) % 900
            let begin = (0..<4).flatMap { step in [x + step * 3, y + step * 2] }
            let more = (4..<12).flatMap { step in [x + step * 3, y + step * 2 - step % 3] }
            actions.append(
                .strokeBegin(StrokeBegin(strokeId: stroke, tool: .pen, color: colors[stroke - 1], width: 2 + seed % 10, points: PointList(begin))))
            actions.append(.strokePoints(strokeId: stroke, points: PointList(more)))
            actions.append(.strokeEnd(strokeId: stroke))
        }
        return actions
    }

    /// Opens `count` connections to the server and runs `body` with all of them.
    private func withConnections<T>(
        _ count: Int, configuration: DoodleClient.Configuration, opened: [DoodleConnection] = [],
        _ body: ([DoodleConnection]) async throws -> T
    ) async throws -> T {
        if opened.count == count { return try await body(opened) }
        return try await DoodleClient.withConnection(to: url, configuration: configuration, logger: logger) { connection in
            try await withConnections(count, configuration: configuration, opened: opened + [connection], body)
        }
    }
}

enum DurabilityRoomError: Error {
    case guessRejected(String)
}
