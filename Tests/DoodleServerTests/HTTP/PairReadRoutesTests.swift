import DoodleClient
import DoodleCore
import DoodleServer
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

/// The pair routes that read (`GET /v1/me/pair`, the history, latest-received) and the privacy
/// of pair drawings on `GET /v1/drawings/{id}` and `.svg`, every answer checked against
/// docs/openapi.json. Pairs and drawings are stored straight into the server's database.
@Suite("HTTP pair routes: reading and privacy")
struct PairReadRoutesTests {
    static let readingRoutes = ["/v1/me/pair", "/v1/me/pair/drawings", "/v1/me/latest-received"]

    /// Ada and Bob paired (`pr_1`), Cy on its own; each with a token.
    /// - Parameter widgetCacheEntries: 0 where the test seeds drawings behind the server's back
    ///   and then polls `latest-received.png`, which no invalidation would follow.
    static func withPlayers(
        widgetCacheEntries: Int = ServerConfiguration().widgetCacheEntries,
        _ body: @Sendable (TestServer, PairSeed, _ ada: Welcome, _ bob: Welcome, _ cy: Welcome) async throws -> Void
    ) async throws {
        try await TestServer.with(widgetCacheEntries: widgetCacheEntries) { server in
            try await server.withConnections(3) { connections in
                let ada = try await connections[0].hello(name: "Ada")
                let bob = try await connections[1].hello(name: "Bob")
                let cy = try await connections[2].hello(name: "Cy")
                let seed = try PairSeed(server: server)
                try await seed.form("pr_1", owner: ada, joiner: bob, on: server)
                try await body(server, seed, ada, bob, cy)
            }
        }
    }

    @Test("a missing, malformed or unknown token is 401 on every reading pair route")
    func refusedTokens() async throws {
        try await TestServer.with { server in
            for authorization in MeRoutesTests.refusedAuthorizations {
                for path in Self.readingRoutes {
                    let answer = try await server.call("GET", path, authorization: authorization)
                    #expect(answer.status == 401, "\(path) with \(authorization ?? "no header")")
                    #expect(answer.errorCode == "unauthorized", "\(path) with \(authorization ?? "no header")")
                }
            }
        }
    }

    @Test("GET /v1/me/pair: the open code, the same every time; once paired, partner, since, scores and streak")
    func pairStatus() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { connections in
                let ada = try await connections[0].hello(name: "Ada")
                let bob = try await connections[1].hello(name: "Bob")
                let first = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(ada.token)")
                #expect(first.status == 200)
                #expect(first.json?["paired"] == .bool(false))
                let code = try #require(first.json?["code"]?.stringValue)
                let again = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(ada.token)")
                #expect(again.json?["code"]?.stringValue == code, "the same code until it is used")
                let bobs = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(bob.token)")
                #expect(bobs.json?["code"]?.stringValue != code)

                let seed = try PairSeed(server: server)
                #expect(try await seed.pairs.form(code: code, joiner: bob.playerId, joinerName: "Bob", pairId: "pr_1", now: PairSeed.start)
                    == .formed(pairId: "pr_1", ownerId: ada.playerId))
                for (me, partner) in [(ada, bob), (bob, ada)] {
                    let paired = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(me.token)")
                    #expect(paired.status == 200)
                    #expect(paired.json?["paired"] == .bool(true))
                    #expect(paired.json?["pairId"] == .string("pr_1"))
                    #expect(paired.json?["partner"]?["id"] == .string(partner.playerId))
                    #expect(paired.json?["partner"]?["name"] == .string(partner.name))
                    #expect(paired.json?["since"] == .integer(PairSeed.start))
                    #expect(paired.json?["scores"]?[me.playerId] == .integer(0))
                    #expect(paired.json?["streak"] == .integer(0))
                }
            }
        }
    }

    @Test("the history: both boxes, pages through nextBefore, and 400 bad_message for a bad box, limit or before")
    func history() async throws {
        try await Self.withPlayers { server, seed, ada, bob, cy in
            for index in 1...5 {
                try await seed.send("d_\(index)", in: "pr_1", from: ada, to: bob, at: Int64(index) * 1_000, word: "word\(index)")
            }
            try await seed.send("d_back", in: "pr_1", from: bob, to: ada, at: 9_000, word: "reply")
            let bobAuth = "Bearer \(bob.token)"

            var seen: [String] = []
            var path = "/v1/me/pair/drawings?limit=2"
            for _ in 0..<5 {
                let page = try await server.call("GET", path, authorization: bobAuth)
                #expect(page.status == 200)
                guard case .array(let drawings)? = page.json?["drawings"] else { break }
                seen += drawings.compactMap { $0["drawingId"]?.stringValue }
                guard let next = page.json?["nextBefore"]?.stringValue else { break }
                path = "/v1/me/pair/drawings?limit=2&before=\(next)"
            }
            #expect(seen == ["d_5", "d_4", "d_3", "d_2", "d_1"])

            let sent = try await server.call("GET", "/v1/me/pair/drawings?box=sent", authorization: bobAuth)
            #expect(sent.json?["drawings"]?[0]?["drawingId"] == .string("d_back"))
            #expect(sent.json?["drawings"]?[0]?["word"] == .string("reply"), "the sender sees its word")
            #expect(sent.json?["nextBefore"] == .null)
            let adaReceived = try await server.call("GET", "/v1/me/pair/drawings?box=received", authorization: "Bearer \(ada.token)")
            #expect(adaReceived.json?["drawings"]?[0]?["drawingId"] == .string("d_back"))
            let cyReceived = try await server.call("GET", "/v1/me/pair/drawings", authorization: "Bearer \(cy.token)")
            #expect(cyReceived.json?["drawings"] == .array([]))

            let badQueries = ["box=inbox", "box=", "limit=0", "limit=101", "limit=ten", "limit=2.5", "before=d_unknown", "before=", "box=sent&before=d_3"]
            for query in badQueries {
                let refused = try await server.call("GET", "/v1/me/pair/drawings?\(query)", authorization: bobAuth)
                #expect(refused.status == 400, "\(query)")
                #expect(refused.errorCode == "bad_message", "\(query)")
            }
            // Someone else's drawing is no cursor: it is refused exactly like an unknown id.
            let foreign = try await server.call("GET", "/v1/me/pair/drawings?before=d_3", authorization: "Bearer \(cy.token)")
            let unknown = try await server.call("GET", "/v1/me/pair/drawings?before=d_unknown", authorization: "Bearer \(cy.token)")
            #expect(foreign.status == 400 && foreign.json == unknown.json)
        }
    }

    @Test("a pair drawing's JSON and SVG are its partners' only: a third player, no token or a bad token get the unknown id's 404")
    func drawingPrivacy() async throws {
        try await Self.withPlayers { server, seed, ada, bob, cy in
            try await seed.send("d_private", in: "pr_1", from: ada, to: bob, at: 1_000, word: "lighthouse")
            for suffix in ["", ".svg"] {
                for authorization in ["Bearer \(ada.token)", "Bearer \(bob.token)"] {
                    let answer = try await server.call("GET", "/v1/drawings/d_private\(suffix)", authorization: authorization)
                    #expect(answer.status == 200, "\(suffix)")
                }
                let unknown = try await server.call("GET", "/v1/drawings/d_nobody\(suffix)", authorization: "Bearer \(ada.token)")
                #expect(unknown.status == 404)
                for authorization in ["Bearer \(cy.token)", nil, "Bearer not-a-token", "Basic abc"] {
                    let answer = try await server.call("GET", "/v1/drawings/d_private\(suffix)", authorization: authorization)
                    #expect(answer.status == 404, "\(suffix) with \(authorization ?? "no header")")
                    #expect(answer.errorCode == "not_found")
                    let unknownMessage = unknown.json?["error"]?["message"]?.stringValue
                        .map { $0.replacingOccurrences(of: "d_nobody", with: "d_private") }
                    #expect(answer.json?["error"]?["message"]?.stringValue == unknownMessage, "no hint that it exists")
                }
            }
            let forAda = try await server.call("GET", "/v1/drawings/d_private", authorization: "Bearer \(ada.token)")
            #expect(forAda.json?["word"] == .string("lighthouse"))
            #expect(forAda.json?["fromId"] == .string(ada.playerId))
            #expect(forAda.json?["actions"]?[2]?["type"] == .string("fill"))
        }
    }

    @Test("the word reaches the recipient through nothing it can fetch until it guessed or gave up")
    func wordSecrecy() async throws {
        try await Self.withPlayers { server, seed, ada, bob, _ in
            try await seed.send("d_secret", in: "pr_1", from: ada, to: bob, at: 1_000, word: "zeppelin")
            let bobAuth = "Bearer \(bob.token)"
            let fetchable = [
                "/v1/me/pair/drawings", "/v1/me/pair/drawings?box=sent", "/v1/me/latest-received", "/v1/drawings/d_secret",
                "/v1/drawings/d_secret.svg", "/v1/me/pair",
            ]
            for path in fetchable {
                let answer = try await server.call("GET", path, authorization: bobAuth)
                #expect(answer.status == 200, "\(path)")
                #expect(!answer.text.lowercased().contains("zeppelin"), "\(path) shows the word while pending")
            }
            let latest = try await server.call("GET", "/v1/me/latest-received", authorization: bobAuth)
            #expect(latest.json?["drawingId"] == .string("d_secret"))
            #expect(latest.json?["starter"] == .bool(false))
            #expect(latest.json?["status"] == .string("pending"))

            try await seed.resolve("d_secret", in: "pr_1", status: .gaveUp, word: "zeppelin")
            let revealed = try await server.call("GET", "/v1/me/latest-received", authorization: bobAuth)
            #expect(revealed.json?["word"] == .string("zeppelin"))
            #expect(revealed.json?["status"] == .string("gaveUp"))
            let whole = try await server.call("GET", "/v1/drawings/d_secret", authorization: bobAuth)
            #expect(whole.json?["word"] == .string("zeppelin"))
            #expect(whole.json?["resolvedAt"] == .integer(PairSeed.start + 1_000))
        }
    }

    @Test("latest-received: the starter drawing when unpaired or nothing came yet, never empty")
    func latestReceived() async throws {
        try await Self.withPlayers { server, seed, ada, bob, cy in
            for welcome in [cy, bob] {
                let starter = try await server.call("GET", "/v1/me/latest-received", authorization: "Bearer \(welcome.token)")
                #expect(starter.status == 200)
                #expect(starter.json?["starter"] == .bool(true))
                #expect(starter.json?["drawingId"] == .null)
                guard case .array(let strokes)? = starter.json?["strokes"] else {
                    Issue.record("no strokes in \(starter.text)")
                    continue
                }
                #expect(strokes.count == StarterDrawing.items.count && !strokes.isEmpty)
            }
            try await seed.send("d_older", in: "pr_1", from: ada, to: bob, at: 1_000, word: "one")
            try await seed.send("d_newer", in: "pr_1", from: ada, to: bob, at: 2_000, word: "two")
            try await seed.send("d_mine", in: "pr_1", from: bob, to: ada, at: 3_000, word: "three")
            let latest = try await server.call("GET", "/v1/me/latest-received", authorization: "Bearer \(bob.token)")
            #expect(latest.json?["drawingId"] == .string("d_newer"), "the newest sent to Bob, not the one he sent")
            #expect(latest.json?["fromName"] == .string("Ada"))
        }
    }
}
