import DoodleBot
import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("doodle-bot --spectate against a real server")
struct LiveWatchBotTests {
    static let words = ["banana", "giraffe", "umbrella"]

    /// How the watchers find the room: by its code, or by quick play (the room is public).
    enum Finding: String, CaseIterable, Sendable {
        case byCode, byQuickPlay
    }

    @Test("two watching bots see a whole game without the word reaching them early", .timeLimit(.minutes(1)), arguments: Finding.allCases)
    func watchersSeeAGame(_ finding: Finding) async throws {
        try await TestServer.with { server in
            try await server.withRoom(
                players: 2,
                settings: SettingsPatch(rounds: 1, revealSeconds: 0, customWords: Self.words, customWordsOnly: true, isPublic: true)
            ) { players, ids, room in
                try await withThrowingTaskGroup(of: [WatchReport].self) { group in
                    let target: WatchTarget = finding == .byCode ? .code(room.code) : .quickPlay(wordPack: "en")
                    group.addTask {
                        try await WatchRunner.run(server: server.webSocketURL, target: target, count: 2, namePrefix: "Watch", logger: TestServer.logger)
                    }
                    for _ in 0..<2 {
                        _ = try await players[0].receive(until: { if case .event(.spectatorJoined, _) = $0 { true } else { false } })
                    }
                    try await players[0].send(.startGame)
                    for _ in 0..<2 {
                        let choosing = try await players[0].receive(until: { if case .event(.phaseChoosing, _) = $0 { true } else { false } })
                        guard case .event(.phaseChoosing(_, let drawerId, _), _) = choosing else { return }
                        let drawerIndex = try #require(ids.firstIndex(of: drawerId))
                        let (drawer, guesser) = (players[drawerIndex], players[1 - drawerIndex])
                        _ = try await drawer.receive(until: { if case .chooseWord = $0 { true } else { false } })
                        try await drawer.send(.chooseWord(index: 0))
                        let drawing = try await drawer.receive(until: { if case .event(.phaseDrawing, _) = $0 { true } else { false } })
                        guard case .event(.phaseDrawing(_, _, let word?), _) = drawing else { return }
                        try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#000000", width: 4, points: [1, 1, 9, 9]))))
                        try await guesser.send(.guess(text: word))
                        for player in players {
                            _ = try await player.receive(until: { if case .event(.turnEnded, _) = $0 { true } else { false } })
                        }
                    }
                    let reports = try #require(try await group.next())
                    #expect(reports.count == 2)
                    for report in reports {
                        #expect(report.succeeded, "\(report)")
                        #expect(report.turnsWatched == 2)
                        #expect(report.gameEnd?.reason == .completed)
                    }
                }
            }
        }
    }
}
