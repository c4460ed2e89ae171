import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `POST /v1/admin/players/{id}/ban` and `DELETE …/ban`, live: the ban's effect on open
/// connections, rooms, `hello` and HTTP, on one node and across two.
@Suite("Banning players, live")
struct BanTests {
    static func json(_ object: [String: Any]) throws -> Data { try JSONSerialization.data(withJSONObject: object) }

    static func isEvent(_ message: ServerMessage, _ matches: (RoomEvent) -> Bool) -> Bool {
        if case .event(let event, _) = message { matches(event) } else { false }
    }

    /// A `hello` with `token` on a fresh connection: the refusal it gets and how the connection
    /// ended, or nil (and a recorded issue) if it was welcomed.
    static func refusedHello(at url: String, token: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> (ProtocolError, ConnectionClosure)? {
        try await DoodleClient.withConnection(to: url, logger: TestServer.logger) { connection in
            do {
                let welcome = try await connection.hello(name: "Again", token: token)
                Issue.record("a banned player was welcomed: \(welcome)", sourceLocation: sourceLocation)
                return nil
            } catch let refusal as ProtocolError {
                return (refusal, try await connection.waitForClose())
            }
        }
    }

    @Test("a ban closes the open connection with 4004 after its own playerLeft, refuses hello and HTTP; lifting it restores both")
    func banAndUnban() async throws {
        try await TestServer.with { server in
            let (player, token) = try await server.withConnections(2) { connections in
                let (owner, guest) = (connections[0], connections[1])
                try await owner.hello(name: "Ada")
                let welcome = try await guest.hello(name: "Troll")
                let room = try await owner.createRoom()
                _ = try await guest.joinRoom(code: room.code)
                _ = try await owner.receive { Self.isEvent($0) { if case .playerJoined = $0 { true } else { false } } }

                let answer = try await server.call(
                    "POST", "/v1/admin/players/\(welcome.playerId)/ban", authorization: TestServer.adminAuthorization,
                    body: try Self.json(["reason": " rude drawings ", "untilMillis": NSNull()]))
                #expect(answer.status == 200, "\(answer.text)")
                #expect(answer.json?["playerId"]?.stringValue == welcome.playerId)
                #expect(answer.json?["reason"]?.stringValue == "rude drawings")
                #expect(answer.json?["untilMillis"] == .null)

                let left = RoomEvent.playerLeft(playerId: welcome.playerId, reason: .left)
                _ = try await guest.receive { Self.isEvent($0) { $0 == left } }
                #expect(try await guest.waitForClose().closeCode == .banned)
                _ = try await owner.receive { Self.isEvent($0) { $0 == left } }
                let state = try await owner.sync()
                #expect(state.players.map(\.name) == ["Ada"], "the banned player left the room as if it had left")
                return (welcome.playerId, welcome.token)
            }

            let refused = try #require(try await Self.refusedHello(at: server.webSocketURL, token: token))
            #expect(refused.0.code == .banned)
            #expect(refused.1.closeCode == .banned)
            let me = try await server.call("GET", "/v1/me", authorization: "Bearer \(token)")
            #expect(me.status == 403)
            #expect(me.errorCode == "banned")
            let pair = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(token)")
            #expect(pair.status == 403)

            let lifted = try await server.call("DELETE", "/v1/admin/players/\(player)/ban", authorization: TestServer.adminAuthorization)
            #expect(lifted.status == 204)
            #expect(try await server.call("GET", "/v1/me", authorization: "Bearer \(token)").status == 200)
            try await server.withConnections(1) { connections in
                let welcome = try await connections[0].hello(name: "Reformed", token: token)
                #expect(welcome.playerId == player)
            }
            let again = try await server.call("DELETE", "/v1/admin/players/\(player)/ban", authorization: TestServer.adminAuthorization)
            #expect(again.status == 404, "no ban is left to lift")
        }
    }

    @Test("a banned partner leaves its pair room as with leaveRoom (its own playerConnection) and is closed with 4004")
    func banInPairMode() async throws {
        try await PairActionRoutesTests.withLivePair { pair in
            let answer = try await pair.server.call("POST", "/v1/admin/players/\(pair.bob.id)/ban", authorization: TestServer.adminAuthorization, body: Data("{}".utf8))
            #expect(answer.status == 200, "\(answer.text)")
            let left = try await pair.bobInRoom.next("playerConnection")
            #expect(left["playerId"] as? String == pair.bob.id)
            #expect(left["connected"] as? Bool == false)
            #expect(try await pair.bobInRoom.connection.waitForClose().closeCode == .banned)
            let status = try await pair.server.call("GET", "/v1/me/pair", authorization: pair.bobAuth)
            #expect(status.status == 403, "its pair routes refuse it too")
        }
    }

    @Test("a ban for a while ends by itself: hello is refused until untilMillis, welcomed after")
    func banUntil() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            let welcome = try await server.withConnections(1) { connections in try await connections[0].hello(name: "Briefly") }
            let until = clock.nowMillis() + 60_000
            let answer = try await server.call(
                "POST", "/v1/admin/players/\(welcome.playerId)/ban", authorization: TestServer.adminAuthorization, body: try Self.json(["untilMillis": until]))
            #expect(answer.json?["untilMillis"] == .integer(until))
            #expect(try await Self.refusedHello(at: server.webSocketURL, token: welcome.token)?.0.code == .banned)
            clock.advance(byMillis: 60_000)
            let back = try await server.withConnections(1) { connections in try await connections[0].hello(name: "Back", token: welcome.token) }
            #expect(back.playerId == welcome.playerId)
        }
    }

    @Test("bad bans: an unknown player 404, a past or fractional untilMillis or a bad reason 400")
    func badBans() async throws {
        try await TestServer.with { server in
            let player = try await server.withConnections(1) { connections in try await connections[0].hello(name: "Ada").playerId }
            let cases: [(path: String, body: Data, status: Int)] = [
                ("/v1/admin/players/p_nobody/ban", Data("{}".utf8), 404),
                ("/v1/admin/players/\(player)/ban", try Self.json(["untilMillis": 1_000]), 400),
                ("/v1/admin/players/\(player)/ban", Data(#"{"untilMillis":1.5}"#.utf8), 400),
                ("/v1/admin/players/\(player)/ban", try Self.json(["reason": 7]), 400),
                ("/v1/admin/players/\(player)/ban", try Self.json(["reason": "  "]), 400),
                ("/v1/admin/players/\(player)/ban", try Self.json(["reason": String(repeating: "x", count: 501)]), 400),
                ("/v1/admin/players/\(player)/ban", Data("[]".utf8), 400),
            ]
            for item in cases {
                let answer = try await server.call("POST", item.path, authorization: TestServer.adminAuthorization, body: item.body)
                #expect(answer.status == item.status, "\(item.path) \(String(decoding: item.body, as: UTF8.self)): \(answer.text)")
            }
            #expect(try await server.call("GET", "/metrics").text.contains("doodle_bans_active 0"), "none of those banned anyone")
        }
    }

    @Test("a ban reaches every node: the connection on another node closes with 4004, and hello is refused on both", .timeLimit(.minutes(1)))
    func banAcrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: b.url, logger: TestServer.logger) { troll in
                let welcome = try await troll.hello(name: "Troll")
                let room = try await troll.createRoom()
                let answer = try await AdminHTTP.request("POST", a.httpBase + "/v1/admin/players/\(welcome.playerId)/ban", body: [:])
                #expect(answer.status == 200)
                #expect(try await troll.waitForClose().closeCode == .banned)
                // It left its room on node b: its seat there is released at once.
                try await AdminHTTP.waitUntil("the seat is released in the directory") {
                    await cluster.directory.seat(of: welcome.playerId) == nil
                }
                _ = room
                for node in [a, b] {
                    #expect(try await Self.refusedHello(at: node.url, token: welcome.token)?.0.code == .banned)
                }
            }
        }
    }
}
