import DoodleClient
import DoodleServer
import DoodleTestSupport
import Foundation
import GRDB
import Testing

@Suite("Push notifications to a webhook, live")
struct NotificationTests {
    static let secret = "test-secret"

    static func settings(_ url: String) -> NotificationSettings {
        NotificationSettings(url: url, secret: secret, firstRetryDelayMilliseconds: 50, maxRetryDelayMilliseconds: 400)
    }

    @Test("events for a partner away are POSTed signed, once per key, in order per recipient, through a receiver's first failures")
    func eventsReachTheReceiver() async throws {
        let receiver = WebhookReceiver(failFirst: 3)
        try await receiver.run { url in
            try await TestServer.with(notifications: Self.settings(url)) { server in
                try await server.withPairPlayers(2) { players in
                    let (ada, bob) = (players[0], players[1])
                    let adaId = try await ada.hello("Ada").id
                    let bobId = try await bob.hello("Bob").id
                    let code = try #require(try await ada.enterPairMode()["code"] as? String)
                    try await ada.send(["type": "leaveRoom"])
                    _ = try await ada.next("playerConnection")
                    // Ada is away: Bob's pairing and his drawing are for her phone.
                    try await bob.send(["type": "joinRoom", "code": code])
                    let pairId = try #require((try await bob.next("roomState")["pair"] as? [String: Any])?["pairId"] as? String)
                    let drawingId = try #require(try await bob.sendDrawing("c_notify001", word: "kite")["drawingId"] as? String)
                    try await bob.send(["type": "leaveRoom"])
                    _ = try await bob.next("playerConnection")
                    // Ada comes back and guesses while Bob is away: that is for his phone.
                    _ = try await ada.enterPairMode()
                    try await ada.send(["type": "guess", "drawingId": drawingId, "text": "kite"])
                    _ = try await ada.next("drawingGuessed")
                    // A drawing sent while the partner is in the room notifies nobody.
                    try await bob.send(["type": "createRoom", "mode": "pair"])
                    _ = try await bob.next("roomState")
                    _ = try await ada.sendDrawing("c_present01", word: "pear")
                    _ = try await bob.next("drawingReceived")

                    // Ada unpairs while Bob is away again: his phone hears of it.
                    try await bob.send(["type": "leaveRoom"])
                    _ = try await bob.next("playerConnection")
                    try await ada.send(["type": "unpair"])
                    _ = try await ada.next("unpaired")

                    let accepted = try await receiver.waitForAccepted(4)
                    try await Task.sleep(for: .milliseconds(300))
                    #expect(receiver.accepted.count == 4, "nothing more: \(receiver.accepted.map(\.key))")
                    #expect(receiver.deliveries.count == 7, "three refused attempts, then four accepted")
                    #expect(Set(accepted.map(\.key)).count == 4, "once per key")
                    let bodies = try accepted.map { try PairPlayer.object($0.body) }
                    // In order per recipient; recipients' events go out side by side.
                    let toAda = bodies.filter { $0["recipientId"] as? String == adaId }
                    let toBob = bodies.filter { $0["recipientId"] as? String == bobId }
                    #expect(toAda.map { $0["event"] as? String } == ["paired", "drawingReceived"])
                    #expect(toBob.map { $0["event"] as? String } == ["drawingGuessed", "unpaired"])
                    #expect(bodies.allSatisfy { $0["pairId"] as? String == pairId })
                    #expect(toAda.map { $0["fromName"] as? String } == ["Bob", "Bob"])
                    #expect(toBob.map { $0["fromName"] as? String } == ["Ada", "Ada"])
                    #expect(toAda.last?["drawingId"] as? String == drawingId && toBob.first?["drawingId"] as? String == drawingId)
                    #expect(toAda.first?["drawingId"] == nil, "paired names no drawing")
                    #expect(bodies.allSatisfy { ($0["at"] as? Int64 ?? 0) > 0 })
                    #expect(!accepted.contains { $0.body.contains("kite") }, "a notification never carries the word")
                    for delivery in receiver.deliveries {
                        #expect(delivery.signature == WebhookReceiver.signature(of: delivery.body, secret: Self.secret))
                    }
                    let metrics = try await PairPlayTests.text(server, "/metrics")
                    #expect(metrics.contains("doodle_notifications_sent_total 4\n"))
                    #expect(metrics.contains("doodle_notification_attempts_failed_total 3\n"))
                }
            }
        }
    }

    @Test("without --notify-url nothing is queued")
    func nothingQueuedWithoutURL() async throws {
        try await TestServer.with { server in
            try await PairPlayTests.withPair(server) { ada, bob, _, _ in
                try await bob.send(["type": "leaveRoom"])
                _ = try await bob.next("playerConnection")
                _ = try await ada.sendDrawing("c_nobody001", word: "kite")
            }
            let depth = try Self.outboxDepth(server.databasePath)
            #expect(depth == 0)
        }
    }

    @Test("what the receiver did not take survives kill -9 and arrives after the restart", .timeLimit(.minutes(1)))
    func outboxSurvivesKill() async throws {
        let receiver = WebhookReceiver(accepting: false)
        try await receiver.run { url in
            try await ChildServer.withScratchArguments(extra: ["--notify-url", url, "--notify-secret", Self.secret]) { arguments in
                try await Self.outboxSurvivesKill(arguments, receiver: receiver)
            }
        }
    }

    private static func outboxSurvivesKill(_ arguments: [String], receiver: WebhookReceiver) async throws {
        let first = try await ChildServer.start(arguments: arguments)
        defer { first.sendSIGKILL() }
        let drawingId = try await DoodleClient.withConnection(to: first.webSocketURL, logger: TestServer.logger) { adaConnection in
            let ada = PairPlayer(adaConnection)
            try await ada.hello("Ada")
            let code = try #require(try await ada.enterPairMode()["code"] as? String)
            return try await DoodleClient.withConnection(to: first.webSocketURL, logger: TestServer.logger) { bobConnection in
                let bob = PairPlayer(bobConnection)
                try await bob.hello("Bob")
                try await bob.send(["type": "joinRoom", "code": code])
                _ = try await bob.next("roomState")
                try await bob.send(["type": "leaveRoom"])
                _ = try await bob.next("playerConnection")
                return try #require(try await ada.sendDrawing("c_crash0002", word: "kite")["drawingId"] as? String)
            }
        }
        // The receiver is down: attempts fail and the event waits.
        let deadline = ContinuousClock.now + .seconds(5)
        while receiver.deliveries.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!receiver.deliveries.isEmpty, "the sender tried")
        first.sendSIGKILL()
        #expect(await first.waitForExit())

        receiver.setAccepting(true)
        let second = try await ChildServer.start(arguments: arguments)
        defer { second.sendSIGKILL() }
        // The restarted server's backoff starts from the stored attempt count: up to a minute.
        let accepted = try await receiver.waitForAccepted(1, timeout: .seconds(45))
        let body = try PairPlayer.object(try #require(accepted.first).body)
        #expect(body["event"] as? String == "drawingReceived")
        #expect(body["drawingId"] as? String == drawingId)
    }

    static func outboxDepth(_ databasePath: String) throws -> Int {
        let database = try DatabaseQueue(path: databasePath)
        return try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM notification") ?? -1 }
    }
}
