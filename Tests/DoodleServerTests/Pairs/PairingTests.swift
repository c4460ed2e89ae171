import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Pair mode: pairing by code, live")
struct PairingTests {
    @Test("Ada's code is the same every time until Bob takes it; both enter the pair room at seq 0; the code is spent")
    func pairingByCode() async throws {
        try await TestServer.with { server in
            try await server.withPairPlayers(3) { players in
                let (ada, bob, cy) = (players[0], players[1], players[2])
                let adaId = try await ada.hello("Ada").id
                let bobId = try await bob.hello("Bob").id
                try await cy.hello("Cy")
                let waiting = try await ada.enterPairMode()
                #expect(waiting["mode"] as? String == "pair")
                #expect(waiting["phase"] as? String == "waiting")
                #expect(waiting["seq"] as? Int == 0)
                #expect(waiting["pair"] is NSNull)
                let code = try #require(waiting["code"] as? String)
                #expect(Set(waiting.keys) == ["type", "seq", "code", "mode", "phase", "players", "pair", "draft", "inbox", "sent"])

                // The same code on leaving and coming back; the invite link shows it.
                try await ada.send(["type": "leaveRoom"])
                _ = try await ada.next("playerConnection")
                #expect(try await ada.enterPairMode()["code"] as? String == code)
                let info = try await Self.get(server, "/v1/rooms/\(code.lowercased())")
                #expect(info.status == 200)
                #expect(info.body["mode"] as? String == "pair")
                #expect(info.body["phase"] as? String == "waiting")
                #expect((info.body["players"] as? [[String: Any]])?.first?["name"] as? String == "Ada")
                #expect((info.body["url"] as? String)?.hasSuffix("/v1/ws") == true)

                #expect(try await ada.error(for: ["type": "joinRoom", "code": code]) == "invalid_target")
                try await bob.send(["type": "joinRoom", "code": " \(code.lowercased()) "])
                let toBob = try await bob.next("roomState")
                let toAda = try await ada.next("roomState")
                for (state, me, partner) in [(toBob, bobId, adaId), (toAda, adaId, bobId)] {
                    #expect(state["phase"] as? String == "paired")
                    #expect(state["seq"] as? Int == 0)
                    #expect(state["code"] is NSNull)
                    let players = try #require(state["players"] as? [[String: Any]])
                    #expect(players.map { $0["id"] as? String } == [me, partner], "you first")
                    #expect(players.allSatisfy { $0["connected"] as? Bool == true })
                    let pair = try #require(state["pair"] as? [String: Any])
                    #expect(pair["streak"] as? Int == 0)
                    #expect((pair["scores"] as? [String: Int]) == [adaId: 0, bobId: 0])
                }
                #expect(try await cy.error(for: ["type": "joinRoom", "code": code]) == "room_full")
                #expect(try await Self.get(server, "/v1/rooms/\(code)").status == 404)
                #expect(try await bob.error(for: ["type": "joinRoom", "code": code]) == "already_paired")
            }
        }
    }

    @Test("of 20 simultaneous joiners exactly one wins; the others get room_full")
    func pairingRace() async throws {
        try await TestServer.with { server in
            try await server.withPairPlayers(21) { players in
                try await players[0].hello("Owner")
                let code = try #require(try await players[0].enterPairMode()["code"] as? String)
                for (index, player) in players.dropFirst().enumerated() { try await player.hello("J\(index)") }
                let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                    for player in players.dropFirst() {
                        group.addTask {
                            try await player.send(["type": "joinRoom", "code": code])
                            let answer = try await player.next()
                            return answer["type"] as? String == "roomState" ? "won" : (answer["code"] as? String ?? "?")
                        }
                    }
                    return try await group.reduce(into: [String]()) { $0.append($1) }
                }
                #expect(outcomes.filter { $0 == "won" }.count == 1)
                #expect(outcomes.filter { $0 == "room_full" }.count == 19, "\(outcomes)")
                #expect(try await players[0].next("roomState")["phase"] as? String == "paired")
            }
        }
    }

    @Test("crossed joins: the second gets already_paired; the joiner's own open code is spent too")
    func crossedJoins() async throws {
        try await TestServer.with { server in
            try await Self.withAdaBobAndCy(server) { ada, bob, cy in
                let adaCode = try #require(try await ada.enterPairMode()["code"] as? String)
                let bobCode = try #require(try await bob.enterPairMode()["code"] as? String)
                try await ada.send(["type": "joinRoom", "code": bobCode])
                #expect(try await ada.next("roomState")["phase"] as? String == "paired")
                #expect(try await bob.next("roomState")["phase"] as? String == "paired", "Bob waited in his room: he enters the pair")
                #expect(try await bob.error(for: ["type": "joinRoom", "code": adaCode]) == "already_paired")
                #expect(try await cy.error(for: ["type": "joinRoom", "code": adaCode]) == "room_full")
            }
        }
    }

    @Test("pair codes and party codes are told apart by the code; checks come in the contract's order")
    func codeChecks() async throws {
        try await TestServer.with { server in
            try await Self.withAdaBobAndCy(server) { ada, bob, cy in
                let code = try #require(try await ada.enterPairMode()["code"] as? String)
                #expect(try await ada.error(for: ["type": "createRoom", "mode": "pair"]) == "already_in_room")
                #expect(try await ada.error(for: ["type": "createRoom", "mode": "party"]) == "already_in_room")
                #expect(try await ada.error(for: ["type": "createRoom", "mode": "trio"]) == "bad_message")

                // Bob in a party room: a pair code's own checks first, then already_in_room.
                try await bob.send(["type": "createRoom", "mode": "party"])
                let party = try #require(try await bob.next("roomState")["code"] as? String)
                #expect(try await bob.error(for: ["type": "joinRoom", "code": code]) == "already_in_room")
                #expect(try await bob.error(for: ["type": "createRoom", "mode": "pair"]) == "already_in_room")
                #expect(try await ada.error(for: ["type": "joinRoom", "code": party]) == "already_in_room")
                for message in ["beginDrawing", "suggestWords", "unpair"] {
                    #expect(try await bob.error(for: ["type": message, "clientDrawingId": "c_12345678", "word": "kite"]) == "invalid_phase")
                }
                // A pair-shaped code nobody holds.
                var unknown = code
                while unknown == code { unknown = Self.pairShaped() }
                #expect(try await cy.error(for: ["type": "joinRoom", "code": unknown]) == "room_not_found")
                #expect(try await Self.get(server, "/v1/rooms/\(unknown)").status == 404)
            }
        }
    }

    /// Ada, Bob and Cy, each past `hello` and in no room.
    static func withAdaBobAndCy(_ server: TestServer, _ body: (PairPlayer, PairPlayer, PairPlayer) async throws -> Void) async throws {
        try await server.withPairPlayers(3) { players in
            for (player, name) in zip(players, ["Ada", "Bob", "Cy"]) { try await player.hello(name) }
            try await body(players[0], players[1], players[2])
        }
    }

    /// A random code whose letters' positions sum to an odd number: a pair code's shape.
    static func pairShaped() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        while true {
            let indices = (0..<6).map { _ in Int.random(in: 0..<32) }
            if indices.reduce(0, +) % 2 == 1 { return String(indices.map { alphabet[$0] }) }
        }
    }

    static func get(_ server: TestServer, _ path: String, token: String? = nil) async throws -> (status: Int, body: [String: Any]) {
        var request = URLRequest(url: try #require(URL(string: server.httpBase + path)))
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        return (status, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }
}
