import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// `--event-loops N`: the real executable serves with exactly N event-loop threads, and a game
/// plays on them (with one loop every connection and every room share it, so strokes take the
/// path where the drawer's loop is the room's).
@Suite("The event-loops option")
struct EventLoopsOptionTests {
    @Test("doodle-server --event-loops N runs N event loops and a game plays on them", .timeLimit(.minutes(1)), arguments: [1, 3])
    func serverRunsTheLoopsAskedFor(_ loops: Int) async throws {
        try await ChildServer.withScratchArguments(extra: ["--event-loops", String(loops)]) { arguments in
            let server = try await ChildServer.start(arguments: arguments)
            defer { server.sendSIGKILL() }
            #expect(Self.eventLoopThreads(of: server.pid) == loops, "\(server.logTail)")
            try await playOneStroke(at: server.webSocketURL)
        }
    }

    /// The threads of NIO's shared event-loop group are named `NIO-SGLTN-<group>-#<n>`.
    private static func eventLoopThreads(of pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.count { task in
            guard let name = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8) else { return false }
            return name.hasPrefix("NIO-SGLTN-") && name.contains("-#")
        }
    }

    /// Two players: a room, a game, the drawer's three strokes seen by the guesser.
    private func playOneStroke(at url: String) async throws {
        let logger = TestServer.logger
        try await DoodleClient.withConnection(to: url, logger: logger) { first in
            try await DoodleClient.withConnection(to: url, logger: logger) { second in
                let players = [first, second]
                var ids: [PlayerID] = []
                for (seat, player) in players.enumerated() {
                    ids.append(try await player.hello(name: "Loop\(seat)").playerId)
                }
                let room = try await first.createRoom(settings: DurabilityRoom.settings)
                _ = try await second.joinRoom(code: room.code)
                try await first.send(.startGame)
                let drawerId = try await first.receiveFirst { message -> PlayerID? in
                    if case .event(.phaseChoosing(_, let drawer, _), _) = message { drawer } else { nil }
                }
                let drawerIndex = try #require(ids.firstIndex(of: drawerId))
                let drawer = players[drawerIndex]
                let guesser = players[1 - drawerIndex]
                _ = try await drawer.receiveFirst { message -> Bool? in if case .chooseWord = message { true } else { nil } }
                try await drawer.send(.chooseWord(index: 0))
                for action in DurabilityRoom.strokes(seed: 7) {
                    try await drawer.send(.draw(action))
                }
                _ = try await guesser.receiveFirst { message -> Bool? in
                    if case .event(.drawing(.strokeEnd(DurabilityRoom.strokesPerTurn), _), _) = message { true } else { nil }
                }
            }
        }
    }
}
