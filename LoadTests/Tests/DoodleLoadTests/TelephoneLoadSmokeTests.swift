import DoodleLoad
import DoodleTestSupport
import Testing

@Suite("doodle-load --telephone, small")
struct TelephoneLoadSmokeTests {
    /// A correctness check of the scenario: every game ends with its whole reveal, and no frame
    /// before a reveal carries another chain's work; the speed is measured by `doodle-load`.
    @Test("three rooms of four play a game each to the end, their reveals whole and nothing leaked", .timeLimit(.minutes(3)))
    func telephoneLoadIsClean() async throws {
        let configuration = TelephoneLoadConfiguration(rooms: 3, players: 4, strokesPerDrawing: 2, thinkMilliseconds: 50, revealPauseMilliseconds: 10)
        let result = try await TestServer.with(logger: QuickSmokeTests.logger) { server in
            await TelephoneLoad(configuration: configuration, url: server.webSocketURL, probe: nil, logger: QuickSmokeTests.logger).run()
        }
        #expect(result.isClean, "\(result.text)")
        #expect(result.gamesCompleted == 3)
        #expect(result.stepsPerGame == 4 && result.entriesPerGame == 16 && result.drawingsPerGame == 8)
        #expect(result.revealLatency.count == 48)
    }
}
