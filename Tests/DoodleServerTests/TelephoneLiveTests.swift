import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

@Suite("Telephone mode over real WebSockets")
struct TelephoneLiveTests {
    /// Short steps; the game below submits early, so no step waits for its deadline.
    static let quick = SettingsPatch(drawSeconds: 15, writeSeconds: 10)

    /// The next `task` this connection gets.
    private func task(of player: DoodleConnection) async throws -> TelephoneTask {
        let message = try await player.receive(until: { if case .task = $0 { true } else { false } })
        guard case .task(let task) = message else { throw DoodleClientError.unexpectedMessage(message, expected: "task") }
        return task
    }

    @Test("three players and a watcher play a whole game; nobody's frames carry another chain before the reveal")
    func wholeGameKeepsItsSecrets() async throws {
        try await TestServer.with { server in
            try await server.withConnections(4) { connections in
                let players = Array(connections.prefix(3))
                let watcher = connections[3]
                var ids: [PlayerID] = []
                for (index, player) in players.enumerated() { ids.append(try await player.hello(name: "Phone\(index + 1)").playerId) }
                _ = try await watcher.hello(name: "Watcher")
                let room = try await players[0].createRoom(mode: .telephone, settings: Self.quick)
                #expect(room.mode == .telephone && room.settings.settings.writeSeconds == 10)
                for player in players.dropFirst() { _ = try await player.joinRoom(code: room.code) }
                _ = try await watcher.joinRoom(code: room.code, spectate: true)
                try await players[0].send(.startGame)
                // Write: each its own sentence.
                for (index, player) in players.enumerated() {
                    #expect(try await task(of: player).kind == .write)
                    try await player.send(.submitText("secret sentence \(index)"))
                }
                // Draw: each the sentence it was given, a stroke of its own number.
                var prompts: [String] = []
                for (index, player) in players.enumerated() {
                    let drawTask = try await task(of: player)
                    #expect(drawTask.kind == .draw)
                    prompts.append(drawTask.prompt ?? "")
                    try await player.send(.draw(.strokeBegin(StrokeBegin(strokeId: 70 + index, tool: .pen, color: "#aa0000", width: 6, points: [10, 10, 90, 90]))))
                    try await player.send(.draw(.strokeEnd(strokeId: 70 + index)))
                    try await player.send(.submitTelephoneDrawing)
                }
                // Seat j draws chain (j − 1) mod 3: the sentence of seat j − 1.
                #expect(prompts == ["secret sentence 2", "secret sentence 0", "secret sentence 1"])
                // Describe: the drawing it sees is the one drawn by the seat before it.
                for (index, player) in players.enumerated() {
                    let describeTask = try await task(of: player)
                    let drawing = try #require(describeTask.drawing)
                    guard case .stroke(let stroke)? = drawing.first else {
                        Issue.record("no stroke to describe")
                        continue
                    }
                    #expect(stroke.strokeId == 70 + (index + 2) % 3)
                    try await player.send(.submitText("described \(index)"))
                }
                for connection in connections {
                    _ = try await connection.receive(until: { if case .event(.phaseReveal, _) = $0 { true } else { false } })
                }
                // The sniff: everything each member received up to the reveal.
                for (index, connection) in connections.enumerated() {
                    let frames = connection.transcript.joined(separator: "\n")
                    let before = frames.components(separatedBy: "\"phase\":\"reveal\"").first ?? frames
                    for other in 0..<3 where other != index {
                        let ownPrompt = index < 3 ? prompts[index] : nil
                        if ownPrompt != "secret sentence \(other)" {
                            #expect(!before.contains("secret sentence \(other)"), "member \(index) saw sentence \(other) before the reveal")
                        }
                        #expect(!before.contains("described \(other)"), "member \(index) saw description \(other) before the reveal")
                        if index < 3 && other != (index + 2) % 3 || index == 3 {
                            #expect(!before.contains("\"strokeId\":\(70 + other)"), "member \(index) saw drawing \(other) before the reveal")
                        }
                    }
                }
                // The reveal: 9 entries at the owner's Next, then the end.
                var drawingIds: [String] = []
                for _ in 0..<9 {
                    try await players[0].send(.revealNext)
                    let shown = try await watcher.receive(until: { if case .event(.chainEntry, _) = $0 { true } else { false } })
                    if case .event(.chainEntry(let entry), _) = shown, let id = entry.entry.drawingId { drawingIds.append(id) }
                }
                #expect(drawingIds.count == 3)
                try await players[0].send(.revealNext)
                let ended = try await watcher.receive(until: { if case .event(.gameEnded, _) = $0 { true } else { false } })
                guard case .event(.gameEnded(let summary), _) = ended else { return }
                #expect(summary.ranking.isEmpty && summary.reason == .completed)
                // Every drawing is archived as a telephone drawing, its word the prompt it was drawn from.
                for id in drawingIds {
                    let drawing = try await server.call("GET", "/v1/drawings/\(id)")
                    #expect(drawing.status == 200)
                    #expect(prompts.contains(drawing.json?["word"]?.stringValue ?? "?"))
                }
            }
        }
    }

    @Test("a player back from a dropped connection mid-step gets its drawing so far and its task again")
    func resumeMidStep() async throws {
        try await TestServer.with { server in
            try await server.withConnections(3) { players in
                var tokens: [String] = []
                for (index, player) in players.enumerated() { tokens.append(try await player.hello(name: "Back\(index + 1)").token) }
                let room = try await players[0].createRoom(mode: .telephone, settings: Self.quick)
                for player in players.dropFirst() { _ = try await player.joinRoom(code: room.code) }
                try await players[0].send(.startGame)
                for (index, player) in players.enumerated() {
                    _ = try await task(of: player)
                    try await player.send(.submitText("line \(index)"))
                }
                let drawTask = try await task(of: players[1])
                try await players[1].send(.draw(.strokeBegin(StrokeBegin(strokeId: 5, tool: .pen, color: "#00aa00", width: 4, points: [1, 1, 60, 60]))))
                try await players[1].send(.draw(.strokeEnd(strokeId: 5)))
                _ = try await players[1].receive(until: { if case .event(.drawing(.strokeEnd, _), nil) = $0 { true } else { false } })
                // The same player on a new connection: its seat, its task and its canvas come back.
                try await DoodleClient.withConnection(to: server.webSocketURL, logger: TestServer.logger) { again in
                    _ = try await again.hello(name: "Back2", token: tokens[1])
                    let state = try await again.receive(until: { if case .roomState = $0 { true } else { false } })
                    guard case .roomState(let snapshot) = state else { return }
                    #expect(snapshot.phase == .step && snapshot.telephone?.kind == .draw)
                    #expect(snapshot.strokes.count == 1 && snapshot.lastStrokeId == 5)
                    #expect(try await task(of: again) == drawTask)
                }
            }
        }
    }

    @Test("quick play with mode telephone opens and fills public telephone rooms, apart from party ones")
    func quickPlayByMode() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { players in
                _ = try await players[0].hello(name: "Quick1")
                _ = try await players[1].hello(name: "Quick2")
                let phone = try await players[0].quickPlay(mode: .telephone)
                #expect(phone.mode == .telephone && phone.ownerId == nil)
                let party = try await players[1].quickPlay()
                #expect(party.mode == .party && party.code != phone.code)
                let listed = try await server.call("GET", "/v1/rooms?mode=telephone")
                #expect(listed.json?["rooms"]?[0]?["code"]?.stringValue == phone.code)
                #expect(listed.json?["rooms"]?[0]?["mode"]?.stringValue == "telephone")
            }
        }
    }

    @Test("a graceful restart mid-draw-step: the chains, who submitted, each drawing so far and the time left come back, and the game plays to its end")
    func gracefulRestartMidStep() async throws {
        try await ChildDatabase.with(.sqlite) { scratch in
            let clock = ManualGameClock()
            let (tokens, before, prompts) = try await TestServer.with(database: scratch.location, clock: clock) { server in
                try await server.withConnections(3) { players in
                    var tokens: [String] = []
                    for (index, player) in players.enumerated() { tokens.append(try await player.hello(name: "Again\(index + 1)").token) }
                    let room = try await players[0].createRoom(mode: .telephone, settings: Self.quick)
                    for player in players.dropFirst() { _ = try await player.joinRoom(code: room.code) }
                    try await players[0].send(.startGame)
                    for (index, player) in players.enumerated() {
                        _ = try await task(of: player)
                        try await player.send(.submitText("before the restart \(index)"))
                    }
                    var prompts: [String] = []
                    for player in players { prompts.append(try await task(of: player).prompt ?? "") }
                    // Seat 0 draws and submits; seat 1 draws and does not submit; seat 2 does nothing.
                    for (index, player) in players.prefix(2).enumerated() {
                        try await player.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#0000aa", width: 5, points: [5, 5, 40, 40]))))
                        try await player.send(.draw(.strokeEnd(strokeId: 1)))
                        _ = try await player.receive(until: { if case .event(.drawing(.strokeEnd, _), nil) = $0 { true } else { false } })
                        if index == 0 { try await player.send(.submitTelephoneDrawing) }
                    }
                    _ = try await players[2].receive(until: { if case .event(.playerSubmitted, _) = $0 { true } else { false } })
                    var states: [RoomSnapshot] = []
                    for player in players { states.append(try await player.sync()) }
                    await server.shutDown()
                    return (tokens, states, prompts)
                }
            }
            #expect(before[0].telephone?.submitted.count == 1)
            clock.advance(byMillis: 5_000)
            try await TestServer.with(database: scratch.location, clock: clock) { server in
                try await server.withConnections(3) { players in
                    var after: [RoomSnapshot] = []
                    var tasks: [TelephoneTask] = []
                    for (index, player) in players.enumerated() {
                        _ = try await player.hello(name: "Again\(index + 1)", token: tokens[index], lastSeq: before[index].seq)
                        after.append(try await player.receiveFirst { if case .roomState(let state) = $0 { state } else { nil } })
                        tasks.append(try await task(of: player))
                    }
                    for index in 0..<3 {
                        #expect(after[index].phase == .step && after[index].telephone?.step == 1)
                        #expect(after[index].telephone?.submitted == before[index].telephone?.submitted)
                        #expect(after[index].strokes == before[index].strokes, "each player's own drawing so far")
                        #expect(after[index].deadline == before[index].deadline.map { $0 + 5_000 }, "the time left")
                        #expect(tasks[index].prompt == prompts[index], "the same task, from the chains kept")
                    }
                    #expect(after[1].strokes.count == 1 && after[2].strokes.isEmpty)
                    // The game goes on to its end, the texts from before the restart in its chains.
                    for player in players.dropFirst() { try await player.send(.submitTelephoneDrawing) }
                    for (index, player) in players.enumerated() {
                        _ = try await task(of: player)
                        try await player.send(.submitText("after \(index)"))
                    }
                    _ = try await players[0].receive(until: { if case .event(.phaseReveal, _) = $0 { true } else { false } })
                    var texts: [String] = []
                    for _ in 0..<9 {
                        try await players[0].send(.revealNext)
                        let shown = try await players[0].receiveFirst { if case .event(.chainEntry(let entry), _) = $0 { entry } else { nil } }
                        if let text = shown.entry.text { texts.append(text) }
                    }
                    #expect(Set(texts) == Set((0..<3).flatMap { ["before the restart \($0)", "after \($0)"] }))
                }
            }
        }
    }

    @Test("an owner-less quick-play game on a test clock: steps end at their deadlines without submissions, a player gone for good is skipped, and the reveal moves on every revealSeconds")
    func ownerlessGameOnItsClock() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            try await server.withConnections(3) { players in
                for (index, player) in players.enumerated() { try await player.hello(name: "Stranger\(index + 1)") }
                for player in players {
                    let room = try await player.quickPlay(mode: .telephone)
                    #expect(room.ownerId == nil)
                }
                // The countdown of a public room, then the first step: write.
                let rules = try RulesLoader.load(folder: TestRules.shippedFolder).rules
                clock.advance(byMillis: Int64(rules.publicRoom.autoStartSeconds) * 1000)
                for player in players { #expect(try await task(of: player).kind == .write) }
                // Nobody writes: the step ends at its deadline, and every chain's first entry is "".
                clock.advance(byMillis: Int64(rules.telephone.writeSeconds.default) * 1000)
                var prompts: [String?] = []
                for player in players { prompts.append(try await task(of: player).prompt) }
                #expect(prompts == ["", "", ""])
                // One leaves for good; the two left draw and submit: the step ends without waiting.
                try await players[2].send(.leaveRoom)
                for (index, player) in players.prefix(2).enumerated() {
                    try await player.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#00aa00", width: 5, points: [9, 9, 50, 60 + index]))))
                    try await player.send(.draw(.strokeEnd(strokeId: 1)))
                    try await player.send(.submitTelephoneDrawing)
                }
                for player in players.prefix(2) {
                    let describe = try await task(of: player)
                    #expect(describe.kind == .describe)
                    try await player.send(.submitText("a green line"))
                }
                _ = try await players[0].receive(until: { if case .event(.phaseReveal, _) = $0 { true } else { false } })
                // Without an owner an entry comes every revealSeconds, and not before.
                let pace = Int64(rules.telephone.revealSeconds) * 1000
                var entries: [RevealedEntry] = []
                for _ in 0..<9 {
                    clock.advance(byMillis: pace - 1)
                    await #expect(throws: DoodleClientError.self) {
                        try await players[0].receive(timeout: .milliseconds(200), until: { if case .event(.chainEntry, _) = $0 { true } else { false } })
                    }
                    clock.advance(byMillis: 1)
                    let shown = try await players[0].receiveFirst { if case .event(.chainEntry(let entry), _) = $0 { entry } else { nil } }
                    entries.append(shown)
                }
                // The player who left wrote nothing, drew nothing and described nothing.
                let gone = entries.filter { $0.entry.playerId != entries[0].entry.playerId && $0.entry.playerId != entries[1].entry.playerId }
                #expect(entries.map { [$0.chain, $0.index] } == (0..<3).flatMap { chain in (0..<3).map { [chain, $0] } })
                #expect(gone.allSatisfy { ($0.entry.text ?? "") == "" && $0.entry.drawingId == nil }, "\(gone)")
                clock.advance(byMillis: pace)
                _ = try await players[0].receive(until: { if case .event(.gameEnded, _) = $0 { true } else { false } })
            }
        }
    }
}
