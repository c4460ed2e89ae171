import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// PROTOCOL.md rev 5, "Rooms outlive their server", over real WebSockets: a server stopped
/// gracefully mid-turn and started again on the same database brings the game back where it was.
/// Both servers run on one manual clock, so the time the room spends without a host is exact.
@Suite("Rooms outlive their server, live")
struct LiveRestartTests {
    /// A game mid-drawing, as each of its three players last saw it.
    struct Scene: Sendable {
        var tokens: [String]
        var ids: [PlayerID]
        var word: String
        /// Each player's own `roomState` after the last event.
        var states: [RoomSnapshot]
    }

    /// The drawer (players[0]) draws two strokes; players[1] guesses the word; players[2] does not.
    static func playToMidDrawing(_ players: [DoodleConnection]) async throws -> Scene {
        var tokens: [String] = []
        var ids: [PlayerID] = []
        for (index, player) in players.enumerated() {
            let welcome = try await player.hello(name: "Player\(index + 1)")
            tokens.append(welcome.token)
            ids.append(welcome.playerId)
        }
        let room = try await players[0].createRoom(settings: LiveGameTests.quickGame)
        for player in players.dropFirst() { _ = try await player.joinRoom(code: room.code) }
        try await players[0].send(.startGame)
        _ = try await players[0].receiveFirst { if case .chooseWord = $0 { true } else { nil } }
        try await players[0].send(.chooseWord(index: 0))
        let word = try await players[0].receiveFirst { message -> String? in
            if case .event(.phaseDrawing(_, _, let word), _) = message { word } else { nil }
        }
        for strokeId in 1...2 {
            let points: PointList = [10 * strokeId, 10, 20 * strokeId, 20, 30, 30 * strokeId]
            try await players[0].send(.draw(.strokeBegin(StrokeBegin(strokeId: strokeId, tool: .pen, color: "#ff0000", width: 5, points: points))))
            try await players[0].send(.draw(.strokeEnd(strokeId: strokeId)))
        }
        try await players[1].send(.guess(text: word))
        for player in players {
            _ = try await player.receiveFirst { message -> Bool? in
                if case .event(.playerGuessed, _) = message { true } else { nil }
            }
        }
        var states: [RoomSnapshot] = []
        for player in players { states.append(try await player.sync()) }
        return Scene(tokens: tokens, ids: ids, word: word, states: states)
    }

    /// Each player of `scene` says `hello` with its token and the `seq` it last saw, as the same
    /// player; returns the `roomState` each gets (the first resume after a restore is a full
    /// one, whatever `lastSeq` said).
    static func resume(_ players: [DoodleConnection], from scene: Scene) async throws -> [RoomSnapshot] {
        var states: [RoomSnapshot] = []
        for (index, player) in players.enumerated() {
            let welcome = try await player.hello(name: "Player\(index + 1)", token: scene.tokens[index], lastSeq: scene.states[index].seq)
            #expect(welcome.playerId == scene.ids[index])
            states.append(try await player.receiveFirst { message -> RoomSnapshot? in
                if case .roomState(let state) = message { state } else { nil }
            })
        }
        return states
    }

    @Test("a graceful restart mid-turn: same drawer, word, canvas, scores and time left, a new epoch, and the game plays on")
    func gracefulRestartMidTurn() async throws {
        try await ChildDatabase.with(.sqlite) { scratch in
            try await gracefulRestartMidTurn(database: scratch.location)
        }
    }

    private func gracefulRestartMidTurn(database: String) async throws {
        let clock = ManualGameClock()

        let scene = try await TestServer.with(database: database, clock: clock) { server in
            try await server.withConnections(3) { players in
                let scene = try await Self.playToMidDrawing(players)
                await server.shutDown()
                for player in players {
                    #expect(try await player.waitForClose().closeCode == .shuttingDown)
                }
                return scene
            }
        }
        let before = scene.states
        #expect(before[0].phase == .drawing)
        #expect(before[0].strokes.count == 2)
        // Half a minute without a host: the room's clock stands still meanwhile.
        clock.advance(byMillis: 30_000)

        try await TestServer.with(database: database, clock: clock) { server in
            try await server.withConnections(3) { players in
                let after = try await Self.resume(players, from: scene)
                for (index, state) in after.enumerated() {
                    #expect(state.epoch != nil)
                    #expect(state.epoch != before[index].epoch, "a restored room is a new epoch")
                    #expect(state.code == before[index].code)
                    #expect(state.phase == .drawing)
                    #expect(state.drawerId == scene.ids[0])
                    #expect(state.word == before[index].word, "the word for whoever knew it, and nobody else")
                    #expect(state.strokes == before[index].strokes, "the canvas")
                    #expect(state.players.map(\.score) == before[index].players.map(\.score), "the scores")
                    #expect(state.deadline == before[index].deadline.map { $0 + 30_000 }, "the time left")
                    #expect(state.seq >= before[index].seq)
                }
                #expect(after[0].word == scene.word)
                #expect(after[2].word == nil)

                // The game goes on: the last guesser gets it, and the turn ends with everyone's guess.
                try await players[2].send(.guess(text: scene.word))
                let summary = try await players[0].receiveFirst { message -> TurnSummary? in
                    if case .event(.turnEnded(let summary), _) = message { summary } else { nil }
                }
                #expect(summary.reason == .allGuessed)
                #expect(summary.scores.filter { $0.gained > 0 }.count == 3, "both guessers and the drawer scored")
                let drawingId = try #require(summary.drawingId)
                // The drawing is stored once, with the strokes from before the restart.
                let status = try await Self.status(of: "\(server.httpBase)/v1/drawings/\(drawingId)", waitingFor: 200)
                #expect(status == 200)
            }
        }
    }

    @Test("a public room after a restart: listed again once its players are back, its watcher resumes as a watcher, and quick play seats a newcomer in it")
    func publicRoomWithWatcherAfterRestart() async throws {
        try await ChildDatabase.with(.sqlite) { scratch in
            try await publicRoomWithWatcherAfterRestart(database: scratch.location)
        }
    }

    private func publicRoomWithWatcherAfterRestart(database: String) async throws {
        let clock = ManualGameClock()
        let (code, tokens, ids) = try await TestServer.with(database: database, clock: clock) { server in
            try await server.withConnections(3) { people in
                var tokens: [String] = []
                var ids: [PlayerID] = []
                for (index, name) in ["Ann", "Ben", "Wes"].enumerated() {
                    let welcome = try await people[index].hello(name: name)
                    tokens.append(welcome.token)
                    ids.append(welcome.playerId)
                }
                let room = try await people[0].quickPlay(wordPack: "de")
                #expect(try await people[1].quickPlay(wordPack: "de").code == room.code)
                _ = try await people[2].joinRoom(code: room.code, spectate: true)
                await server.shutDown()
                for person in people { _ = try await person.waitForClose() }
                return (room.code, tokens, ids)
            }
        }
        try await TestServer.with(database: database, clock: clock) { server in
            try await server.withConnections(4) { people in
                var states: [RoomSnapshot] = []
                for (index, name) in ["Ann", "Ben", "Wes"].enumerated() {
                    _ = try await people[index].hello(name: name, token: tokens[index], lastSeq: 0)
                    states.append(try await people[index].receiveFirst { message -> RoomSnapshot? in
                        if case .roomState(let state) = message { state } else { nil }
                    })
                }
                #expect(states.allSatisfy { $0.code == code })
                #expect(states[2].players.map(\.id) == Array(ids.prefix(2)), "the players kept their seats")
                #expect(states[2].spectators.map(\.id) == [ids[2]], "the watcher is still a watcher")
                let listed = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms?wordPack=de")["rooms"] as? [[String: Any]])
                #expect(listed.compactMap { $0["code"] as? String } == [code], "the restored room is public again")
                #expect(listed.first?["players"] as? Int == 2)
                try await people[3].hello(name: "Nia")
                #expect(try await people[3].quickPlay(wordPack: "de").code == code, "quick play finds the restored room")
            }
        }
    }

    @Test("a room nobody resumes after a restore closes when its graces run out, and its checkpoint goes with it")
    func unresumedRoomCloses() async throws {
        try await ChildDatabase.with(.sqlite) { scratch in
            try await unresumedRoomCloses(database: scratch.location)
        }
    }

    private func unresumedRoomCloses(database: String) async throws {
        let clock = ManualGameClock()

        let code = try await TestServer.with(database: database, clock: clock) { server in
            try await server.withConnections(2) { players in
                try await players[0].hello(name: "Ann")
                try await players[1].hello(name: "Ben")
                let room = try await players[0].createRoom()
                _ = try await players[1].joinRoom(code: room.code)
                await server.shutDown()
                _ = try await players[0].waitForClose()
                return room.code
            }
        }
        try await TestServer.with(database: database, clock: clock) { server in
            let restored = try await HTTPProbe.status("\(server.httpBase)/v1/rooms/\(code)")
            #expect(restored == 200, "the lobby is back")
            // Reconnect grace (60 s) and the empty room's (30 s), from the restore.
            for _ in 0..<100 {
                clock.advance(byMillis: 1_000)
                try await Task.sleep(for: .milliseconds(5))
            }
            let gone = try await Self.status(of: "\(server.httpBase)/v1/rooms/\(code)", waitingFor: 404)
            #expect(gone == 404)
        }
        try await TestServer.with(database: database, clock: clock) { server in
            let again = try await HTTPProbe.status("\(server.httpBase)/v1/rooms/\(code)")
            #expect(again == 404, "nothing of it is restored again")
        }
    }

    /// The status of a GET on `url` once it is `expected`, or the last one after 5 s.
    static func status(of url: String, waitingFor expected: Int) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(5)
        var status = try await HTTPProbe.status(url)
        while status != expected, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            status = try await HTTPProbe.status(url)
        }
        return status
    }
}
