import ChildProcessSupport
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Logging
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// One back end at a time: each case keeps three rooms playing as fast as they can, and two at
// once beside the rest of the suite would starve other live tests of the two cores.
@Suite("Durability of saved drawings", .serialized)
struct DurabilityTests {
    static let rooms = 3
    static let acknowledgementsBeforeKill = 10

    /// docs/storage.md: a save counts once its transaction committed. On SQLite, with WAL and
    /// `synchronous=NORMAL`, it then survives `kill -9`; on PostgreSQL the commit is the database
    /// server's, which the kill does not reach, and what the kill could still break is a save
    /// half made or made twice, which the read-back and `ChildDatabase.damage()` look for.
    /// "Acknowledged" is what a client can observe: `GET /v1/drawings/{id}` answered 200. The
    /// server is a real child process, killed with SIGKILL while rooms are still playing and
    /// saving, and its database is read afterwards through the back end's own reader.
    @Test(
        "a drawing acknowledged as saved survives kill -9 of the server mid-load", .timeLimit(.minutes(1)),
        arguments: ChildBackEnd.allCases)
    func acknowledgedDrawingsSurviveKill(_ backEnd: ChildBackEnd) async throws {
        try await ChildServer.withScratchDatabase(backEnd) { server, database in
            try await acknowledgedDrawingsSurviveKill(server, database: database)
        }
    }

    private func acknowledgedDrawingsSurviveKill(_ server: ChildServer, database: ChildDatabase) async throws {
        let ledger = DurabilityLedger()
        let roomsAtKill = try await withThrowingTaskGroup(of: Void.self) { rooms in
            for index in 0..<Self.rooms {
                rooms.addTask {
                    await DurabilityRoom(index: index, url: server.webSocketURL, ledger: ledger, logger: TestServer.logger).run()
                }
            }
            try await waitForAcknowledgements(of: ledger, from: server, count: Self.acknowledgementsBeforeKill, within: .seconds(20))
            let running = ledger.runningRooms
            ledger.markKilled()
            server.sendSIGKILL()
            rooms.cancelAll()
            try await rooms.waitForAll()
            return running
        }

        #expect(await server.waitForExit(), "doodle-server did not exit after SIGKILL")
        #expect(server.process.termination == .signalled(SIGKILL))
        #expect(ledger.failures.isEmpty, "rooms failed before the kill: \(ledger.failures)\n\(server.logTail)")
        // The kill must land under load, not after the games stopped.
        #expect(roomsAtKill == Self.rooms, "only \(roomsAtKill) of \(Self.rooms) rooms were still playing at the kill")

        let acknowledged = ledger.drawings(acknowledged: true)
        try #require(
            acknowledged.count >= Self.acknowledgementsBeforeKill,
            "only \(acknowledged.count) of \(ledger.turnsEnded) drawings acknowledged in time\n\(server.logTail)")
        #expect(try await database.damage() == [], "the database as the kill left it")
        try await database.withStorage { storage in
            try await expectStored(acknowledged: acknowledged, unacknowledged: ledger.drawings(acknowledged: false), in: storage.archiveReader)
        }
    }

    private func expectStored(
        acknowledged: [(id: String, drawing: SentDrawing)], unacknowledged: [(id: String, drawing: SentDrawing)], in reader: any ArchiveReader
    ) async throws {
        for (id, sent) in acknowledged {
            let stored = try await reader.drawing(id: id)
            guard let stored else {
                Issue.record("acknowledged drawing \(id) is missing after kill -9")
                continue
            }
            #expect(stored.word == sent.word, "\(id)")
            #expect(stored.guessers.count == DurabilityRoom.players - 1, "\(id)")
            #expect(stored.actions.count == sent.actions.count, "\(id)")
            #expect(stored.actions.first == sent.actions.first, "\(id)")
            #expect(stored.actions == sent.actions, "\(id): the stroke record differs from what the drawer sent")
        }
        // Drawings not yet acknowledged at the kill may or may not have been committed, but a
        // drawing in the database is whole: a transaction is never half there.
        for (id, sent) in unacknowledged {
            if let stored = try await reader.drawing(id: id) {
                #expect(stored.actions == sent.actions, "\(id) (committed, not yet acknowledged) is incomplete")
            }
        }
    }

    /// Polls `GET /v1/drawings/{id}` for every drawing whose turn ended until `count` have
    /// answered 200, or fails after `timeout`.
    private func waitForAcknowledgements(
        of ledger: DurabilityLedger, from server: ChildServer, count: Int, within timeout: Duration
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while clock.now < deadline {
            for id in ledger.unacknowledged where try await server.get("/v1/drawings/\(id)") == 200 {
                ledger.acknowledge(id)
            }
            if ledger.acknowledgedCount >= count { return }
            guard ledger.failures.isEmpty else { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record(
            "\(ledger.acknowledgedCount) drawings acknowledged of \(ledger.turnsEnded) played; failures: \(ledger.failures)\n\(server.logTail)")
    }
}

extension ChildServer {
    /// The status code of a GET on the server's HTTP API.
    func get(_ path: String) async throws -> Int {
        let url = try #require(URL(string: httpBase + path))
        let (_, response) = try await URLSession.shared.data(from: url)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}
