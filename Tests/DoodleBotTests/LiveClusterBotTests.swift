import DoodleBot
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("doodle-bot against two nodes")
struct LiveClusterBotTests {
    @Test("bots whose joiners first connect to the wrong node follow the redirect and play the game out", .timeLimit(.minutes(1)))
    func joinersStartOnTheWrongNode() async throws {
        let words = LiveBotGameTests.words
        let report = try await TestCluster.with(nodes: 2) { cluster in
            let options = BotOptions(
                server: cluster.nodes[0].url,
                mode: .create(SettingsPatch(rounds: 1, drawSeconds: 15, chooseSeconds: 5, revealSeconds: 0, customWords: words, customWordsOnly: true)),
                count: 3, skill: 0.9, seed: 7, speed: 20, strict: true,
                vocabulary: BotVocabulary(dictionary: words, pack: BotVocabulary.builtIn),
                joinServer: cluster.nodes[1].url)
            return try await BotRunner.run(options, logger: TestServer.logger)
        }
        #expect(report.succeeded, "\(BotReportFormatter.summary(report))")
        let room = try #require(report.rooms.first)
        #expect(room.endReason == .completed)
        #expect(room.ranking.count == 3)
        #expect(room.bots.map(\.stats.redirects) == [0, 1, 1], "the creator is on the hosting node; each joiner is redirected once")
    }
}
