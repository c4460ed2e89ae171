import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

@Suite("Pair mode across kill -9")
struct PairCrashTests {
    /// A pair and an acknowledged drawing live in the database: after a server is killed with
    /// SIGKILL the back end's pair reader finds both, and a server started again on the same
    /// database still has the pair, delivers the drawing to the partner who was away, and the
    /// pair room's seq has not gone back.
    @Test(
        "a pair and a drawing acknowledged with drawingSent survive kill -9; the partner away gets it after the restart",
        .timeLimit(.minutes(1)), arguments: ChildBackEnd.allCases)
    func survivesKill(_ backEnd: ChildBackEnd) async throws {
        try await ChildDatabase.with(backEnd) { database in try await survive(database) }
    }

    private func survive(_ database: ChildDatabase) async throws {
        let arguments = database.serverArguments()
        let first = try await ChildServer.start(arguments: arguments)
        defer { first.sendSIGKILL() }
        let (ada, bob, drawingId, seqBeforeKill) = try await DoodleClient.withConnection(to: first.webSocketURL, logger: TestServer.logger) { adaConnection in
            let ada = PairPlayer(adaConnection)
            let adaSession = try await ada.hello("Ada")
            let code = try #require(try await ada.enterPairMode()["code"] as? String)
            let bobSession = try await DoodleClient.withConnection(to: first.webSocketURL, logger: TestServer.logger) { bobConnection in
                let bob = PairPlayer(bobConnection)
                let session = try await bob.hello("Bob")
                try await bob.send(["type": "joinRoom", "code": code])
                _ = try await bob.next("roomState")
                return session
            }
            _ = try await ada.next("roomState")
            let sent = try await ada.sendDrawing("c_crash0001", word: "lighthouse")
            return (adaSession, bobSession, try #require(sent["drawingId"] as? String), try #require(sent["seq"] as? Int))
        }
        first.sendSIGKILL()
        #expect(await first.waitForExit())
        #expect(try await database.damage() == [], "the database as the kill left it")
        try await database.withStorage { storage in
            let pairId = try await storage.pairReader.currentPairId(of: ada.id)
            #expect(pairId != nil)
            #expect(try await storage.pairReader.currentPairId(of: bob.id) == pairId, "both partners are in the one pair")
            let stored = try await storage.pairReader.drawing(id: drawingId, viewer: bob.id)
            #expect(stored?.drawing.pairId == pairId)
            #expect(stored?.drawing.fromId == ada.id && stored?.drawing.toId == bob.id)
            #expect(stored?.drawing.status == .pending)
            #expect(stored?.actions.count == 2, "the stroke's begin and end")
        }

        let second = try await ChildServer.start(arguments: arguments)
        defer { second.sendSIGKILL() }
        try await DoodleClient.withConnection(to: second.webSocketURL, logger: TestServer.logger) { connection in
            let bobAgain = PairPlayer(connection)
            let session = try await bobAgain.hello("Bob", token: bob.token)
            #expect(session.id == bob.id)
            let state = try await bobAgain.enterPairMode()
            #expect(state["phase"] as? String == "paired")
            #expect((state["players"] as? [[String: Any]])?.map { $0["id"] as? String } == [bob.id, ada.id])
            #expect((state["inbox"] as? [[String: Any]])?.map { $0["drawingId"] as? String } == [drawingId])
            #expect(try #require(state["seq"] as? Int) >= seqBeforeKill, "the seq never goes back")
            #expect(!bobAgain.received.joined().contains("lighthouse"))
            try await bobAgain.send(["type": "guess", "drawingId": drawingId, "text": "lighthouse"])
            #expect(try await bobAgain.next("guessResult")["correct"] as? Bool == true)
        }
    }

    /// The client heard nothing (the server died after storing), so it sends the same drawing
    /// again to the restarted server: it is stored once and answers the same id.
    @Test(
        "a submit retried after kill -9 answers the stored drawing and stores nothing", .timeLimit(.minutes(1)),
        arguments: ChildBackEnd.allCases)
    func submitRetriedAcrossKill(_ backEnd: ChildBackEnd) async throws {
        try await ChildDatabase.with(backEnd) { database in try await retry(database) }
    }

    private func retry(_ database: ChildDatabase) async throws {
        let arguments = database.serverArguments()
        let first = try await ChildServer.start(arguments: arguments)
        defer { first.sendSIGKILL() }
        let (adaSession, drawingId) = try await DoodleClient.withConnection(to: first.webSocketURL, logger: TestServer.logger) { adaConnection in
            let ada = PairPlayer(adaConnection)
            let session = try await ada.hello("Ada")
            let code = try #require(try await ada.enterPairMode()["code"] as? String)
            try await DoodleClient.withConnection(to: first.webSocketURL, logger: TestServer.logger) { bobConnection in
                let bob = PairPlayer(bobConnection)
                try await bob.hello("Bob")
                try await bob.send(["type": "joinRoom", "code": code])
                _ = try await bob.next("roomState")
            }
            _ = try await ada.next("roomState")
            return (session, try #require(try await ada.sendDrawing("c_retry0001", word: "anchor")["drawingId"] as? String))
        }
        first.sendSIGKILL()
        #expect(await first.waitForExit())

        let second = try await ChildServer.start(arguments: arguments)
        defer { second.sendSIGKILL() }
        try await DoodleClient.withConnection(to: second.webSocketURL, logger: TestServer.logger) { connection in
            let ada = PairPlayer(connection)
            try await ada.hello("Ada", token: adaSession.token)
            let state = try await ada.enterPairMode()
            #expect((state["sent"] as? [[String: Any]])?.count == 1)
            let again = try await ada.sendDrawing("c_retry0001", word: "anchor")
            #expect(again["drawingId"] as? String == drawingId)
            #expect(again["seq"] == nil, "a repeat is private, not a room event")
            try await ada.send(["type": "sync"])
            #expect((try await ada.next("roomState")["sent"] as? [[String: Any]])?.count == 1, "stored once")
        }
        second.sendSIGKILL()
        #expect(await second.waitForExit())
        #expect(try await database.damage() == [], "the database as the second kill left it")
        try await database.withStorage { storage in
            let sent = try await storage.pairReader.drawings(of: adaSession.id, box: .sent, limit: 100, before: nil)
            #expect(sent?.drawings.map(\.drawingId) == [drawingId], "stored once, under the id first answered")
        }
    }
}
