import DoodleClient
import DoodleTestSupport
import Foundation
import Testing

@Suite("Pair mode across kill -9")
struct PairCrashTests {
    /// A pair and an acknowledged drawing live in the database: a server killed with SIGKILL and
    /// started again on the same file still has the pair, delivers the drawing to the partner who
    /// was away, and the pair room's seq has not gone back.
    @Test("a pair and a drawing acknowledged with drawingSent survive kill -9; the partner away gets it after the restart", .timeLimit(.minutes(1)))
    func survivesKill() async throws {
        try await ChildServer.withScratchArguments { arguments in try await survive(arguments) }
    }

    private func survive(_ arguments: [String]) async throws {

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
    @Test("a submit retried after kill -9 answers the stored drawing and stores nothing", .timeLimit(.minutes(1)))
    func submitRetriedAcrossKill() async throws {
        try await ChildServer.withScratchArguments { arguments in try await retry(arguments) }
    }

    private func retry(_ arguments: [String]) async throws {
        let first = try await ChildServer.start(arguments: arguments)
        defer { first.sendSIGKILL() }
        let (adaToken, drawingId) = try await DoodleClient.withConnection(to: first.webSocketURL, logger: TestServer.logger) { adaConnection in
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
            return (session.token, try #require(try await ada.sendDrawing("c_retry0001", word: "anchor")["drawingId"] as? String))
        }
        first.sendSIGKILL()
        #expect(await first.waitForExit())

        let second = try await ChildServer.start(arguments: arguments)
        defer { second.sendSIGKILL() }
        try await DoodleClient.withConnection(to: second.webSocketURL, logger: TestServer.logger) { connection in
            let ada = PairPlayer(connection)
            try await ada.hello("Ada", token: adaToken)
            let state = try await ada.enterPairMode()
            #expect((state["sent"] as? [[String: Any]])?.count == 1)
            let again = try await ada.sendDrawing("c_retry0001", word: "anchor")
            #expect(again["drawingId"] as? String == drawingId)
            #expect(again["seq"] == nil, "a repeat is private, not a room event")
            try await ada.send(["type": "sync"])
            #expect((try await ada.next("roomState")["sent"] as? [[String: Any]])?.count == 1, "stored once")
        }
    }
}
