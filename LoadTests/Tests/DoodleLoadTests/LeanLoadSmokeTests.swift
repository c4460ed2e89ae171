import DoodleLoad
import DoodleTestSupport
import Logging
import Testing

@Suite("Lean generator smoke (the capacity search's rooms, in process)")
struct LeanLoadSmokeTests {
    /// The capacity search's clients on a live server: sketched strokes, drawers out of phase,
    /// wrong guesses, and rooms that end and are replaced within the run; everything sent
    /// reaches every member of its room, in order, and the guesses reach the rooms as chat.
    @Test("lean rooms that guess, end and are replaced lose nothing")
    func leanRoomsAreLossless() async throws {
        let result = try await TestServer.with(logger: QuickSmokeTests.logger) { server in
            var configuration = DrawingLoad.Configuration(
                target: .doodle(url: server.webSocketURL), playersPerRoom: 4, plan: .sketched(), warmup: .seconds(1), window: .seconds(4))
            configuration.leanLoops = 1
            configuration.guessInterval = .seconds(1)
            configuration.roomLifetime = .seconds(3)
            return await DrawingLoad(configuration: configuration, logger: QuickSmokeTests.logger).run(roomSteps: [3])
        }
        #expect(result.totals.isClean, "\(result.totals)")
        #expect(result.totals.sent > 0)
        #expect(result.totals.receivedDeliveries == result.totals.expectedDeliveries)
        #expect((result.roomsPlayed ?? 0) > 3, "rooms whose time was up were replaced")
        let step = try #require(result.steps.first)
        #expect(step.chatLinesDeliveredPerSecond > 0)
        #expect(step.guessesPerSecond > 0)
        #expect(step.latency.count > 0)
    }

}
