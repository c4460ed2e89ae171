import DoodleClient
import DoodleCore
import DoodleServer
import DoodleTestSupport
import Foundation
import Testing

/// The pair routes that change a pair — upload, guess, give up, unpair, and `DELETE /v1/me` —
/// on the full path: the pair formed over the WebSocket with the code `GET /v1/me/pair` showed,
/// each call going through the pair's room. Every answer is checked against docs/openapi.json.
@Suite("HTTP pair routes: changing a pair")
struct PairActionRoutesTests {
    /// A pair formed live (Ada showed her code over HTTP, Bob typed it over the WebSocket and
    /// stays in the pair room), and Cy on its own.
    struct LivePair {
        let server: TestServer
        let ada: (id: String, token: String)
        let bob: (id: String, token: String)
        let cy: (id: String, token: String)
        let bobInRoom: PairPlayer
        let pairId: String

        var adaAuth: String { "Bearer \(ada.token)" }
        var bobAuth: String { "Bearer \(bob.token)" }
        var cyAuth: String { "Bearer \(cy.token)" }
    }

    /// - Parameter guessesPerWindow: the guess limit (GameRules' is 5 per 3 s), raised where a
    ///   test guesses more often than that on purpose.
    /// - Parameter clock: the server's clock (a manual one holds time still for the rate limit).
    static func withLivePair(
        guessesPerWindow: Int? = nil, clock: any GameClock = SystemGameClock(), _ body: @Sendable (LivePair) async throws -> Void
    ) async throws {
        let edit = guessesPerWindow.map(Self.guessLimit)
        try await TestServer.with(rules: edit, clock: clock) { server in
            try await server.withPairPlayers(3) { players in
                let ada = try await players[0].hello("Ada")
                let bob = try await players[1].hello("Bob")
                let cy = try await players[2].hello("Cy")
                let status = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(ada.token)")
                let code = try #require(status.json?["code"]?.stringValue)
                try await players[1].send(["type": "joinRoom", "code": code])
                let room = try await players[1].next("roomState")
                #expect(room["phase"] as? String == "paired")
                let pair = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(bob.token)")
                let pairId = try #require(pair.json?["pairId"]?.stringValue)
                try await body(LivePair(server: server, ada: ada, bob: bob, cy: cy, bobInRoom: players[1], pairId: pairId))
            }
        }
    }

    /// Edits GameRules so that `count` guesses fit in the guess window.
    static func guessLimit(_ count: Int) -> @Sendable (inout [String: Any]) -> Void {
        { rules in
            var limits = rules["rateLimits"] as? [String: Any] ?? [:]
            var guess = limits["guess"] as? [String: Any] ?? [:]
            guess["count"] = count
            limits["guess"] = guess
            rules["rateLimits"] = limits
        }
    }

    static func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object)
    }

    /// One pen line, as `roomState.strokes` lists it.
    static var line: [String: Any] { ["kind": "stroke", "strokeId": 1, "tool": "pen", "color": "#335577", "width": 6, "points": [10, 10, 400, 300]] }

    static func upload(_ clientDrawingId: String, word: String, strokes: [[String: Any]] = [line]) throws -> Data {
        try json(["clientDrawingId": clientDrawingId, "word": word, "strokes": strokes])
    }

    /// Ada uploads a one-line drawing of `word`; its id.
    static func adaSends(_ pair: LivePair, _ clientDrawingId: String, word: String) async throws -> String {
        let answer = try await pair.server.call(
            "POST", "/v1/me/pair/drawings", authorization: pair.adaAuth, body: try upload(clientDrawingId, word: word))
        #expect(answer.status == 201)
        return try #require(answer.json?["drawingId"]?.stringValue)
    }

    static func sentCount(_ pair: LivePair) async throws -> Int {
        let sent = try await pair.server.call("GET", "/v1/me/pair/drawings?box=sent&limit=100", authorization: pair.adaAuth)
        guard case .array(let drawings)? = sent.json?["drawings"] else { return -1 }
        return drawings.count
    }

    @Test("a missing, malformed or unknown token is 401 on every changing pair route")
    func refusedTokens() async throws {
        try await TestServer.with { server in
            let routes = [
                ("POST", "/v1/me/pair/drawings"), ("POST", "/v1/me/pair/drawings/d_x/guess"), ("POST", "/v1/me/pair/drawings/d_x/give-up"),
                ("DELETE", "/v1/me/pair"),
            ]
            for authorization in MeRoutesTests.refusedAuthorizations {
                for (method, path) in routes {
                    let answer = try await server.call(method, path, authorization: authorization, body: Data(#"{"text":"kite"}"#.utf8))
                    #expect(answer.status == 401, "\(method) \(path) with \(authorization ?? "no header")")
                    #expect(answer.errorCode == "unauthorized")
                }
            }
        }
    }

    @Test("an upload: 201 and the partner in the room gets it at once; a retry 200 with the same id; two at once store one")
    func uploadIsIdempotent() async throws {
        try await Self.withLivePair { pair in
            let drawingId = try await Self.adaSends(pair, "c_offline_0001", word: "kite")
            let received = try await pair.bobInRoom.next("drawingReceived")
            #expect(received["drawingId"] as? String == drawingId)
            #expect(received["fromId"] as? String == pair.ada.id)

            let retry = try await pair.server.call(
                "POST", "/v1/me/pair/drawings", authorization: pair.adaAuth, body: try Self.upload("c_offline_0001", word: "kite"))
            #expect(retry.status == 200)
            #expect(retry.json?["drawingId"]?.stringValue == drawingId)

            let body = try Self.upload("c_offline_0002", word: "moon")
            let server = pair.server
            let authorization = pair.adaAuth
            let answers = try await withThrowingTaskGroup(of: APIAnswer.self) { group in
                for _ in 0..<2 {
                    group.addTask { try await server.call("POST", "/v1/me/pair/drawings", authorization: authorization, body: body) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.map(\.status).sorted() == [200, 201])
            #expect(Set(answers.compactMap { $0.json?["drawingId"]?.stringValue }).count == 1)
            #expect(try await Self.sentCount(pair) == 2, "each clientDrawingId stored once")
            #expect(!pair.bobInRoom.received.joined().contains("moon") && !pair.bobInRoom.received.joined().contains("kite"))
        }
    }

    @Test("an upload's stroke may carry more than a WebSocket message's 256 points: it arrives whole")
    func longStroke() async throws {
        try await Self.withLivePair { pair in
            let points = (0..<5_000).flatMap { index in [index % 1_600, (index / 1_600) * 100 + 50] }
            let stroke: [String: Any] = ["kind": "stroke", "strokeId": 3, "tool": "pen", "color": "#aa3300", "width": 4, "points": points]
            let fill: [String: Any] = ["kind": "fill", "x": 800, "y": 1_000, "color": "#00aa33"]
            let answer = try await pair.server.call(
                "POST", "/v1/me/pair/drawings", authorization: pair.adaAuth,
                body: try Self.upload("c_long_00001", word: "scribble", strokes: [stroke, fill]))
            #expect(answer.status == 201)
            let drawingId = try #require(answer.json?["drawingId"]?.stringValue)
            let whole = try await pair.server.call("GET", "/v1/drawings/\(drawingId)", authorization: pair.bobAuth)
            guard case .array(let stored)? = whole.json?["strokes"]?[0]?["points"] else {
                Issue.record("no points in \(whole.text.prefix(200))")
                return
            }
            #expect(stored.count == points.count)
            #expect(whole.json?["strokes"]?[1]?["kind"] == .string("fill"))
        }
    }

    @Test("bad uploads are refused with their code and store nothing; without a partner 409 not_paired")
    func badUploads() async throws {
        try await Self.withLivePair { pair in
            let offCanvas: [String: Any] = [
                "kind": "stroke", "strokeId": 1, "tool": "pen", "color": "#000000", "width": 6, "points": [5000, 10, 20, 20],
            ]
            let widthless: [String: Any] = ["kind": "stroke", "strokeId": 1, "tool": "pen", "color": "#000000", "points": [1, 1]]
            let cases: [(String, Data, String)] = [
                ("not JSON", Data("kite".utf8), "bad_message"),
                ("an array", Data("[]".utf8), "bad_message"),
                ("no word", try Self.json(["clientDrawingId": "c_bad_00001", "strokes": [Self.line]]), "bad_message"),
                ("a numeric word", try Self.json(["clientDrawingId": "c_bad_00001", "word": 7, "strokes": [Self.line]]), "bad_message"),
                ("a short clientDrawingId", try Self.upload("c_1", word: "kite"), "bad_message"),
                ("a clientDrawingId with a space", try Self.upload("c_bad 00001", word: "kite"), "bad_message"),
                ("a word without a letter", try Self.upload("c_bad_00002", word: "1234"), "bad_message"),
                ("a word over 30 characters", try Self.upload("c_bad_00003", word: String(repeating: "a", count: 31)), "bad_message"),
                ("an unknown kind", try Self.upload("c_bad_00004", word: "kite", strokes: [["kind": "circle", "x": 1, "y": 1]]), "invalid_stroke"),
                ("a stroke without width", try Self.upload("c_bad_00005", word: "kite", strokes: [widthless]), "invalid_stroke"),
                ("a point off the canvas", try Self.upload("c_bad_00006", word: "kite", strokes: [offCanvas]), "invalid_stroke"),
                ("nothing drawn", try Self.upload("c_bad_00007", word: "kite", strokes: []), "invalid_stroke"),
            ]
            for (label, body, code) in cases {
                let answer = try await pair.server.call("POST", "/v1/me/pair/drawings", authorization: pair.adaAuth, body: body)
                #expect(answer.status == 400, "\(label)")
                #expect(answer.errorCode == code, "\(label): \(answer.text)")
            }
            var huge = Data(#"{"clientDrawingId":"c_bad_00008","word":"kite","strokes":[],"padding":""#.utf8)
            huge.append(Data(repeating: UInt8(ascii: "x"), count: 2 * 1024 * 1024))
            huge.append(Data(#""}"#.utf8))
            let tooLarge = try await pair.server.call("POST", "/v1/me/pair/drawings", authorization: pair.adaAuth, body: huge)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.errorCode == "too_large")
            #expect(try await Self.sentCount(pair) == 0)
            #expect(try await pair.bobInRoom.quiet().allSatisfy { $0["type"] as? String != "drawingReceived" })

            let alone = try await pair.server.call(
                "POST", "/v1/me/pair/drawings", authorization: pair.cyAuth, body: try Self.upload("c_cy_000001", word: "kite"))
            #expect(alone.status == 409)
            #expect(alone.errorCode == "not_paired")
        }
    }

    @Test("guessing: only the recipient; 404 unknown or foreign, 409 own or resolved, 400 bad body")
    func guessing() async throws {
        try await Self.withLivePair(guessesPerWindow: 100) { pair in
            let drawingId = try await Self.adaSends(pair, "c_guess_0001", word: "lighthouse")
            let path = "/v1/me/pair/drawings/\(drawingId)/guess"
            let wrong = try await pair.server.call("POST", path, authorization: pair.bobAuth, body: try Self.json(["text": "tower"]))
            #expect(wrong.status == 200)
            #expect(wrong.json?["correct"] == .bool(false))
            #expect(wrong.json?["drawingId"]?.stringValue == drawingId)
            let close = try await pair.server.call("POST", path, authorization: pair.bobAuth, body: try Self.json(["text": "lighthous"]))
            #expect(close.json?["close"] == .bool(true))
            #expect(!close.text.contains("lighthouse"), "a close guess does not give the word away")

            for body in [Data("{}".utf8), Data("tower".utf8), try Self.json(["text": 5]), try Self.json(["text": "  "])] {
                let bad = try await pair.server.call("POST", path, authorization: pair.bobAuth, body: body)
                #expect(bad.status == 400, "\(String(decoding: body, as: UTF8.self))")
                #expect(bad.errorCode == "bad_message")
            }
            let own = try await pair.server.call("POST", path, authorization: pair.adaAuth, body: try Self.json(["text": "lighthouse"]))
            #expect(own.status == 409)
            #expect(own.errorCode == "invalid_target")
            let foreign = try await pair.server.call("POST", path, authorization: pair.cyAuth, body: try Self.json(["text": "lighthouse"]))
            let unknown = try await pair.server.call(
                "POST", "/v1/me/pair/drawings/d_nothing/guess", authorization: pair.bobAuth, body: try Self.json(["text": "lighthouse"]))
            #expect(foreign.status == 404 && unknown.status == 404)
            #expect(foreign.json == unknown.json, "a foreign drawing is answered exactly like an unknown one")

            let correct = try await pair.server.call("POST", path, authorization: pair.bobAuth, body: try Self.json(["text": "Lighthouse"]))
            #expect(correct.json?["correct"] == .bool(true))
            #expect((correct.json?["gained"]).map { if case .integer(let gained) = $0 { gained > 0 } else { false } } == true)
            let again = try await pair.server.call("POST", path, authorization: pair.bobAuth, body: try Self.json(["text": "lighthouse"]))
            #expect(again.status == 409)
            #expect(again.errorCode == "invalid_target")
            let history = try await pair.server.call("GET", "/v1/me/pair/drawings", authorization: pair.bobAuth)
            #expect(history.json?["drawings"]?[0]?["status"] == .string("guessed"))
            #expect(history.json?["drawings"]?[0]?["word"] == .string("lighthouse"), "guessed: the word is the recipient's now")
        }
    }

    @Test("more than 5 guesses within 3 s by one player is 429 rate_limited with Retry-After, and waiting that long is enough")
    func guessRateLimit() async throws {
        // Time stands still unless the test moves it, so a slow machine cannot spread the guesses out.
        let clock = ManualGameClock()
        try await Self.withLivePair(clock: clock) { pair in
            let drawingId = try await Self.adaSends(pair, "c_limit_0001", word: "saxophone")
            let path = "/v1/me/pair/drawings/\(drawingId)/guess"
            var statuses: [Int] = []
            var limited: APIAnswer?
            for attempt in 0..<6 {
                let answer = try await pair.server.call("POST", path, authorization: pair.bobAuth, body: try Self.json(["text": "wrong\(attempt)"]))
                statuses.append(answer.status)
                if answer.status == 429 { limited = answer }
            }
            #expect(statuses == [200, 200, 200, 200, 200, 429])
            #expect(limited?.errorCode == "rate_limited")
            let wait = try #require(limited?.retryAfter.flatMap { Int($0) })
            #expect(wait == 3, "the oldest of the five leaves the 3 s window in 3 s")
            let attempts = try await pair.server.call("GET", "/v1/drawings/\(drawingId)", authorization: pair.bobAuth)
            #expect(attempts.json?["attempts"] == .integer(5), "the refused guess never reached the room")

            clock.advance(byMillis: Int64(wait) * 1_000)
            let later = try await pair.server.call("POST", path, authorization: pair.bobAuth, body: try Self.json(["text": "saxophone"]))
            #expect(later.status == 200)
            #expect(later.json?["correct"] == .bool(true))
        }
    }

    @Test("giving up shows the word to the recipient; then the drawing is resolved (409), and the sender cannot give up its own")
    func givingUp() async throws {
        try await Self.withLivePair { pair in
            let drawingId = try await Self.adaSends(pair, "c_giveup_001", word: "accordion")
            let path = "/v1/me/pair/drawings/\(drawingId)/give-up"
            let own = try await pair.server.call("POST", path, authorization: pair.adaAuth)
            #expect(own.status == 409 && own.errorCode == "invalid_target")
            let foreign = try await pair.server.call("POST", path, authorization: pair.cyAuth)
            #expect(foreign.status == 404 && foreign.errorCode == "not_found")
            let latestBefore = try await pair.server.call("GET", "/v1/me/latest-received", authorization: pair.bobAuth)
            #expect(latestBefore.json?["drawingId"]?.stringValue == drawingId)
            #expect(latestBefore.json?["word"] == nil)

            let revealed = try await pair.server.call("POST", path, authorization: pair.bobAuth)
            #expect(revealed.status == 200)
            #expect(revealed.json?["word"] == .string("accordion"))
            #expect(revealed.json?["drawingId"]?.stringValue == drawingId)
            let again = try await pair.server.call("POST", path, authorization: pair.bobAuth)
            #expect(again.status == 409 && again.errorCode == "invalid_target")
            let latest = try await pair.server.call("GET", "/v1/me/latest-received", authorization: pair.bobAuth)
            #expect(latest.json?["status"] == .string("gaveUp"))
            #expect(latest.json?["word"] == .string("accordion"))
        }
    }

    @Test("unpairing: 200 with the pair and who; pending drawings close with their word hidden; a second time 409 not_paired")
    func unpairing() async throws {
        try await Self.withLivePair { pair in
            let drawingId = try await Self.adaSends(pair, "c_unpair_001", word: "volcano")
            let ended = try await pair.server.call("DELETE", "/v1/me/pair", authorization: pair.adaAuth)
            #expect(ended.status == 200)
            #expect(ended.json?["pairId"]?.stringValue == pair.pairId)
            #expect(ended.json?["by"]?.stringValue == pair.ada.id)
            let told = try await pair.bobInRoom.next("unpaired")
            #expect(told["by"] as? String == pair.ada.id)

            let again = try await pair.server.call("DELETE", "/v1/me/pair", authorization: pair.adaAuth)
            #expect(again.status == 409 && again.errorCode == "not_paired")
            let guess = try await pair.server.call(
                "POST", "/v1/me/pair/drawings/\(drawingId)/guess", authorization: pair.bobAuth, body: try Self.json(["text": "volcano"]))
            #expect(guess.status == 409 && guess.errorCode == "invalid_target")
            let history = try await pair.server.call("GET", "/v1/me/pair/drawings", authorization: pair.bobAuth)
            #expect(history.json?["drawings"]?[0]?["status"] == .string("closed"))
            #expect(!history.text.contains("volcano"), "closed: hidden for good")
            let status = try await pair.server.call("GET", "/v1/me/pair", authorization: pair.adaAuth)
            #expect(status.json?["paired"] == .bool(false))
            let latest = try await pair.server.call("GET", "/v1/me/latest-received", authorization: pair.bobAuth)
            #expect(latest.json?["starter"] == .bool(true), "no current pair: the starter drawing")
        }
    }

    @Test("DELETE /v1/me ends the pair; the partner keeps the drawings, from a deleted player; the token is dead everywhere")
    func deletingAPairedPlayer() async throws {
        try await Self.withLivePair { pair in
            let drawingId = try await Self.adaSends(pair, "c_delete_001", word: "penguin")
            let deleted = try await pair.server.call("DELETE", "/v1/me", authorization: pair.adaAuth)
            #expect(deleted.status == 204)
            let told = try await pair.bobInRoom.next("unpaired")
            #expect(told["by"] as? String == pair.ada.id)

            let routes = [("GET", "/v1/me/pair"), ("GET", "/v1/me/pair/drawings"), ("DELETE", "/v1/me/pair"), ("GET", "/v1/me/latest-received")]
            for (method, path) in routes {
                let answer = try await pair.server.call(method, path, authorization: pair.adaAuth)
                #expect(answer.status == 401, "\(method) \(path)")
            }
            let status = try await pair.server.call("GET", "/v1/me/pair", authorization: pair.bobAuth)
            #expect(status.json?["paired"] == .bool(false))
            let history = try await pair.server.call("GET", "/v1/me/pair/drawings", authorization: pair.bobAuth)
            #expect(history.json?["drawings"]?[0]?["drawingId"]?.stringValue == drawingId)
            #expect(history.json?["drawings"]?[0]?["fromId"] == .null)
            #expect(history.json?["drawings"]?[0]?["fromName"] == .string("deleted player"))
            let whole = try await pair.server.call("GET", "/v1/drawings/\(drawingId)", authorization: pair.bobAuth)
            #expect(whole.status == 200)
            #expect(whole.json?["fromId"] == .null)
            let svg = try await pair.server.call("GET", "/v1/drawings/\(drawingId).svg", authorization: pair.bobAuth)
            #expect(svg.status == 200)
            let stranger = try await pair.server.call("GET", "/v1/drawings/\(drawingId)", authorization: pair.cyAuth)
            #expect(stranger.status == 404)
        }
    }
}
