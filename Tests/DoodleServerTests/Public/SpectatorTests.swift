import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

@Suite("Spectators, live")
struct LiveSpectatorTests {
    static let words = ["banana", "giraffe", "umbrella"]
    static let quickGame = SettingsPatch(maxPlayers: 2, rounds: 1, revealSeconds: 0, customWords: words, customWordsOnly: true)

    static func isEvent(_ message: ServerMessage, _ matches: (RoomEvent) -> Bool) -> Bool {
        if case .event(let event, _) = message { matches(event) } else { false }
    }

    @Test("a watcher joins a full private room by invite, sees every stroke, and never a word before turnEnded")
    func watcherSeesNoWordBeforeTheTurnEnds() async throws {
        try await TestServer.with { server in
            try await server.withRoom(players: 2, settings: Self.quickGame) { players, ids, room in
                try await server.withConnections(2) { others in
                    let (watcher, latecomer) = (others[0], others[1])
                    let watcherId = try await watcher.hello(name: "Watcher").playerId
                    try await latecomer.hello(name: "Late")
                    await expectError(.roomFull) { try await latecomer.joinRoom(code: room.code) }
                    let state = try await watcher.joinRoom(code: room.code, spectate: true)
                    #expect(state.spectators == [SpectatorInfo(id: watcherId, name: "Watcher")])
                    #expect(state.players.map(\.id) == ids)
                    for player in players {
                        _ = try await player.receive(until: { Self.isEvent($0) { $0 == .spectatorJoined(SpectatorInfo(id: watcherId, name: "Watcher")) } })
                    }
                    let mark = watcher.transcript.count
                    try await players[0].send(.startGame)
                    let choosing = try await watcher.receive(until: { Self.isEvent($0) { if case .phaseChoosing = $0 { true } else { false } } })
                    guard case .event(.phaseChoosing(_, let drawerId, _), _) = choosing else { return }
                    let drawerIndex = try #require(ids.firstIndex(of: drawerId))
                    let (drawer, guesser) = (players[drawerIndex], players[1 - drawerIndex])
                    _ = try await drawer.receive(until: { if case .chooseWord = $0 { true } else { false } })
                    try await drawer.send(.chooseWord(index: 0))
                    let drawing = try await drawer.receive(until: { Self.isEvent($0) { if case .phaseDrawing = $0 { true } else { false } } })
                    guard case .event(.phaseDrawing(_, _, let shown), _) = drawing else { return }
                    let word = try #require(shown)
                    try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#ff0000", width: 5, points: [10, 10, 20, 20]))))
                    try await drawer.send(.draw(.strokeEnd(strokeId: 1)))
                    let stroke = try await watcher.receive(until: { Self.isEvent($0) { if case .drawing(.strokeEnd, _) = $0 { true } else { false } } })
                    #expect(stroke.seq != nil, "strokes reach watchers with their seq")
                    // The watcher cannot say the word; its chat reaches everyone.
                    try await watcher.send(.guess(text: word))
                    let refusal = try await watcher.receiveFirst { message in if case .error(let error) = message { error } else { nil } }
                    #expect(refusal.code == .wordLeak)
                    try await watcher.send(.guess(text: "looks like a hat"))
                    _ = try await guesser.receive(until: { Self.isEvent($0) { $0 == .chat(playerId: watcherId, text: "looks like a hat", guessedOnly: false) } })
                    // The only guesser guessing ends the turn: the watcher is not waited for.
                    try await guesser.send(.guess(text: word))
                    let ended = try await watcher.receive(until: { Self.isEvent($0) { if case .turnEnded = $0 { true } else { false } } })
                    guard case .event(.turnEnded(let summary), _) = ended else { return }
                    #expect(summary.reason == .allGuessed)
                    #expect(summary.word == word)
                    #expect(!summary.scores.contains { $0.playerId == watcherId })
                    let frames = Array(watcher.transcript.dropFirst(mark))
                    let endIndex = try #require(frames.firstIndex { $0.contains("\"turnEnded\"") })
                    #expect(frames.count > 5)
                    for frame in frames[..<endIndex] {
                        for secret in Self.words {
                            #expect(!frame.lowercased().contains(secret), "a watcher got '\(secret)' before turnEnded: \(frame)")
                        }
                    }
                    #expect(frames[endIndex].contains(word))
                }
            }
        }
    }

    @Test("watchers do not make the 2 players a game needs; asking to play takes a free seat")
    func watchersAreNotPlayers() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { connections in
                let (owner, watcher) = (connections[0], connections[1])
                try await owner.hello(name: "Owner")
                let watcherId = try await watcher.hello(name: "Watcher").playerId
                let room = try await owner.createRoom(settings: SettingsPatch(maxPlayers: 2))
                _ = try await watcher.joinRoom(code: room.code, spectate: true)
                try await owner.send(.startGame)
                let refusal = try await owner.receiveFirst { message in if case .error(let error) = message { error } else { nil } }
                #expect(refusal.code == .notEnoughPlayers)
                try await watcher.spectate(on: false)
                for connection in connections {
                    _ = try await connection.receive(until: { Self.isEvent($0) { $0 == .playerSpectating(playerId: watcherId, spectating: false) } })
                }
                let state = try await watcher.sync()
                #expect(state.players.map(\.id).contains(watcherId))
                #expect(state.spectators.isEmpty)
                try await owner.send(.startGame)
                _ = try await watcher.receive(until: { Self.isEvent($0) { if case .phaseChoosing = $0 { true } else { false } } })
            }
        }
    }

    @Test("quick play as a watcher picks the public room with the most players, full or not, and never opens one")
    func quickWatch() async throws {
        try await TestServer.with { server in
            try await server.withConnections(5) { connections in
                for (index, connection) in connections.enumerated() { try await connection.hello(name: "Q\(index)") }
                await expectError(.roomNotFound) { try await connections[4].quickPlay(wordPack: "en", spectate: true) }
                let small = try await connections[0].createRoom(settings: SettingsPatch(maxPlayers: 2, isPublic: true))
                let full = try await connections[1].createRoom(settings: SettingsPatch(maxPlayers: 2, isPublic: true))
                _ = try await connections[2].joinRoom(code: full.code)
                _ = try await connections[3].createRoom()
                try await QuickPlayTests.eventually {
                    let rooms = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms")["rooms"] as? [[String: Any]])
                    return rooms.first?["players"] as? Int == 2
                }
                let watched = try await connections[4].quickPlay(wordPack: "en", spectate: true)
                #expect(watched.code == full.code)
                #expect(watched.code != small.code)
                #expect(watched.spectators.count == 1)
                try await QuickPlayTests.eventually {
                    let rooms = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms")["rooms"] as? [[String: Any]])
                    let entry = rooms.first { $0["code"] as? String == full.code }
                    return entry?["spectators"] as? Int == 1 && entry?["players"] as? Int == 2
                }
            }
        }
    }

    @Test("a watcher resumes with its token and lastSeq and gets exactly what it missed")
    func watcherResumes() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { ownerConnection in
                let owner = ownerConnection[0]
                try await owner.hello(name: "Owner")
                let room = try await owner.createRoom()
                let (token, watcherId, lastSeq) = try await server.withConnections(1) { watcher in
                    let welcome = try await watcher[0].hello(name: "Watcher")
                    let joined = try await watcher[0].joinRoom(code: room.code, spectate: true)
                    return (welcome.token, welcome.playerId, joined.seq)
                }
                _ = try await owner.receive(until: { Self.isEvent($0) { $0 == .playerConnection(playerId: watcherId, connected: false) } })
                try await owner.send(.updateSettings(SettingsPatch(rounds: 4)))
                try await server.withConnections(1) { again in
                    let welcome = try await again[0].hello(name: "Watcher", token: token, lastSeq: lastSeq)
                    #expect(welcome.playerId == watcherId)
                    var seqs: [Int] = []
                    while true {
                        let message = try await again[0].receive()
                        seqs.append(try #require(message.seq, "replayed \(message) has no seq"))
                        if Self.isEvent(message, { $0 == .playerConnection(playerId: watcherId, connected: true) }) { break }
                    }
                    // its drop, the settings change, its return.
                    #expect(seqs == Array((lastSeq + 1)...(lastSeq + 3)))
                    let state = try await again[0].sync()
                    #expect(state.spectators.map(\.id) == [watcherId])
                    #expect(state.players.count == 1)
                    // A second connection with the same token replaces this one, still watching.
                    try await server.withConnections(1) { third in
                        try await third[0].hello(name: "Watcher", token: token)
                        let resumed = try await third[0].receiveFirst { message -> RoomSnapshot? in
                            if case .roomState(let snapshot) = message { snapshot } else { nil }
                        }
                        #expect(resumed.spectators.map(\.id) == [watcherId])
                        #expect(try await again[0].waitForClose().code == 4002)
                    }
                }
            }
        }
    }
}
