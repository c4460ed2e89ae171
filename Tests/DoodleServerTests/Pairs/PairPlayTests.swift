import DoodleClient
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Pair mode: sending, guessing and unpairing, live")
struct PairPlayTests {
    /// Ada and Bob, paired, both in the pair room with their first roomState read.
    static func withPair(
        _ server: TestServer, extra: Int = 0,
        _ body: (_ ada: PairPlayer, _ bob: PairPlayer, _ ids: (ada: String, bob: String), _ others: [PairPlayer]) async throws -> Void
    ) async throws {
        try await server.withPairPlayers(2 + extra) { players in
            let (ada, bob) = (players[0], players[1])
            let adaId = try await ada.hello("Ada").id
            let bobId = try await bob.hello("Bob").id
            let code = try #require(try await ada.enterPairMode()["code"] as? String)
            try await bob.send(["type": "joinRoom", "code": code])
            _ = try await bob.next("roomState")
            _ = try await ada.next("roomState")
            try await body(ada, bob, (adaId, bobId), Array(players.dropFirst(2)))
        }
    }

    @Test("a drawing goes whole on submit: drawingSent and drawingReceived share a seq; guesses wrong, close, right; scores and streak")
    func sendAndGuess() async throws {
        try await TestServer.with { server in
            try await Self.withPair(server) { ada, bob, ids, _ in
                try await ada.send(["type": "suggestWords"])
                let words = try #require(try await ada.next("wordSuggestions")["words"] as? [String])
                #expect(words.count == 3 && Set(words).count == 3)

                let sent = try await ada.sendDrawing("c_kite0001", word: "kite")
                let drawingId = try #require(sent["drawingId"] as? String)
                #expect(sent["clientDrawingId"] as? String == "c_kite0001")
                let received = try await bob.next("drawingReceived")
                #expect(received["seq"] as? Int == sent["seq"] as? Int)
                #expect(received["drawingId"] as? String == drawingId)
                #expect(received["fromId"] as? String == ids.ada)
                #expect(received["hint"] as? String == "____")
                #expect((received["strokes"] as? [[String: Any]])?.count == 1)

                try await bob.send(["type": "guess", "drawingId": drawingId, "text": "bird"])
                let wrong = try await bob.next("guessResult")
                #expect(wrong["correct"] as? Bool == false && wrong["close"] as? Bool == false)
                #expect(try await bob.next("chat")["text"] as? String == "bird")
                let seenByAda = try await ada.next("chat")
                #expect(seenByAda["drawingId"] as? String == drawingId && seenByAda["playerId"] as? String == ids.bob)

                try await bob.send(["type": "guess", "drawingId": drawingId, "text": "kites"])
                #expect(try await bob.next("guessResult")["close"] as? Bool == true)
                try await bob.send(["type": "guess", "drawingId": drawingId, "text": "KITE"])
                let right = try await bob.next("guessResult")
                #expect(right["correct"] as? Bool == true)
                #expect(right["gained"] as? Int == 80, "third attempt: 110 − 10 × 3")
                for player in [ada, bob] {
                    let guessed = try await player.next("drawingGuessed")
                    #expect(guessed["word"] as? String == "kite")
                    #expect(guessed["attempts"] as? Int == 3)
                    #expect(guessed["drawerGained"] as? Int == 50)
                    #expect(guessed["streak"] as? Int == 1)
                    #expect(guessed["scores"] as? [String: Int] == [ids.ada: 50, ids.bob: 80])
                }
                // The close guess was private: Ada never saw "kites".
                #expect(!ada.received.joined().contains("kites"))
                // Resolved: no more guesses.
                #expect(try await bob.error(for: ["type": "guess", "drawingId": drawingId, "text": "kite"]) == "invalid_target")

                // Bob's drawing to Ada; she gives up: both see the word, the streak breaks.
                let bobsId = try #require(try await bob.sendDrawing("c_pear0001", word: "pear")["drawingId"] as? String)
                _ = try await ada.next("drawingReceived")
                #expect(try await bob.error(for: ["type": "guess", "drawingId": bobsId, "text": "pear"]) == "invalid_target", "own drawing")
                try await ada.send(["type": "giveUp", "drawingId": bobsId])
                for player in [ada, bob] {
                    let revealed = try await player.next("drawingRevealed")
                    #expect(revealed["word"] as? String == "pear")
                    #expect(revealed["streak"] as? Int == 0)
                }
                #expect(!bob.received.contains { $0.contains("\"kite\"") && $0.contains("drawingReceived") })
            }
        }
    }

    @Test("a submit doubled and repeated is stored once and answers the same id; a repeat has no seq")
    func idempotentSubmits() async throws {
        try await TestServer.with { server in
            try await Self.withPair(server) { ada, bob, _, _ in
                try await ada.send(["type": "beginDrawing", "clientDrawingId": "c_twice0001", "word": "kite"])
                try await ada.send(["type": "strokeBegin", "strokeId": 1, "tool": "pen", "color": "#000000", "width": 4, "points": [1, 1, 5, 5]])
                try await ada.send(["type": "submitDrawing", "clientDrawingId": "c_twice0001"])
                try await ada.send(["type": "submitDrawing", "clientDrawingId": "c_twice0001"])
                let first = try await ada.next("drawingSent")
                let second = try await ada.next("drawingSent")
                #expect(first["drawingId"] as? String == second["drawingId"] as? String)
                #expect(first["seq"] is Int)
                #expect(second["seq"] == nil)
                // Later, and after beginning the same id again: still the same answer, nothing new.
                try await ada.send(["type": "beginDrawing", "clientDrawingId": "c_twice0001", "word": "kite"])
                try await ada.send(["type": "submitDrawing", "clientDrawingId": "c_twice0001"])
                #expect(try await ada.next("drawingSent")["drawingId"] as? String == first["drawingId"] as? String)
                _ = try await bob.next("drawingReceived")
                #expect(try await bob.quiet().filter { $0["type"] as? String == "drawingReceived" }.isEmpty, "delivered once")
                let state = try await bob.enterState()
                #expect((state["inbox"] as? [[String: Any]])?.count == 1)
                let metrics = try await Self.text(server, "/metrics")
                #expect(metrics.contains("doodle_pair_drawings_stored_total 1\n"), "stored once")
                #expect(metrics.contains("doodle_pair_rooms 1"))
                #expect(metrics.contains("doodle_pair_store_seconds_count 1\n"))
            }
        }
    }

    @Test("bad input on every pair message gets the contract's error and changes nothing")
    func badInput() async throws {
        try await TestServer.with { server in
            try await server.withPairPlayers(1) { players in
                let cy = players[0]
                try await cy.hello("Cy")
                #expect(try await cy.error(for: ["type": "beginDrawing", "clientDrawingId": "c_12345678", "word": "kite"]) == "not_in_room")
                #expect(try await cy.error(for: ["type": "unpair"]) == "not_paired")
                _ = try await cy.enterPairMode()
                #expect(try await cy.error(for: ["type": "suggestWords"]) == "not_paired")
                #expect(try await cy.error(for: ["type": "beginDrawing", "clientDrawingId": "c_12345678", "word": "kite"]) == "not_paired")
            }
            try await Self.withPair(server) { ada, bob, _, _ in
                let begin = { (id: Any, word: Any) -> [String: Any] in ["type": "beginDrawing", "clientDrawingId": id, "word": word] }
                #expect(try await ada.error(for: ["type": "strokeBegin", "strokeId": 1, "tool": "pen", "color": "#000000", "width": 4, "points": [1, 1]]) == "invalid_phase")
                #expect(try await ada.error(for: begin("short", "kite")) == "bad_message")
                #expect(try await ada.error(for: begin("c_has space", "kite")) == "bad_message")
                #expect(try await ada.error(for: begin("c_12345678", "   ")) == "bad_message")
                #expect(try await ada.error(for: begin("c_12345678", "12345")) == "bad_message")
                #expect(try await ada.error(for: begin("c_12345678", String(repeating: "a", count: 31))) == "bad_message")
                #expect(try await ada.error(for: begin("c_12345678", 7)) == "bad_message")
                #expect(try await ada.error(for: ["type": "submitDrawing", "clientDrawingId": "c_unknown01"]) == "invalid_phase")
                try await ada.send(begin("c_12345678", "kite"))
                #expect(try await ada.error(for: ["type": "submitDrawing", "clientDrawingId": "c_12345678"]) == "invalid_stroke", "empty")
                #expect(try await ada.error(for: ["type": "strokeBegin", "strokeId": 1, "tool": "pen", "color": "red", "width": 4, "points": [1, 1]]) == "invalid_stroke")
                #expect(try await ada.error(for: ["type": "strokeBegin", "strokeId": 1, "tool": "pen", "color": "#000000", "width": 4, "points": [1, 9999]]) == "invalid_stroke")
                #expect(try await bob.error(for: ["type": "guess", "text": "kite"]) == "bad_message")
                #expect(try await bob.error(for: ["type": "giveUp"]) == "bad_message")
                #expect(try await bob.error(for: ["type": "guess", "drawingId": "d_nothing", "text": "kite"]) == "invalid_target")
                #expect(try await bob.error(for: ["type": "giveUp", "drawingId": "d_nothing"]) == "invalid_target")
                #expect(try await bob.error(for: ["type": "startGame"]) == "invalid_phase")
                // Nothing of it reached the partner, and nothing was sent.
                let state = try await bob.enterState()
                #expect((state["inbox"] as? [[String: Any]])?.isEmpty == true)
                #expect(!bob.received.joined().contains("kite\""))
            }
        }
    }

    @Test("a partner away finds the drawing in its inbox, oldest first, without the word; a draft survives leaving")
    func inboxWhileAway() async throws {
        try await TestServer.with { server in
            try await Self.withPair(server, extra: 1) { ada, bob, _, others in
                try await bob.send(["type": "leaveRoom"])
                _ = try await bob.next("playerConnection")
                #expect(try await ada.next("playerConnection")["connected"] as? Bool == false)
                let first = try #require(try await ada.sendDrawing("c_first0001", word: "sun")["drawingId"] as? String)
                let second = try #require(try await ada.sendDrawing("c_second001", word: "moon")["drawingId"] as? String)
                // A draft in progress is kept when Ada leaves, and comes back with her.
                try await ada.send(["type": "beginDrawing", "clientDrawingId": "c_draft0001", "word": "star"])
                try await ada.send(["type": "strokeBegin", "strokeId": 1, "tool": "pen", "color": "#ffcc00", "width": 9, "points": [5, 5, 6, 6]])
                try await ada.send(["type": "leaveRoom"])
                _ = try await ada.next("playerConnection")

                let state = try await bob.enterState()
                let inbox = try #require(state["inbox"] as? [[String: Any]])
                #expect(inbox.map { $0["drawingId"] as? String } == [first, second])
                #expect(Set(inbox[0].keys) == ["drawingId", "fromId", "hint", "sentAt", "attempts", "strokes"])
                #expect(state["draft"] is NSNull)
                #expect((state["sent"] as? [Any])?.isEmpty == true)
                for word in ["sun", "moon", "star"] { #expect(!bob.received.joined().contains("\"\(word)\"")) }

                let adaAgain = try await ada.enterState()
                let draft = try #require(adaAgain["draft"] as? [String: Any])
                #expect(draft["word"] as? String == "star")
                #expect((draft["strokes"] as? [Any])?.count == 1)
                #expect((adaAgain["sent"] as? [[String: Any]])?.map { $0["word"] as? String } == ["sun", "moon"])
                _ = others
            }
        }
    }

    @Test("a rename shows in the partner's next roomState")
    func renameInPairRoom() async throws {
        try await TestServer.with { server in
            try await Self.withPair(server) { ada, bob, ids, _ in
                try await bob.send(["type": "rename", "name": "Robert"])
                #expect(try await bob.next("playerRenamed")["name"] as? String == "Robert")
                try await ada.send(["type": "sync"])
                let players = try #require(try await ada.next("roomState")["players"] as? [[String: Any]])
                #expect(players.first { $0["id"] as? String == ids.bob }?["name"] as? String == "Robert")
            }
        }
    }

    @Test("the pair room is let go once both have left, and loaded again, as it was, when one enters")
    func unloadAndReload() async throws {
        try await TestServer.with { server in
            try await Self.withPair(server) { ada, bob, _, _ in
                let sent = try await ada.sendDrawing("c_reload001", word: "tree")
                _ = try await bob.next("drawingReceived")
                #expect(try await Self.text(server, "/metrics").contains("doodle_pair_rooms 1"))
                for player in [ada, bob] {
                    try await player.send(["type": "leaveRoom"])
                    _ = try await player.next("playerConnection")
                }
                try await Self.waitForMetric("doodle_pair_rooms 0", on: server)
                let state = try await bob.enterPairMode()
                #expect(try await Self.text(server, "/metrics").contains("doodle_pair_rooms 1"))
                #expect((state["inbox"] as? [[String: Any]])?.first?["drawingId"] as? String == sent["drawingId"] as? String)
                #expect(try #require(state["seq"] as? Int) > (sent["seq"] as? Int ?? .max), "seq goes on from where it was")
            }
        }
    }

    static func waitForMetric(_ line: String, on server: TestServer) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if try await text(server, "/metrics").contains(line) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("/metrics never showed \(line)")
    }

    @Test("unpair from either side while the other is away: told at its next entry, before a fresh waiting room")
    func unpairWhileAway() async throws {
        try await TestServer.with { server in
            try await Self.withPair(server) { ada, bob, ids, _ in
                let drawingId = try #require(try await ada.sendDrawing("c_secret001", word: "secret")["drawingId"] as? String)
                try await bob.send(["type": "leaveRoom"])
                _ = try await bob.next("playerConnection")
                try await ada.send(["type": "unpair"])
                let ack = try await ada.next("unpaired")
                #expect(ack["by"] as? String == ids.ada)
                #expect(ack["seq"] is Int)
                #expect(try await ada.error(for: ["type": "suggestWords"]) == "not_in_room", "the pair room is gone")

                try await bob.send(["type": "createRoom", "mode": "pair"])
                let told = try await bob.next()
                #expect(told["type"] as? String == "unpaired")
                #expect(told["by"] as? String == ids.ada)
                #expect(told["seq"] == nil)
                let fresh = try await bob.next()
                #expect(fresh["type"] as? String == "roomState" && fresh["phase"] as? String == "waiting")
                let adaFresh = try await ada.enterPairMode()
                #expect(adaFresh["code"] as? String != fresh["code"] as? String)
                // The closed drawing can't be guessed, and its word never reached Bob.
                #expect(try await bob.error(for: ["type": "guess", "drawingId": drawingId, "text": "secret"]) == "not_paired")
                #expect(!bob.received.joined().contains("secret\""))
            }
        }
    }

    @Test("unpair from outside the pair room is acknowledged without seq; the partner in the room hears it with one")
    func unpairFromOutside() async throws {
        try await TestServer.with { server in
            try await Self.withPair(server) { ada, bob, ids, _ in
                try await bob.send(["type": "leaveRoom"])
                _ = try await bob.next("playerConnection")
                _ = try await ada.next("playerConnection")
                try await bob.send(["type": "unpair"])
                let ack = try await bob.next("unpaired")
                #expect(ack["seq"] == nil && ack["by"] as? String == ids.bob)
                let told = try await ada.next("unpaired")
                #expect(told["seq"] is Int && told["by"] as? String == ids.bob)
                #expect(try await ada.error(for: ["type": "sync"]) == "not_in_room")
            }
        }
    }

    @Test("right after unpaired, both may ask for a fresh code at once; one told in the room is not told again")
    func freshCodeRightAfterUnpairing() async throws {
        try await TestServer.with { server in
            try await server.withPairPlayers(2) { players in
                let (ada, bob) = (players[0], players[1])
                try await ada.hello("Ada")
                try await bob.hello("Bob")
                // Five rounds: each player sends at most 25 messages, under the 30 a second allowed.
                for round in 0..<5 {
                    let code = try #require(try await ada.enterPairMode()["code"] as? String)
                    if round > 0 { _ = try await bob.enterPairMode() }
                    try await bob.send(["type": "joinRoom", "code": code])
                    _ = try await bob.next("roomState")
                    _ = try await ada.next("roomState")
                    try await (round % 2 == 0 ? ada : bob).send(["type": "unpair"])
                    for player in [ada, bob] {
                        let told = try await player.next()
                        try #require(told["type"] as? String == "unpaired", "round \(round): \(told)")
                        try await player.send(["type": "createRoom", "mode": "pair"])
                        let answer = try await player.next()
                        #expect(answer["type"] as? String == "roomState", "round \(round): \(answer)")
                        #expect(answer["phase"] as? String == "waiting")
                    }
                    for player in [ada, bob] {
                        try await player.send(["type": "leaveRoom"])
                        _ = try await player.next("playerConnection")
                    }
                }
            }
        }
    }

    @Test("a dropped connection resumes with lastSeq within the grace: the missed events, then its own playerConnection")
    func resumeWithLastSeq() async throws {
        try await TestServer.with { server in
            try await server.withPairPlayers(2) { players in
                let (ada, bob) = (players[0], players[1])
                try await ada.hello("Ada")
                let bobSession = try await bob.hello("Bob")
                let code = try #require(try await ada.enterPairMode()["code"] as? String)
                try await bob.send(["type": "joinRoom", "code": code])
                let bobState = try await bob.next("roomState")
                _ = try await ada.next("roomState")
                let lastSeq = try #require(bobState["seq"] as? Int)
                try await bob.connection.close()
                _ = try await ada.next("playerConnection")
                let sent = try await ada.sendDrawing("c_while0001", word: "boat")
                try await server.withPairPlayers(1) { again in
                    let bobAgain = again[0]
                    try await bobAgain.hello("Bob", token: bobSession.token, lastSeq: lastSeq)
                    let missed = try await bobAgain.next()
                    #expect(missed["type"] as? String == "playerConnection" && missed["seq"] as? Int == lastSeq + 1)
                    let received = try await bobAgain.next()
                    #expect(received["type"] as? String == "drawingReceived" && received["seq"] as? Int == sent["seq"] as? Int)
                    let back = try await bobAgain.next()
                    #expect(back["type"] as? String == "playerConnection" && back["connected"] as? Bool == true)
                    #expect(back["seq"] as? Int == (sent["seq"] as? Int ?? 0) + 1)
                }
            }
        }
    }
}

extension PairPlayTests {
    static func text(_ server: TestServer, _ path: String) async throws -> String {
        let (data, _) = try await URLSession.shared.data(from: try #require(URL(string: server.httpBase + path)))
        return String(decoding: data, as: UTF8.self)
    }
}

extension PairPlayer {
    /// Enters pair mode afresh (leaving first if needed is the caller's business): the roomState.
    func enterState() async throws -> [String: Any] {
        try await send(["type": "sync"])
        let answer = try await next()
        if answer["type"] as? String == "roomState" { return answer }
        return try await enterPairMode()
    }
}
