import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

/// PROTOCOL.md rev 4, "A reload is not a departure", over real WebSockets. The room's timers run
/// on a manual clock, so the drawer's 15 s grace is crossed exactly where the test says.
@Suite("A reload is not a departure, live")
struct LiveReloadTests {
    private static let drawerGraceMillis: Int64 = 15_000

    /// What the drawer's first connection left behind.
    private struct Dropped: Sendable {
        var token: String
        var drawerId: PlayerID
        var word: String
        var lastSeq: Int
    }

    @Test("a drawer that reconnects within its grace keeps drawing; the others see it go and come back, and no turnEnded")
    func drawerResumesMidTurn() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            try await server.withConnections(2) { guessers in
                let dropped = try await server.withConnections(1) { first in
                    try await Self.startDrawingThenClose(first[0], guessers: guessers)
                }
                for guesser in guessers {
                    let gone = try await guesser.receiveFirst { message -> PlayerID? in
                        if case .event(.playerConnection(let id, false), _) = message { id } else { nil }
                    }
                    #expect(gone == dropped.drawerId)
                }
                // Most of the grace passes before the drawer is back.
                clock.advance(byMillis: Self.drawerGraceMillis - 1_000)

                try await server.withConnections(1) { again in
                    let drawer = again[0]
                    let welcome = try await drawer.hello(name: "Drawer", token: dropped.token, lastSeq: dropped.lastSeq)
                    #expect(welcome.playerId == dropped.drawerId)
                    // The replay: its own drop and return, nothing else happened meanwhile.
                    let replayed = [try await drawer.receive(), try await drawer.receive()]
                    #expect(replayed.map(\.seq) == [dropped.lastSeq + 1, dropped.lastSeq + 2])
                    #expect(replayed.last == .event(.playerConnection(playerId: dropped.drawerId, connected: true), seq: dropped.lastSeq + 2))

                    let state = try await drawer.sync()
                    #expect(state.phase == .drawing)
                    #expect(state.drawerId == dropped.drawerId)
                    #expect(state.word == dropped.word)
                    #expect(state.strokes.count == 1, "the canvas so far")

                    let stroke = StrokeBegin(strokeId: 2, tool: .pen, color: "#00ff00", width: 4, points: [50, 50, 60, 60])
                    try await drawer.send(.draw(.strokeBegin(stroke)))
                    try await drawer.send(.draw(.strokeEnd(strokeId: 2)))
                    _ = try await drawer.receiveFirst { message -> Bool? in
                        if case .event(.drawing(.strokeEnd(2), _), _) = message { true } else { nil }
                    }
                    for guesser in guessers {
                        let seen = try await Self.events(of: guesser, untilStrokeEnd: 2)
                        #expect(seen.contains(.playerConnection(playerId: dropped.drawerId, connected: true)))
                        #expect(!seen.contains { if case .turnEnded = $0 { true } else { false } })
                        #expect(seen.contains { if case .drawing(.strokeBegin, dropped.drawerId) = $0 { true } else { false } })
                    }

                    // Past the moment the grace would have ended: the turn is still the drawer's.
                    clock.advance(byMillis: 2_000)
                    for guesser in guessers { try await guesser.send(.guess(text: dropped.word)) }
                    for guesser in guessers {
                        let reason = try await guesser.receiveFirst { message -> TurnEndReason? in
                            if case .event(.turnEnded(let summary), _) = message { summary.reason } else { nil }
                        }
                        #expect(reason == .allGuessed)
                    }
                }
            }
        }
    }

    @Test("a drawer that stays away past its grace loses the turn with drawerLeft, and a two-seat game goes on")
    func drawerGraceRunsOut() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            try await server.withConnections(1) { guessers in
                let dropped = try await server.withConnections(1) { first in
                    try await Self.startDrawingThenClose(first[0], guessers: guessers)
                }
                let guesser = guessers[0]
                _ = try await guesser.receiveFirst { message -> Bool? in
                    if case .event(.playerConnection(_, false), _) = message { true } else { nil }
                }
                clock.advance(byMillis: Self.drawerGraceMillis)
                let summary = try await guesser.receiveFirst { message -> TurnSummary? in
                    if case .event(.turnEnded(let summary), _) = message { summary } else { nil }
                }
                #expect(summary.reason == .drawerLeft)
                #expect(summary.word == dropped.word)
                #expect(summary.drawingId != nil)
                // The drawer still holds its seat: no gameEnded, and the guesser's turn comes next.
                let next = try await guesser.receiveFirst { message -> RoomEvent? in
                    switch message {
                    case .event(let event, _):
                        switch event {
                        case .phaseChoosing, .gameEnded: event
                        default: nil
                        }
                    default: nil
                    }
                }
                guard case .phaseChoosing = next else {
                    Issue.record("expected the next turn, got \(next)")
                    return
                }
            }
        }
    }

    @Test("a drawer that reconnects while choosing is offered its words again after the replay, and chooses")
    func drawerResumesWhileChoosing() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            try await server.withConnections(1) { guessers in
                let guesser = guessers[0]
                let (token, offered, lastSeq) = try await server.withConnections(1) { first in
                    let drawer = first[0]
                    let welcome = try await drawer.hello(name: "Drawer")
                    let room = try await drawer.createRoom(settings: LiveGameTests.quickGame)
                    try await guesser.hello(name: "Guesser")
                    _ = try await guesser.joinRoom(code: room.code)
                    try await drawer.send(.startGame)
                    let lastSeq = try await drawer.receiveFirst { message -> Int? in
                        if case .event(.phaseChoosing, let seq) = message { seq } else { nil }
                    }
                    let offered = try await drawer.receiveFirst { message -> [String]? in
                        if case .chooseWord(let choices) = message { choices } else { nil }
                    }
                    try await drawer.close()
                    return (welcome.token, offered, lastSeq)
                }
                _ = try await guesser.receiveFirst { if case .event(.playerConnection(_, false), _) = $0 { true } else { nil } }
                clock.advance(byMillis: 5_000)
                try await server.withConnections(1) { again in
                    let drawer = again[0]
                    try await drawer.hello(name: "Drawer", token: token, lastSeq: lastSeq)
                    let after = [try await drawer.receive(), try await drawer.receive(), try await drawer.receive()]
                    #expect(after.map(\.seq) == [lastSeq + 1, lastSeq + 2, nil], "the replay, then the offer (no seq)")
                    #expect(after.last == .chooseWord(choices: offered))
                    try await drawer.send(.chooseWord(index: 2))
                    let word = try await drawer.receiveFirst { message -> String? in
                        if case .event(.phaseDrawing(_, _, let word), _) = message { word } else { nil }
                    }
                    #expect(word == offered[2])
                }
            }
        }
    }

    // MARK: - Helpers

    /// The drawer creates a room the guessers join, starts, chooses, draws one stroke, and
    /// reads its own echo of it (its `lastSeq`); its connection is closed on return.
    private static func startDrawingThenClose(_ drawer: DoodleConnection, guessers: [DoodleConnection]) async throws -> Dropped {
        let welcome = try await drawer.hello(name: "Drawer")
        let room = try await drawer.createRoom(settings: LiveGameTests.quickGame)
        for (index, guesser) in guessers.enumerated() {
            try await guesser.hello(name: "Guesser\(index + 1)")
            _ = try await guesser.joinRoom(code: room.code)
        }
        try await drawer.send(.startGame)
        _ = try await drawer.receiveFirst { if case .chooseWord = $0 { true } else { nil } }
        try await drawer.send(.chooseWord(index: 0))
        let word = try await drawer.receiveFirst { message -> String? in
            if case .event(.phaseDrawing(_, _, let word), _) = message { word } else { nil }
        }
        try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#ff0000", width: 5, points: [10, 10, 20, 20]))))
        try await drawer.send(.draw(.strokeEnd(strokeId: 1)))
        let lastSeq = try await drawer.receiveFirst { message -> Int? in
            if case .event(.drawing(.strokeEnd(1), _), let seq) = message { seq } else { nil }
        }
        try await drawer.close()
        return Dropped(token: welcome.token, drawerId: welcome.playerId, word: word, lastSeq: lastSeq)
    }

    /// Every room event `connection` receives up to the end of stroke `strokeId`, in order.
    private static func events(of connection: DoodleConnection, untilStrokeEnd strokeId: Int) async throws -> [RoomEvent] {
        var events: [RoomEvent] = []
        while true {
            guard case .event(let event, _) = try await connection.receive() else { continue }
            events.append(event)
            if case .drawing(.strokeEnd(strokeId), _) = event { return events }
        }
    }
}
