import DoodleBot
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("doodle-bot --quick-play against a real server")
struct LiveQuickPlayBotTests {
    /// Public rooms that start 1 s after their fourth player arrives and play one short round;
    /// no pause after a turn (a rules default, since quick play's rooms take the defaults).
    static let shortPublicGames: @Sendable (inout [String: Any]) -> Void = { rules in
        var room = rules["publicRoom"] as? [String: Any] ?? [:]
        room["autoStartSeconds"] = 1
        // All four seated before the start, however slowly they arrive beside the whole suite:
        // a bot seated after it would join late and draw no turn in the one round.
        room["autoStartPlayers"] = 4
        room["rounds"] = 1
        room["drawSeconds"] = 15
        rules["publicRoom"] = room
        var settings = rules["settings"] as? [String: Any] ?? [:]
        settings["revealSeconds"] = ["default": 0, "min": 0, "max": 15]
        settings["chooseSeconds"] = ["default": 5, "min": 5, "max": 30]
        rules["settings"] = settings
    }

    @Test("four quick-play bots with the de pack land in one ownerless room, which starts on its own and plays a game to the end", .timeLimit(.minutes(2)))
    func fourBotsQuickPlay() async throws {
        let vocabulary = try BotVocabulary.load(rulesFolder: TestServer.repositoryRoot + "/GameRules", packName: "de", dictionaryFile: nil)
        let report = try await TestServer.with(rules: Self.shortPublicGames) { server in
            let options = BotOptions(
                server: server.webSocketURL, mode: .quickPlay(QuickPlayOptions(wordPack: "de", timeLimit: .seconds(100))),
                count: 4, skill: 0.9, seed: 11, speed: 20, strict: true, vocabulary: vocabulary)
            let events = EventLog()
            let report = try await BotRunner.run(options, logger: TestServer.logger) { event in events.append(event) }
            #expect(events.lines.contains { $0.contains("joined") })
            #expect(events.lines.contains { $0.contains("game over") }, "\(events.lines)")
            return report
        }
        #expect(report.succeeded, "\(BotReportFormatter.summary(report))")
        #expect(report.violationCount == 0)
        #expect(report.rooms.count == 1, "four strangers fill one room of eight")
        let room = try #require(report.rooms.first)
        #expect(room.endReason == .completed)
        #expect(room.ranking.count == 4)
        #expect(room.bots.allSatisfy { $0.ranking == room.ranking })
        #expect(room.bots.map(\.stats.turnsDrawn).reduce(0, +) == 4, "each bot drew once in one round")
    }
}
