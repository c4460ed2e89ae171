import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Pair mode across real `doodle-server` processes on one PostgreSQL database, the nodes
/// reaching each other over `LISTEN`/`NOTIFY`: pairing across nodes, HTTP actions sent to the
/// node that does not host the pair's room, 4002 across nodes, and widget heads forgotten on
/// every node when a drawing is stored on one.
@Suite("Pair mode across a cluster of processes on PostgreSQL")
struct PostgresPairClusterTests {
    static let logger = TestServer.logger

    @Test("paired across nodes; uploads (one longer than a NOTIFY), a guess and an unpair sent to the other node reach the partner in the room at once", .timeLimit(.minutes(1)))
    func pairActionsAcrossProcesses() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await Self.withPair(hostedOn: a, joinerStartsOn: b, database: cluster.database) { ada, adaToken, bobToken in
                let upload = try await PairHTTP.request(
                    "POST", b.httpBase + "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_pg_first", "word": "kite", "strokes": [PairClusterTests.line]])
                #expect(upload.status == 201, "\(upload.json)")
                let drawingId = try #require(upload.json["drawingId"] as? String)
                #expect(try await ada.next("drawingReceived", timeout: .seconds(1))["drawingId"] as? String == drawingId)

                // About 20 KB of JSON: the call travels through node_message.
                let long = try await PairHTTP.request(
                    "POST", b.httpBase + "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_pg_long_one", "word": "cloud", "strokes": Self.longDrawing])
                #expect(long.status == 201, "\(long.json)")
                let longId = try #require(long.json["drawingId"] as? String)
                let received = try await ada.next("drawingReceived", timeout: .seconds(1))
                #expect(received["drawingId"] as? String == longId)
                #expect((received["strokes"] as? [Any])?.count == Self.longDrawing.count, "the long drawing arrived whole")

                let guess = try await PairHTTP.request("POST", b.httpBase + "/v1/me/pair/drawings/\(drawingId)/guess", token: adaToken, body: ["text": "kite"])
                #expect(guess.status == 200)
                #expect(guess.json["correct"] as? Bool == true)
                #expect(try await ada.next("drawingGuessed")["drawingId"] as? String == drawingId)
                let unpair = try await PairHTTP.request("DELETE", b.httpBase + "/v1/me/pair", token: bobToken)
                #expect(unpair.status == 200)
                #expect(try await ada.next("unpaired")["by"] as? String != nil)
            }
        }
    }

    @Test("a second connection with the same token on the other node replaces the first (4002)", .timeLimit(.minutes(1)))
    func replacedAcrossProcesses() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let second = cluster.nodes[1]
            try await PairClusterTests.expectReplaced(first: cluster.nodes[0].webSocketURL, second: second.webSocketURL) { second.logTail }
        }
    }

    @Test("a drawing stored on the pair's host makes the other node's cached 304 a 200 with the new picture", .timeLimit(.minutes(1)))
    func widgetHeadsAcrossProcesses() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await Self.withPair(hostedOn: a, joinerStartsOn: b, database: cluster.database) { ada, adaToken, bobToken in
                let widget = b.httpBase + "/v1/me/latest-received.png?size=64"
                let starter = try await PairHTTP.request("GET", widget, token: adaToken)
                #expect(starter.status == 200)
                let starterTag = try #require(starter.etag)
                #expect(try await PairHTTP.request("GET", widget, token: adaToken, ifNoneMatch: starterTag).status == 304)
                #expect(try await ClusterWidgetCacheTests.cacheHits(httpBase: b.httpBase) >= 1, "B's cache answered the 304")

                let upload = try await PairHTTP.request(
                    "POST", a.httpBase + "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_pg_widget", "word": "kite", "strokes": [PairClusterTests.line]])
                #expect(upload.status == 201)
                _ = try await ada.next("drawingReceived")
                let deadline = ContinuousClock.now + .seconds(5)
                var latest = try await PairHTTP.request("GET", widget, token: adaToken, ifNoneMatch: starterTag)
                while latest.status == 304, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                    latest = try await PairHTTP.request("GET", widget, token: adaToken, ifNoneMatch: starterTag)
                }
                #expect(latest.status == 200, "B still answers 304 for the starter after Bob's drawing")
                #expect(latest.etag != starterTag)
            }
        }
    }

    @Test("a host whose listening connection the database ends listens again: calls sent to the other node reach its room again", .timeLimit(.minutes(1)))
    func hostListensAgain() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await Self.withPair(hostedOn: a, joinerStartsOn: b, database: cluster.database) { ada, _, bobToken in
                // Both nodes' listening connections go; each connects again within a second.
                let ended = try await Self.endListeningConnections(in: cluster.database)
                #expect(ended == 2)
                // A call that finds the host deaf gets 500 with Retry-After; the client tries again.
                let deadline = ContinuousClock.now + .seconds(20)
                var upload = try await Self.uploadLine(to: b, token: bobToken, clientDrawingId: "c_pg_after_cut")
                while upload.status == 500, ContinuousClock.now < deadline {
                    #expect(upload.retryAfter != nil)
                    try await Task.sleep(for: .milliseconds(200))
                    upload = try await Self.uploadLine(to: b, token: bobToken, clientDrawingId: "c_pg_after_cut")
                }
                #expect(upload.status == 201)
                let drawingId = try #require(upload.json["drawingId"] as? String)
                #expect(try await ada.next("drawingReceived")["drawingId"] as? String == drawingId)
            }
        }
    }

    // MARK: - Helpers

    static func uploadLine(to node: ChildServer, token: String, clientDrawingId: String) async throws -> PairHTTP.Answer {
        try await PairHTTP.request(
            "POST", node.httpBase + "/v1/me/pair/drawings", token: token,
            body: ["clientDrawingId": clientDrawingId, "word": "kite", "strokes": [PairClusterTests.line]])
    }

    /// Ends every node's listening connection to `location`'s database, as a failover or a
    /// network cut would; how many it ended.
    static func endListeningConnections(in location: PostgresLocation) async throws -> Int {
        try await PostgresBackends.terminate(applicationName: PostgresNodeChannels.applicationName, in: location)
    }

    /// Ada enters pair mode on `host`; Bob, starting on `joinerStartsOn`, is redirected there and
    /// pairs, then leaves. `body` gets Ada's connection (in the pair room), her token and Bob's.
    static func withPair(
        hostedOn host: ChildServer, joinerStartsOn other: ChildServer, database: PostgresLocation,
        _ body: (PairPlayer, String, String) async throws -> Void
    ) async throws {
        try await DoodleClient.withConnection(to: host.webSocketURL, logger: logger) { connection in
            let ada = PairPlayer(connection)
            let adaToken = try await ada.hello("Ada").token
            let code = try #require(try await ada.enterPairMode()["code"] as? String)
            let bobToken = try await DoodleClient.withConnection(to: other.webSocketURL, logger: logger) { connection in
                let bob = PairPlayer(connection)
                let token = try await bob.hello("Bob").token
                try await bob.send(["type": "joinRoom", "code": code])
                #expect(try await bob.next("redirect")["url"] as? String == host.webSocketURL)
                return token
            }
            let pairId = try await DoodleClient.withConnection(to: host.webSocketURL, logger: logger) { connection in
                let bob = PairPlayer(connection)
                _ = try await bob.hello("Bob", token: bobToken)
                try await bob.send(["type": "joinRoom", "code": code])
                let room = try await bob.next("roomState")
                #expect(room["phase"] as? String == "paired")
                return try #require((room["pair"] as? [String: Any])?["pairId"] as? String)
            }
            _ = try await ada.next("playerConnection")
            #expect(try await hostURL(of: "pair:\(pairId)", in: database) == host.webSocketURL, "the pair room is hosted where Ada entered")
            try await body(ada, adaToken, bobToken)
        }
    }

    /// The directory's answer, read straight from the database.
    static func hostURL(of code: String, in location: PostgresLocation) async throws -> String? {
        let database = try await PostgreSQLDatabase.open(location: location, maximumConnections: 1, logger: logger)
        return try await PostgresTestDatabase.withRunning(database) { database in
            try await PostgresRoomDirectory(database: database).host(of: code)?.url
        }
    }

    /// Ten strokes of 200 points each.
    static var longDrawing: [[String: Any]] {
        (1...10).map { stroke in
            var points: [Int] = []
            for index in 0..<200 {
                let x = 100 + index * 5 + stroke
                let y = 100 + (index * 37 + stroke * 11) % 900
                points += [x, y]
            }
            return ["kind": "stroke", "strokeId": stroke, "tool": "pen", "color": "#335577", "width": 4, "points": points]
        }
    }
}
