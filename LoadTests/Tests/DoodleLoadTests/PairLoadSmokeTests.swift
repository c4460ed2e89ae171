import DoodleLoad
import DoodleTestSupport
import Testing

@Suite("Pair load smoke (the pair scenario, short, in process)")
struct PairLoadSmokeTests {
    // The window is long enough for drawings to be saved even while the rest of `swift test`
    // runs beside it on two cores; what is checked is completeness, never speed. Each partner
    // stays 2 s at a time: with 1 s, entering could take a whole turn on a starved machine, and
    // a run beside the full suite once submitted nothing at all.
    @Test("every acknowledged pair drawing reaches its recipient while the partners take turns offline", .timeLimit(.minutes(1)))
    func pairScenarioIsComplete() async throws {
        let configuration = PairLoadConfiguration(pairs: 4, warmupSeconds: 0, windowSeconds: 8, rotationSeconds: 2, thinkMilliseconds: 100)
        let result = try await TestServer.with(logger: QuickSmokeTests.logger) { server in
            await PairLoad(configuration: configuration, url: server.webSocketURL, probe: nil, logger: QuickSmokeTests.logger).run()
        }
        #expect(result.isComplete, "\(result.text)")
        #expect(result.pairsSetUp == 4)
        #expect(result.saves > 0 && result.saves == result.submits, "\(result.text)")
        #expect(result.entries >= 4 * 2, "each partner entered at least once")
    }
}
