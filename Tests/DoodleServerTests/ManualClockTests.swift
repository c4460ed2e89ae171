import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

/// The server's timeouts on a clock the test moves: a minute of waiting plays out at once.
@Suite("Timeouts on a manual clock, live")
struct ManualClockTests {
    /// Moves the clock on once everything due to sleep on it sleeps, so no timer is missed.
    private func advance(_ clock: ManualGameClock, bySeconds seconds: Int64, sleepersAtLeast: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while clock.sleeperCount < sleepersAtLeast, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        clock.advance(byMillis: seconds * 1000)
    }


    @Test("a client silent for the idle timeout, pongs included, is closed with 4003")
    func idleClose() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            // A raw socket, which answers no ping: the library client would, and so stay alive.
            try await RawWebSocket.with(port: server.port) { socket, reader in
                try await socket.sendText(#"{"type":"hello","protocol":1,"name":"Quiet"}"#)
                #expect(try await reader.nextData()?.opcode == 0x1)
                try await advance(clock, bySeconds: 60, sleepersAtLeast: 1)
                let close = try await reader.nextData()
                #expect(close?.closeCode == 4003)
            }
        }
    }

    @Test("a player who does not come back within the reconnect grace loses its seat")
    func reconnectGrace() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            try await server.withRoom(players: 2) { players, ids, _ in
                try await players[1].close()
                let disconnected = try await players[0].receiveFirst { message -> Bool? in
                    if case .event(.playerConnection(ids[1], false), _) = message { true } else { nil }
                }
                #expect(disconnected)
                // The heartbeat and the room's grace timer both sleep on the clock.
                try await advance(clock, bySeconds: 59, sleepersAtLeast: 2)
                try await Task.sleep(for: .milliseconds(100))
                try await advance(clock, bySeconds: 1, sleepersAtLeast: 2)
                let reason = try await players[0].receiveFirst { message -> LeaveReason? in
                    if case .event(.playerLeft(ids[1], let reason), _) = message { reason } else { nil }
                }
                #expect(reason == .timedOut)
            }
        }
    }

    @Test("a drawer who does not choose in time is given the first word, and the turn runs to its deadline")
    func turnTimers() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            // The shortest turn, so that no client is silent long enough to be closed as idle.
            var settings = LiveGameTests.quickGame
            settings.drawSeconds = 15
            try await server.withRoom(players: 2, settings: settings) { players, _, _ in
                try await players[0].send(.startGame)
                _ = try await players[0].receiveFirst { message -> Bool? in
                    if case .event(.phaseChoosing, _) = message { true } else { nil }
                }
                try await advance(clock, bySeconds: 15, sleepersAtLeast: 2)
                _ = try await players[0].receiveFirst { message -> Bool? in
                    if case .event(.phaseDrawing, _) = message { true } else { nil }
                }
                try await advance(clock, bySeconds: 15, sleepersAtLeast: 2)
                let reason = try await players[0].receiveFirst { message -> TurnEndReason? in
                    if case .event(.turnEnded(let summary), _) = message { summary.reason } else { nil }
                }
                #expect(reason == .timeout)
            }
        }
    }
}
