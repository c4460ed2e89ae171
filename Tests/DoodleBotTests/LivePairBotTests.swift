import DoodleBot
import DoodleCore
import DoodleTestSupport
import Synchronization
import Testing

@Suite("doodle-bot --pair against a real server")
struct LivePairBotTests {
    @Test("two pairs pair by code, send, guess and give up, go offline and come back, and unpair, with nothing lost or leaked", .timeLimit(.minutes(2)))
    func twoPairs() async throws {
        let lines = Mutex<[String]>([])
        let report = try await TestServer.with { server in
            let options = PairRunOptions(
                server: server.webSocketURL, pairs: 2, drawings: 3, skill: 0.8, seed: 11, speed: 20, offlineChance: 0.5,
                timeLimit: .seconds(90), vocabulary: BotVocabulary(pack: BotVocabulary.builtIn))
            return try await PairRunner.run(options, logger: TestServer.logger) { event in
                lines.withLock { $0.append(PairReportFormatter.line(for: event)) }
            }
        }
        #expect(report.succeeded, "\(PairReportFormatter.summary(report))\n\(lines.withLock { $0.joined(separator: "\n") })")
        #expect(report.violationCount == 0)
        #expect(report.pairs.count == 2)
        for pair in report.pairs {
            #expect(pair.code != nil && pair.undelivered.isEmpty)
            #expect(pair.bots.map(\.stats.drawingsSent) == [3, 3])
            #expect(pair.bots.allSatisfy { $0.stats.guessed + $0.stats.gaveUp + $0.stats.resolvedUnheard == 3 }, "each bot resolved its partner's three")
            #expect(pair.bots.allSatisfy { $0.unpaired })
        }
        let offline = report.pairs.flatMap(\.bots).map(\.stats.offlinePeriods).reduce(0, +)
        #expect(offline > 0, "with this seed some bots went offline and came back")
    }
}
