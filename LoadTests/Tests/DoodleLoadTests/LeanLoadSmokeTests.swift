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
        let result = try await runLeanRooms(3, players: 4, window: .seconds(4), guessEvery: .seconds(1)) { configuration in
            configuration.roomLifetime = .seconds(3)
        }
        #expect(result.totals.sent > 0)
        #expect((result.roomsPlayed ?? 0) > 3, "rooms whose time was up were replaced")
        let step = try #require(result.steps.first)
        #expect(step.chatLinesDeliveredPerSecond > 0)
        #expect(step.guessesPerSecond > 0)
        #expect(step.latency.count > 0)
    }

    /// Rooms that play turn after turn: each turn passes to the next member, who takes the word
    /// and draws on from the stroke where the last drawer stopped. Every message still reaches
    /// every member in order, and no stroke is refused at a turn's end.
    @Test("lean rooms play turn after turn and lose nothing across the turns")
    func leanRoomsPlayTurns() async throws {
        let result = try await runLeanRooms(2, players: 3, window: .seconds(34), guessEvery: .seconds(2)) { configuration in
            // The rules' shortest turn: two turn changes within the window.
            configuration.turnLength = .seconds(15)
        }
        #expect(result.totals.serverErrors == 0)
        #expect((result.turnsDrawn ?? 0) >= 2 * 3, "each room's turn passed at least twice")
        let step = try #require(result.steps.first)
        #expect(step.guessesPerSecond > 0)
        #expect(step.latency.count > 0)
    }

    /// `rooms` lean rooms of sketched strokes on a fresh server for one window; the run must be
    /// clean, every delivery made.
    private func runLeanRooms(
        _ rooms: Int, players: Int, window: Duration, guessEvery: Duration, _ configure: @Sendable (inout DrawingLoad.Configuration) -> Void
    ) async throws -> DrawingRunResult {
        let result = try await TestServer.with(logger: QuickSmokeTests.logger) { server in
            var configuration = DrawingLoad.Configuration(
                target: .doodle(url: server.webSocketURL), playersPerRoom: players, plan: .sketched(), warmup: .seconds(1), window: window)
            configuration.leanLoops = 1
            configuration.guessInterval = guessEvery
            configure(&configuration)
            return await DrawingLoad(configuration: configuration, logger: QuickSmokeTests.logger).run(roomSteps: [rooms])
        }
        #expect(result.totals.isClean, "\(result.totals)")
        #expect(result.totals.receivedDeliveries == result.totals.expectedDeliveries)
        return result
    }
}
