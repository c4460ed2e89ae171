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
                let upload = try await Self.http(
                    "POST", b.httpBase + "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_pg_first", "word": "kite", "strokes": [PairClusterTests.line]])
                #expect(upload.status == 201, "\(upload.json)")
                let drawingId = try #require(upload.json["drawingId"] as? String)
                #expect(try await ada.next("drawingReceived", timeout: .seconds(1))["drawingId"] as? String == drawingId)

                // About 20 KB of JSON: the call travels through node_message.
                let long = try await Self.http(
                    "POST", b.httpBase + "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_pg_long_one", "word": "cloud", "strokes": Self.longDrawing])
                #expect(long.status == 201, "\(long.json)")
                let longId = try #require(long.json["drawingId"] as? String)
                let received = try await ada.next("drawingReceived", timeout: .seconds(1))
                #expect(received["drawingId"] as? String == longId)
                #expect((received["strokes"] as? [Any])?.count == Self.longDrawing.count, "the long drawing arrived whole")

                let guess = try await Self.http("POST", b.httpBase + "/v1/me/pair/drawings/\(drawingId)/guess", token: adaToken, body: ["text": "kite"])
                #expect(guess.status == 200)
                #expect(guess.json["correct"] as? Bool == true)
                #expect(try await ada.next("drawingGuessed")["drawingId"] as? String == drawingId)
                let unpair = try await Self.http("DELETE", b.httpBase + "/v1/me/pair", token: bobToken)
                #expect(unpair.status == 200)
                #expect(try await ada.next("unpaired")["by"] as? String != nil)
            }
        }
    }

    @Test("a second connection with the same token on the other node replaces the first (4002)", .timeLimit(.minutes(1)))
    func replacedAcrossProcesses() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: a.webSocketURL, logger: Self.logger) { first in
                let welcome = try await first.hello(name: "Ada")
                try await DoodleClient.withConnection(to: b.webSocketURL, logger: Self.logger) { second in
                    try await second.hello(name: "Ada", token: welcome.token)
                    #expect(try await first.waitForClose().code == 4002)
                    _ = try await second.createRoom()
                }
            }
        }
    }

    @Test("a drawing stored on the pair's host makes the other node's cached 304 a 200 with the new picture", .timeLimit(.minutes(1)))
    func widgetHeadsAcrossProcesses() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await Self.withPair(hostedOn: a, joinerStartsOn: b, database: cluster.database) { ada, adaToken, bobToken in
                let widget = b.httpBase + "/v1/me/latest-received.png?size=64"
                let starter = try await Self.http("GET", widget, token: adaToken)
                #expect(starter.status == 200)
                let starterTag = try #require(starter.etag)
                #expect(try await Self.http("GET", widget, token: adaToken, ifNoneMatch: starterTag).status == 304)
                #expect(try await ClusterWidgetCacheTests.cacheHits(httpBase: b.httpBase) >= 1, "B's cache answered the 304")

                let upload = try await Self.http(
                    "POST", a.httpBase + "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_pg_widget", "word": "kite", "strokes": [PairClusterTests.line]])
                #expect(upload.status == 201)
                _ = try await ada.next("drawingReceived")
                let deadline = ContinuousClock.now + .seconds(5)
                var latest = try await Self.http("GET", widget, token: adaToken, ifNoneMatch: starterTag)
                while latest.status == 304, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                    latest = try await Self.http("GET", widget, token: adaToken, ifNoneMatch: starterTag)
                }
                #expect(latest.status == 200, "B still answers 304 for the starter after Bob's drawing")
                #expect(latest.etag != starterTag)
            }
        }
    }

    // MARK: - Helpers

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
        let database = try await PostgresArchiveDatabase.open(location: location, maximumConnections: 1, logger: logger)
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

    struct Answer {
        let status: Int
        let etag: String?
        let json: [String: Any]
    }

    static func http(_ method: String, _ url: String, token: String, body: [String: Any]? = nil, ifNoneMatch: String? = nil) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        if let ifNoneMatch { request.setValue(ifNoneMatch, forHTTPHeaderField: "If-None-Match") }
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(status: http.statusCode, etag: http.value(forHTTPHeaderField: "ETag"), json: json)
    }
}
