import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("A game over real WebSockets")
struct LiveGameTests {
    static let words = ["banana", "giraffe", "umbrella"]
    static let quickGame = SettingsPatch(rounds: 1, revealSeconds: 0, customWords: words, customWordsOnly: true)

    @Test("a full short game with custom words plays to gameEnded, seq gap-free for everyone")
    func fullShortGame() async throws {
        try await TestServer.with { server in
            try await server.withRoom(players: 3, settings: Self.quickGame) { players, ids, _ in
                var trackers = Array(repeating: SequenceTracker(lastSeq: 0), count: players.count)
                // Joiners' baselines are their own roomState seqs; everything from here is checked.
                trackers = try await zip(players, trackers).asyncMap { player, _ in SequenceTracker(lastSeq: try await player.sync().seq) }
                try await players[0].send(.startGame)
                var turns = 0
                var ranking: [RankLine] = []
                gameLoop: while true {
                    // Everyone sees the choosing phase (or the end of the game).
                    var drawerIndex = 0
                    for (index, player) in players.enumerated() {
                        let message = try await player.receive(until: { message in
                            switch message {
                            case .event(.phaseChoosing, _), .event(.gameEnded, _): true
                            default: false
                            }
                        }, tracking: &trackers[index])
                        switch message {
                        case .event(.gameEnded(let summary), _):
                            #expect(summary.reason == .completed)
                            ranking = summary.ranking
                            if index == players.count - 1 { break gameLoop }
                        case .event(.phaseChoosing(_, let drawerId, _), _):
                            drawerIndex = try #require(ids.firstIndex(of: drawerId))
                        default:
                            break
                        }
                    }
                    turns += 1
                    let transcriptMarks = players.map(\.transcript.count)
                    let drawer = players[drawerIndex]
                    let offer = try await drawer.receive(until: { if case .chooseWord = $0 { true } else { false } }, tracking: &trackers[drawerIndex])
                    guard case .chooseWord(let choices) = offer else { return }
                    #expect(choices.count == 3)
                    #expect(Set(choices).isSubset(of: Set(Self.words)))
                    try await drawer.send(.chooseWord(index: 1))
                    var word = ""
                    for (index, player) in players.enumerated() {
                        let phase = try await player.receive(until: { if case .event(.phaseDrawing, _) = $0 { true } else { false } }, tracking: &trackers[index])
                        guard case .event(.phaseDrawing(_, let hint, let shownWord), _) = phase else { continue }
                        #expect(hint.allSatisfy { $0 == "_" })
                        if index == drawerIndex {
                            word = try #require(shownWord)
                        } else {
                            #expect(shownWord == nil)
                        }
                    }
                    #expect(word == choices[1])
                    try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#FF0000", width: 5, points: [10, 10, 20, 20]))))
                    try await drawer.send(.draw(.strokeEnd(strokeId: 1)))
                    for (index, player) in players.enumerated() where index != drawerIndex {
                        // The word must not have reached this guesser before it guesses.
                        _ = try await player.receive(until: { if case .event(.drawing(.strokeEnd, _), _) = $0 { true } else { false } }, tracking: &trackers[index])
                        let thisTurn = player.transcript.dropFirst(transcriptMarks[index]).joined()
                        #expect(!thisTurn.contains(word), "guesser \(index) saw the word before guessing")
                        try await player.send(.guess(text: word.uppercased()))
                        let reply = try await player.receive(until: { if case .guessResult = $0 { true } else { false } }, tracking: &trackers[index])
                        guard case .guessResult(let result) = reply else { continue }
                        #expect(result.correct)
                        #expect((result.gained ?? 0) > 0)
                    }
                    for (index, player) in players.enumerated() {
                        let ended = try await player.receive(until: { if case .event(.turnEnded, _) = $0 { true } else { false } }, tracking: &trackers[index])
                        guard case .event(.turnEnded(let summary), _) = ended else { continue }
                        #expect(summary.reason == .allGuessed)
                        #expect(summary.word == word)
                        #expect(summary.drawingId != nil)
                        #expect(summary.scores.count == 3)
                    }
                }
                #expect(turns == 3)
                #expect(ranking.count == 3)
                #expect(ranking.first?.rank == 1)
                for tracker in trackers { #expect(tracker.violations.isEmpty, "\(tracker.violations)") }
            }
        }
    }

    /// Starts the game and has the first turn's drawer choose the first word.
    static func startFirstTurn(_ players: [DoodleConnection], _ ids: [PlayerID]) async throws -> (DoodleConnection, PlayerID) {
        try await players[0].send(.startGame)
        let drawerId = try await players[0].receiveFirst { message -> PlayerID? in
            if case .event(.phaseChoosing(_, let drawerId, _), _) = message { drawerId } else { nil }
        }
        let drawer = players[try #require(ids.firstIndex(of: drawerId))]
        _ = try await drawer.receiveFirst { if case .chooseWord = $0 { true } else { nil } }
        try await drawer.send(.chooseWord(index: 0))
        return (drawer, drawerId)
    }

    @Test("strokes reach every member in order with consecutive seq")
    func strokesInOrder() async throws {
        try await TestServer.with { server in
            try await server.withRoom(players: 3, settings: Self.quickGame) { players, ids, _ in
                let (drawer, drawerId) = try await Self.startFirstTurn(players, ids)
                var baselines: [Int] = []
                for player in players {
                    let seq = try await player.receiveFirst { message -> Int? in
                        if case .event(.phaseDrawing, let seq) = message { seq } else { nil }
                    }
                    baselines.append(try #require(seq))
                }
                let batches = 100
                try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#000000", width: 3, points: [0, 0]))))
                for batch in 1..<batches {
                    try await drawer.send(.draw(.strokePoints(strokeId: 1, points: [batch, batch * 2, batch + 1, batch * 2 + 1])))
                }
                for (index, player) in players.enumerated() {
                    var expectedSeq = baselines[index] + 1
                    for batch in 0..<batches {
                        let message = try await player.receive()
                        guard case .event(.drawing(let action, let from), let seq) = message else {
                            Issue.record("player \(index) expected a drawing event, got \(message)")
                            return
                        }
                        #expect(seq == expectedSeq)
                        #expect(from == drawerId)
                        if batch == 0 {
                            #expect(action.typeName == "strokeBegin")
                        } else {
                            #expect(action == .strokePoints(strokeId: 1, points: [batch, batch * 2, batch + 1, batch * 2 + 1]))
                        }
                        expectedSeq += 1
                    }
                }
            }
        }
    }

    /// Drawing is handled without a task (at once on the room's event loop, else as one job on
    /// it); anything else goes through the connection's inbox and a task. Mixed, they must keep
    /// their order. A room runs on its creator's loop; when the creator leaves first, the drawer
    /// is the next to have connected, which the server put on its other loop.
    @Test("a drawer's strokes and renames reach everyone in the order sent", arguments: [false, true])
    func mixedMessagesKeepTheirOrder(creatorLeaves: Bool) async throws {
        try await TestServer.with { server in
            try await server.withRoom(players: creatorLeaves ? 4 : 3, settings: Self.quickGame) { everyone, everyoneIds, _ in
                var (players, ids) = (everyone, everyoneIds)
                if creatorLeaves {
                    try await everyone[0].send(.leaveRoom)
                    _ = try await everyone[1].receiveFirst { if case .event(.ownerChanged, _) = $0 { true } else { nil } }
                    (players, ids) = (Array(everyone.dropFirst()), Array(everyoneIds.dropFirst()))
                }
                let (drawer, _) = try await Self.startFirstTurn(players, ids)
                for player in players {
                    _ = try await player.receiveFirst { if case .event(.phaseDrawing, _) = $0 { true } else { nil } }
                }
                var sent: [String] = []
                try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#000000", width: 3, points: [0, 0]))))
                sent.append("stroke 0")
                for batch in 1..<60 {
                    if batch % 7 == 0 {
                        try await drawer.send(.rename(name: "Drawer\(batch)"))
                        sent.append("rename Drawer\(batch)")
                    }
                    try await drawer.send(.draw(.strokePoints(strokeId: 1, points: [batch, batch])))
                    sent.append("stroke \(batch)")
                }
                for player in players {
                    var seen: [String] = []
                    var lastSeq = 0
                    while seen.count < sent.count {
                        let message = try await player.receive()
                        switch message {
                        case .event(.drawing(.strokeBegin, _), let seq):
                            seen.append("stroke 0")
                            lastSeq = try #require(seq)
                        case .event(.drawing(.strokePoints(_, let points), _), let seq):
                            seen.append("stroke \(points[0])")
                            #expect(try #require(seq) == lastSeq + 1)
                            lastSeq = try #require(seq)
                        case .event(.playerRenamed(_, let name, _), let seq):
                            seen.append("rename \(name)")
                            #expect(try #require(seq) == lastSeq + 1)
                            lastSeq = try #require(seq)
                        default:
                            continue
                        }
                    }
                    #expect(seen == sent)
                }
            }
        }
    }
}

extension DoodleConnection {
    /// `receive(until:)` that also checks every skipped message's seq.
    func receive(
        until predicate: (ServerMessage) -> Bool, tracking tracker: inout SequenceTracker
    ) async throws -> ServerMessage {
        while true {
            let message = try await receive()
            _ = tracker.observe(message)
            if predicate(message) { return message }
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
