import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// Every route group's query and path parameters at the edges a fuzzer (or an attacker) reaches
/// first: 64-bit extremes, -1, 0, a kilobyte of digits, bad percent escapes, bytes that are not
/// UTF-8, repeated names. Each gets its 400 `bad_message` naming the parameter (or the 404 of an
/// id nothing has), and a game running on the same server meanwhile loses nothing.
@Suite("No request can stop the server: extreme parameters per route group, live")
struct ExtremeRequestTests {
    /// Numbers no route takes: each one is out of every route's range or no number at all.
    static let badNumbers = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-1", String(repeating: "9", count: 1000), "1e3", "0x10",
        "+5", " 5", "5.0", "", "%FF", "%zz", "%00", "%E2%80%AE",
    ]

    @Test("leaderboard: at outside the years 1970–9999, a bad period or limit is a 400 naming it; the calendar's last instant is fine")
    func leaderboard() async throws {
        try await withRunningGame { server, _ in
            for at in Self.badNumbers + ["253402300800000", "9223372036854775806"] {
                try await expectRefused(server, "/v1/leaderboard?period=day&at=\(at)", naming: "at")
            }
            for period in ["DAY", "year", "", "%FF", "day&period=week"] {
                try await expectRefused(server, "/v1/leaderboard?period=\(period)", naming: "period")
            }
            for limit in Self.badNumbers + ["0", "101"] {
                try await expectRefused(server, "/v1/leaderboard?limit=\(limit)", naming: "limit")
            }
            for period in ["day", "week", "month", "all"] {
                for at in ["0", "253402300799999"] {
                    let answer = try await server.call("GET", "/v1/leaderboard?period=\(period)&at=\(at)")
                    #expect(answer.status == 200, "\(period) at \(at): \(answer.text)")
                }
            }
            let lastMonth = try await server.call("GET", "/v1/leaderboard?period=month&at=253402300799999")
            #expect(lastMonth.json?["to"] == .integer(253_402_300_800_000))
        }
    }

    @Test("archive and pictures: limits, sizes and cursors at the extremes are 400s; ids of no id's shape are 404s")
    func archiveAndPictures() async throws {
        try await withRunningGame { server, _ in
            for value in Self.badNumbers + ["0", "101"] {
                try await expectRefused(server, "/v1/players/p_aaaaaaaaaaaaaaaa/drawings?limit=\(value)", naming: "limit")
            }
            for before in ["9223372036854775808.d_x", "-1.d_x", "5", ".", "5.", "%FF.d_x"] {
                try await expectRefused(server, "/v1/players/p_aaaaaaaaaaaaaaaa/drawings?before=\(before)", naming: "before")
            }
            for path in ["/v1/drawings/d_aaaaaaaaaaaaaaaa.png", "/v1/drawings/d_aaaaaaaaaaaaaaaa.gif", "/v1/games/g_aaaaaaaaaaaaaaaa/album.gif"] {
                for size in Self.badNumbers + ["63", "1025"] {
                    try await expectRefused(server, "\(path)?size=\(size)", naming: "size")
                }
            }
            let longId = String(repeating: "d", count: 5000)
            for path in [
                "/v1/drawings/\(longId)", "/v1/drawings/\(longId).svg", "/v1/drawings/\(longId).png", "/v1/games/\(longId)",
                "/v1/games/%FF%FE/album.png", "/v1/drawings/d_%00", "/v1/players/\(longId)/drawings",
            ] {
                let answer = try await server.call("GET", path)
                #expect(answer.status == 404, "\(path.prefix(60)): \(answer.text.prefix(200))")
                #expect(answer.errorCode == "not_found")
                #expect(answer.text.utf8.count < 400, "a 404 echoes at most a short piece of the id: \(answer.text.prefix(200))")
            }
            let share = try await server.send("GET", "/d/\(longId)")
            #expect(share.status == 404)
        }
    }

    @Test("public rooms: limit, phase and wordPack out of bounds are 400s; a repeated name is refused, an unknown one ignored")
    func publicRooms() async throws {
        try await withRunningGame { server, _ in
            for limit in Self.badNumbers + ["0", "101"] {
                try await expectRefused(server, "/v1/rooms?limit=\(limit)", naming: "limit")
            }
            for phase in ["LOBBY", "over", "%FF"] {
                try await expectRefused(server, "/v1/rooms?phase=\(phase)", naming: "phase")
            }
            try await expectRefused(server, "/v1/rooms?wordPack=\(String(repeating: "x", count: 65))", naming: "wordPack")
            try await expectRefused(server, "/v1/rooms?limit=5&limit=6", naming: "limit")
            // One more than the 32 parameters a query may hold.
            let tooMany = (0...32).map { "p\($0)=1" }.joined(separator: "&")
            let crowded = try await server.call("GET", "/v1/rooms?\(tooMany)")
            #expect(crowded.status == 400 && crowded.errorCode == "bad_message", "\(crowded.text)")
            let ignored = try await server.call("GET", "/v1/rooms?_=1&_=2&limit=5")
            #expect(ignored.status == 200, "\(ignored.text)")
            for code in [String(repeating: "A", count: 5000), "%FF%FF%FF", "-1"] {
                let answer = try await server.call("GET", "/v1/rooms/\(code)")
                #expect(answer.status == 400 && answer.errorCode == "bad_message", "\(code.prefix(20)): \(answer.text.prefix(200))")
            }
        }
    }

    @Test("pair and devices, with a token: box, limit and before out of bounds are 400s; a malformed id is 404")
    func pairAndDevices() async throws {
        try await withRunningGame { server, token in
            let bearer = "Bearer \(token)"
            for limit in Self.badNumbers + ["0", "101"] {
                try await expectRefused(server, "/v1/me/pair/drawings?limit=\(limit)", naming: "limit", authorization: bearer)
            }
            for box in ["inbox", "%FF", ""] {
                try await expectRefused(server, "/v1/me/pair/drawings?box=\(box)", naming: "box", authorization: bearer)
            }
            for before in ["", String(repeating: "d", count: 65), "d_%00", "%FF"] {
                try await expectRefused(server, "/v1/me/pair/drawings?before=\(before)", naming: "before", authorization: bearer)
            }
            let device = try await server.call("DELETE", "/v1/me/sessions/\(String(repeating: "x", count: 3000))", authorization: bearer)
            #expect(device.status == 404 && device.errorCode == "not_found", "\(device.text.prefix(200))")
            let guess = try await server.call(
                "POST", "/v1/me/pair/drawings/%FF%FE/guess", authorization: bearer, body: Data(#"{"text":"cat"}"#.utf8))
            #expect(guess.status == 404 && guess.errorCode == "not_found", "\(guess.text.prefix(200))")
        }
    }

    @Test("operators' routes, with the admin token: limits, cursors and statuses out of bounds are 400s; ids of no id's shape are 404s")
    func admin() async throws {
        try await withRunningGame { server, _ in
            let admin = TestServer.adminAuthorization
            for path in ["/v1/admin/reports", "/v1/admin/audit"] {
                for limit in Self.badNumbers + ["0", "101"] {
                    try await expectRefused(server, "\(path)?limit=\(limit)", naming: "limit", authorization: admin)
                }
            }
            for before in ["0", "-1", "9223372036854775808", "x"] {
                try await expectRefused(server, "/v1/admin/audit?before=\(before)", naming: "before", authorization: admin)
            }
            for before in ["-1.r_x", "5", "%FF"] {
                try await expectRefused(server, "/v1/admin/reports?before=\(before)", naming: "before", authorization: admin)
            }
            try await expectRefused(server, "/v1/admin/reports?status=closed", naming: "status", authorization: admin)
            let longId = String(repeating: "p", count: 3000)
            let unban = try await server.call("DELETE", "/v1/admin/players/\(longId)/ban", authorization: admin)
            #expect(unban.status == 404 && unban.errorCode == "not_found", "\(unban.text.prefix(200))")
            let delete = try await server.call("DELETE", "/v1/admin/drawings/%FF", authorization: admin)
            #expect(delete.status == 404 && delete.errorCode == "not_found", "\(delete.text.prefix(200))")
        }
    }

    @Test(
        "raw bytes: a path or query that is not UTF-8, control bytes, a 60 KB path, a TLS hello, a bad handshake: a 4xx with the error body, then the server closes",
        .timeLimit(.minutes(1)))
    func rawRequests() async throws {
        try await withRunningGame { server, _ in
            let requests: [[UInt8]] = [
                Array("GET /v1/drawings/".utf8) + [0xFF, 0xFE, 0xC0, 0x80] + Array(" HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
                Array("GET /v1/leaderboard?period=day&at=".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
                Array("GET /v1/leaderboard?period=day&at=9223372036854775806 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
                Array("GET /\(String(repeating: "a", count: 60_000)) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
                Array("GET /v1/rooms?limit=1&limit=2 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8),
                Array("GET / HTTP/1.1\r\nHost: a\r\nX-Bad: ".utf8) + [0x00, 0x01] + Array("\r\n\r\n".utf8),
                [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03],  // a TLS hello to the plain port
                Array(
                    ("GET /v1/ws HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Version: 99999999999999999999\r\nSec-WebSocket-Key: x\r\n\r\n").utf8),
            ]
            for request in requests {
                let answer = try await RawWebSocket.send(request, port: server.port)
                let statusLine = answer.prefix(while: { $0 != "\r" })
                #expect(statusLine.hasPrefix("HTTP/1.1 4"), "\(statusLine) for \(String(decoding: request.prefix(60), as: UTF8.self))")
                #expect(answer.utf8.count < 4096, "an answer of \(answer.utf8.count) bytes echoes too much")
                // RawWebSocket.send reads until the server closes: a connection left open would hang here.
                #expect(answer.contains(#""code":"bad_message""#) || answer.contains(#""code":"not_found""#), "\(answer.prefix(300))")
            }
        }
    }

    @Test("an upgrade asked on a kept-alive connection is answered 426 and the connection closed, not left unread", .timeLimit(.minutes(1)))
    func upgradeOnAKeptAliveConnection() async throws {
        try await withRunningGame { server, _ in
            let request = Array(
                ("GET /v1/health HTTP/1.1\r\nHost: a\r\n\r\n"
                    + "GET /v1/ws HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\r\n"
                    + "GET /v1/health HTTP/1.1\r\nHost: a\r\n\r\n").utf8)
            // NIO's parser stops at an upgrade request's end: without the close, this read never ended.
            let answer = try await RawWebSocket.send(request, port: server.port)
            #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(200))")
            #expect(answer.contains("HTTP/1.1 426"), "\(answer.prefix(600))")
        }
    }

    @Test("a WebSocket handshake with any method but GET is refused, never upgraded", .timeLimit(.minutes(1)))
    func handshakeNeedsGet() async throws {
        try await withRunningGame { server, _ in
            for method in ["POST", "PUT", "DELETE", "TRACE"] {
                let request = Array(
                    ("\(method) /v1/ws HTTP/1.1\r\nHost: a\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n"
                        + "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nContent-Length: 0\r\n\r\n").utf8)
                let answer = try await RawWebSocket.send(request, port: server.port)
                #expect(answer.hasPrefix("HTTP/1.1 4"), "\(method): \(answer.prefix(200))")
            }
        }
    }

    // MARK: - Helpers

    /// `path` must be 400 `bad_message` with a message that starts with the parameter's name.
    private func expectRefused(
        _ server: TestServer, _ path: String, naming field: String, authorization: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let answer = try await server.call("GET", path, authorization: authorization, sourceLocation: sourceLocation)
        #expect(answer.status == 400, "\(path.prefix(120)): \(answer.status) \(answer.text.prefix(200))", sourceLocation: sourceLocation)
        #expect(answer.errorCode == "bad_message", "\(path.prefix(120))", sourceLocation: sourceLocation)
        let message = answer.json?["error"]?["message"]?.stringValue ?? ""
        #expect(message.hasPrefix(field), "\(path.prefix(120)): the message names \(field): \(message)", sourceLocation: sourceLocation)
        #expect(message.utf8.count < 200, "\(path.prefix(120)): a short message", sourceLocation: sourceLocation)
    }

    /// Runs `body` while a two-player game is in its drawing phase with one stroke on the
    /// canvas, with the token of a third player who is in no room; afterwards the game must be
    /// exactly where it was (phase, drawer, canvas, scores, both players connected), the next
    /// stroke must reach the guesser, and the server must still answer its health check.
    private func withRunningGame(_ body: @escaping @Sendable (TestServer, _ token: String) async throws -> Void) async throws {
        try await TestServer.with { server in
            try await server.withConnections(3) { connections in
                let drawer = connections[0]
                let guesser = connections[1]
                try await drawer.hello(name: "Drawer")
                try await guesser.hello(name: "Guesser")
                let bystander = try await connections[2].hello(name: "Bystander")
                let room = try await drawer.createRoom(
                    settings: SettingsPatch(rounds: 1, drawSeconds: 240, customWords: ["banana", "giraffe", "umbrella"], customWordsOnly: true))
                _ = try await guesser.joinRoom(code: room.code)
                try await drawer.send(.startGame)
                let offer = try await drawer.receive(timeout: .seconds(15), until: { if case .chooseWord = $0 { true } else { false } })
                guard case .chooseWord = offer else { throw ExtremeRequestTestError.noTurn }
                try await drawer.send(.chooseWord(index: 0))
                _ = try await guesser.receive(until: { if case .event(.phaseDrawing, _) = $0 { true } else { false } })
                try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#FF0000", width: 5, points: [10, 10, 20, 20]))))
                try await drawer.send(.draw(.strokeEnd(strokeId: 1)))
                _ = try await guesser.receive(until: { if case .event(.drawing(.strokeEnd, _), _) = $0 { true } else { false } })
                let before = try await guesser.sync()

                try await body(server, bystander.token)

                try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 2, tool: .pen, color: "#0000FF", width: 3, points: [30, 30, 40, 40]))))
                try await drawer.send(.draw(.strokeEnd(strokeId: 2)))
                _ = try await guesser.receive(until: { if case .event(.drawing(.strokeEnd, _), _) = $0 { true } else { false } })
                let after = try await guesser.sync()
                #expect(after.phase == .drawing && after.drawerId == before.drawerId && after.round == before.round)
                #expect(after.strokes.count == before.strokes.count + 1)
                #expect(after.players.map(\.score) == before.players.map(\.score))
                #expect(after.players.allSatisfy { $0.connected })
                let health = try await HTTPProbe.status("\(server.httpBase)/v1/health")
                #expect(health == 200)
            }
        }
    }
}

enum ExtremeRequestTestError: Error {
    case noTurn
}
