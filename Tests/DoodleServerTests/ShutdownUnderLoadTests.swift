import ChildProcessSupport
import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Graceful shutdown under load")
struct ShutdownUnderLoadTests {
    static let rooms = 3
    static let drawingsBeforeShutdown = 6
    /// The bound the operator can count on: the 5 s the drain gives clients to take their 4001,
    /// plus the archive's last batch and the services' stop.
    static let exitBound = Duration.seconds(10)

    /// SIGTERM while rooms are drawing and saving: every client is told 4001, every drawing
    /// whose turn end was announced is in the file, and the process exits within `exitBound`.
    @Test("SIGTERM mid-game: every client gets 4001, every announced drawing is saved, the process exits in time", .timeLimit(.minutes(1)))
    func sigtermUnderLoad() async throws {
        try await ChildServer.withTemporaryDatabase { server, databasePath in
            try await sigtermUnderLoad(server, databasePath: databasePath)
        }
    }

    private func sigtermUnderLoad(_ server: ChildServer, databasePath: String) async throws {
        let ledger = DurabilityLedger()
        let clock = ContinuousClock()
        let (roomsAtSignal, exitedAfter) = try await withThrowingTaskGroup(of: Void.self) { rooms in
            for index in 0..<Self.rooms {
                rooms.addTask {
                    await DurabilityRoom(index: index, url: server.webSocketURL, ledger: ledger, logger: TestServer.logger).run()
                }
            }
            let deadline = clock.now + .seconds(20)
            while ledger.turnsEnded < Self.drawingsBeforeShutdown, ledger.failures.isEmpty, clock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            let running = ledger.runningRooms
            ledger.markKilled()
            let signalled = clock.now
            _ = kill(server.pid, SIGTERM)
            let exited = await server.waitForExit(timeout: .seconds(30))
            let exitedAfter = clock.now - signalled
            try await rooms.waitForAll()
            return (running, exited ? exitedAfter : nil)
        }

        #expect(ledger.failures.isEmpty, "rooms failed before the signal: \(ledger.failures)\n\(server.logTail)")
        #expect(roomsAtSignal == Self.rooms, "only \(roomsAtSignal) of \(Self.rooms) rooms were playing at the signal")
        let exitTime = try #require(exitedAfter, "doodle-server did not exit within 30 s of SIGTERM\n\(server.logTail)")
        #expect(exitTime < Self.exitBound, "exit took \(exitTime)")
        #expect(server.process.termination == .exited(code: 0), "\(server.logTail)")

        let closures = ledger.closures
        #expect(closures.count == Self.rooms * DurabilityRoom.players)
        for closure in closures {
            #expect(closure?.closeCode == .shuttingDown, "a client's connection ended with \(closure.map { "\($0)" } ?? "nothing")")
        }

        let announced = ledger.drawings(acknowledged: false)
        #expect(announced.count >= Self.drawingsBeforeShutdown)
        let reader = Storage(sqlite: try SQLiteDatabase.open(path: databasePath)).archiveReader
        for (id, sent) in announced {
            let stored = try await reader.drawing(id: id)
            #expect(stored?.actions == sent.actions, "announced drawing \(id) is missing or incomplete after SIGTERM")
        }
    }
}
