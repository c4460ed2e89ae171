import ChildProcessSupport
import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// PROTOCOL.md rev 5, after a crash: `doodle-server` killed with SIGKILL mid-turn and started
/// again on the same database brings the room back from its last checkpoint, with no phase,
/// score or seat lost and at most `checkpointMillis` (1 s shipped) of strokes behind.
@Suite("Rooms outlive a crash (real processes)")
struct CrashRestoreTests {
    @Test("kill -9 mid-turn: the restarted server has the room, its drawer, word, scores and canvas, and the game plays on",
        .timeLimit(.minutes(1)), arguments: ChildBackEnd.allCases)
    func killMidTurn(_ backEnd: ChildBackEnd) async throws {
        try await ChildDatabase.with(backEnd) { database in
            let arguments = database.serverArguments()
            let first = try await ChildServer.start(arguments: arguments)
            let scene: LiveRestartTests.Scene
            let killedAt: Int64
            do {
                defer { first.sendSIGKILL() }
                // Killed while the players are still connected: a player who closed would be a
                // departure the room acts on (the last guesser gone ends the turn).
                (scene, killedAt) = try await DoodleClient.withConnections(3, to: first.webSocketURL) { players in
                    let scene = try await LiveRestartTests.playToMidDrawing(players)
                    // The strokes reach the checkpoint within checkpointMillis.
                    try await Task.sleep(for: .milliseconds(1_500))
                    first.sendSIGKILL()
                    return (scene, Int64(Date().timeIntervalSince1970 * 1000))
                }
            }
            #expect(first.process.termination == .signalled(SIGKILL))
            // Three seconds without a host: the room's clock must not run meanwhile.
            try await Task.sleep(for: .seconds(3))

            let second = try await ChildServer.start(arguments: arguments)
            defer { second.sendSIGKILL() }
            try await DoodleClient.withConnections(3, to: second.webSocketURL) { players in
                var after: [RoomSnapshot] = []
                for (index, player) in players.enumerated() {
                    _ = try await player.hello(name: "Player\(index + 1)", token: scene.tokens[index], lastSeq: scene.states[index].seq)
                    after.append(try await player.receiveFirst { message -> RoomSnapshot? in
                        if case .roomState(let state) = message { state } else { nil }
                    })
                }
                let now = Int64(Date().timeIntervalSince1970 * 1000)
                let before = scene.states
                for (index, state) in after.enumerated() {
                    #expect(state.epoch != before[index].epoch)
                    #expect(state.phase == .drawing)
                    #expect(state.drawerId == scene.ids[0])
                    #expect(state.word == before[index].word)
                    #expect(state.strokes == before[index].strokes, "strokes older than checkpointMillis are never lost")
                    #expect(state.players.map(\.score) == before[index].players.map(\.score))
                    #expect(state.players.map(\.id) == before[index].players.map(\.id), "every seat")
                }
                let leftBefore = try #require(before[0].deadline) - killedAt
                let leftAfter = try #require(after[0].deadline) - now
                #expect(leftAfter > leftBefore - 2_500, "the time left is that of the last checkpoint (\(leftAfter) ms now, \(leftBefore) ms at the kill)")
                #expect(leftAfter <= leftBefore + 1_500)

                try await players[2].send(.guess(text: scene.word))
                let summary = try await players[0].receiveFirst(timeout: .seconds(10)) { message -> TurnSummary? in
                    if case .event(.turnEnded(let summary), _) = message { summary } else { nil }
                }
                #expect(summary.reason == .allGuessed)
                let drawingId = try #require(summary.drawingId)
                let status = try await LiveRestartTests.status(of: "\(second.httpBase)/v1/drawings/\(drawingId)", waitingFor: 200)
                #expect(status == 200, "the drawing is archived\n\(second.logTail)")
            }
        }
    }
}
