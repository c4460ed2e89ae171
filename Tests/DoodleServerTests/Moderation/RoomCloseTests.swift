import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `POST /v1/admin/rooms/{code}/close`, live: on one node, and on the node hosting the room when
/// the request reaches another.
@Suite("Closing a room, live")
struct RoomCloseTests {
    static func reason(_ text: String) -> Data { Data(#"{"reason":"\#(text)"}"#.utf8) }

    @Test("every member, a watcher too, gets roomClosed then 4005; the code, listing and seats are gone")
    func closeRoom() async throws {
        try await TestServer.with { server in
            let code = try await server.withRoom(players: 2, settings: SettingsPatch(isPublic: true)) { players, _, room in
                try await server.withConnections(1) { others in
                    let watcher = others[0]
                    try await watcher.hello(name: "Watcher")
                    _ = try await watcher.joinRoom(code: room.code, spectate: true)
                    #expect(try await server.call("GET", "/v1/rooms").text.contains(room.code))

                    let answer = try await server.call(
                        "POST", "/v1/admin/rooms/\(room.code.lowercased())/close", authorization: TestServer.adminAuthorization, body: Self.reason("  spam in chat "))
                    #expect(answer.status == 204, "\(answer.text)")
                    for member in players + [watcher] {
                        let closed = try await member.receive { if case .roomClosed = $0 { true } else { false } }
                        #expect(closed == .roomClosed(reason: "spam in chat"))
                        let closure = try await member.waitForClose()
                        #expect(closure.closeCode == .roomClosed, "\(closure)")
                    }
                    return room.code
                }
            }
            #expect(try await server.call("GET", "/v1/rooms/\(code)").status == 404)
            #expect(try await !server.call("GET", "/v1/rooms").text.contains(code))
            #expect(try await server.metricsText().contains("doodle_rooms 0"))
            let again = try await server.call("POST", "/v1/admin/rooms/\(code)/close", authorization: TestServer.adminAuthorization, body: Self.reason("again"))
            #expect(again.status == 404)
            #expect(again.errorCode == "room_not_found")
        }
    }

    @Test("a seat in a closed room is gone: the player's next hello resumes nothing, and it may open a room at once")
    func membersAreFree() async throws {
        try await TestServer.with { server in
            let (code, token) = try await server.withConnections(1) { connections in
                let welcome = try await connections[0].hello(name: "Ada")
                let room = try await connections[0].createRoom()
                let answer = try await server.call("POST", "/v1/admin/rooms/\(room.code)/close", authorization: TestServer.adminAuthorization, body: Self.reason("test"))
                #expect(answer.status == 204)
                _ = try await connections[0].waitForClose()
                return (room.code, welcome.token)
            }
            try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Ada", token: token)
                let room = try await connections[0].createRoom()
                #expect(room.code != code)
                #expect(room.players.map(\.name) == ["Ada"])
            }
        }
    }

    @Test("bad requests: a malformed code 400, a pair code or unknown room 404, no usable reason 400")
    func badRequests() async throws {
        try await TestServer.with { server in
            let code = try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Ada")
                return try await connections[0].createRoom().code
            }
            let cases: [(path: String, body: Data?, status: Int, error: String)] = [
                ("/v1/admin/rooms/nope/close", Self.reason("x"), 400, "bad_message"),
                ("/v1/admin/rooms/ZZZZZZ/close", Self.reason("x"), 404, "room_not_found"),
                ("/v1/admin/rooms/YZZZZZ/close", Self.reason("x"), 404, "room_not_found"),
                ("/v1/admin/rooms/\(code)/close", nil, 400, "bad_message"),
                ("/v1/admin/rooms/\(code)/close", Data("{}".utf8), 400, "bad_message"),
                ("/v1/admin/rooms/\(code)/close", Data(#"{"reason":7}"#.utf8), 400, "bad_message"),
                ("/v1/admin/rooms/\(code)/close", Self.reason("   "), 400, "bad_message"),
                ("/v1/admin/rooms/\(code)/close", Self.reason(String(repeating: "x", count: 201)), 400, "bad_message"),
                ("/v1/admin/rooms/\(code)/close", Data("[".utf8), 400, "bad_message"),
            ]
            for item in cases {
                let answer = try await server.call("POST", item.path, authorization: TestServer.adminAuthorization, body: item.body)
                #expect(answer.status == item.status, "\(item.path) \(String(decoding: item.body ?? Data(), as: UTF8.self)): \(answer.text)")
                #expect(answer.errorCode == item.error, "\(item.path): \(answer.text)")
            }
            #expect(try await server.call("GET", "/v1/rooms/\(code)").status == 200, "none of that closed the room")
        }
    }

    @Test("asked on another node, the room's node closes it: 202, then 4005 there and the code gone from the directory", .timeLimit(.minutes(1)))
    func closeOnAnotherNode() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: b.url, logger: TestServer.logger) { owner in
                try await owner.hello(name: "Ada")
                let room = try await owner.createRoom()
                let answer = try await AdminHTTP.request("POST", a.httpBase + "/v1/admin/rooms/\(room.code)/close", body: ["reason": "test"])
                #expect(answer.status == 202)
                let closed = try await owner.receive { if case .roomClosed = $0 { true } else { false } }
                #expect(closed == .roomClosed(reason: "test"))
                #expect(try await owner.waitForClose().closeCode == .roomClosed)
                try await AdminHTTP.waitUntil("the directory has forgotten the room") {
                    try await cluster.directory.host(of: room.code) == nil
                }
            }
        }
    }
}
