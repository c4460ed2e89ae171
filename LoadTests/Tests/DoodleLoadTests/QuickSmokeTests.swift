import DoodleLoad
import DoodleTestSupport
import Logging
import Testing

@Suite("Load smoke (the quick scenario, in process)")
struct QuickSmokeTests {
    static var logger: Logger {
        var logger = Logger(label: "doodle-load-test")
        logger.logLevel = .warning
        return logger
    }

    @Test("every stroke message reaches every member once, in order, under the quick load")
    func quickScenarioIsLossless() async throws {
        let result = try await TestServer.with(logger: Self.logger) { server in
            await QuickScenario.run(target: .doodle(url: server.webSocketURL), logger: Self.logger)
        }
        #expect(QuickScenario.failure(of: result) == nil, "\(QuickScenario.failure(of: result) ?? "")")
        let expectedMembers = QuickScenario.rooms * QuickScenario.players
        #expect(result.totals.expectedDeliveries == result.totals.sent * QuickScenario.players)
        #expect(result.totals.receivedDeliveries == result.totals.expectedDeliveries)
        #expect(result.steps.first?.connections == expectedMembers)
        #expect((result.steps.first?.latency.count ?? 0) > 0)
    }
}
