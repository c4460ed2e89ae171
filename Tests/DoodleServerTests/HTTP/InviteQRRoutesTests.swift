import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// `GET /v1/rooms/{code}/qr.svg` on a live server: the picture is exactly the renderer's symbol
/// of the invite link the page expects, and the route answers like the room lookup it shares
/// a limit with. (That such a symbol scans is QRCodeDecodingTests' part, with zbarimg.)
@Suite("Invite QR code route")
struct InviteQRRoutesTests {
    private func expectedSVG(_ link: String) throws -> String {
        QRCodeSVG.render(try QRCode(text: link))
    }

    @Test("a party room's code, in any case: the link http://host/#CODE as SVG")
    func partyRoom() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Ada")
                let room = try await connections[0].createRoom()
                let answer = try await server.call("GET", "/v1/rooms/\(room.code.lowercased())/qr.svg")
                #expect(answer.status == 200)
                #expect(answer.contentType == "image/svg+xml")
                #expect(answer.text == (try expectedSVG("http://127.0.0.1:\(server.port)/#\(room.code)")))
            }
        }
    }

    @Test("an open pair code: the link http://host/#pair-CODE; once the code is spent, 404")
    func pairCode() async throws {
        try await TestServer.with { server in
            try await server.withPairPlayers(2) { players in
                let (ada, bob) = (players[0], players[1])
                try await ada.hello("Ada")
                try await bob.hello("Bob")
                let code = try #require(try await ada.enterPairMode()["code"] as? String)
                let answer = try await server.call("GET", "/v1/rooms/\(code)/qr.svg")
                #expect(answer.status == 200)
                #expect(answer.text == (try expectedSVG("http://127.0.0.1:\(server.port)/#pair-\(code)")))

                try await bob.send(["type": "joinRoom", "code": code])
                #expect(try await bob.next("roomState")["phase"] as? String == "paired")
                let spent = try await server.call("GET", "/v1/rooms/\(code)/qr.svg")
                #expect(spent.status == 404)
                #expect(spent.errorCode == "not_found")
            }
        }
    }

    @Test("400 for a malformed code, 404 for none, and one limit of 10 a minute with GET /v1/rooms/{code}")
    func errorsAndSharedLimit() async throws {
        try await TestServer.with { server in
            let malformed = try await server.call("GET", "/v1/rooms/K7PQ/qr.svg")
            #expect(malformed.status == 400)
            #expect(malformed.errorCode == "bad_message")
            let missing = try await server.call("GET", "/v1/rooms/ZZZZZZ/qr.svg")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not_found")
            // 2 used; 8 more between the two routes reach the limit, the next of either is refused.
            var statuses: [Int] = []
            for index in 0..<8 {
                let path = index % 2 == 0 ? "/v1/rooms/YYYYYY" : "/v1/rooms/YYYYYY/qr.svg"
                statuses.append(try await server.call("GET", path).status)
            }
            #expect(statuses == Array(repeating: 404, count: 8), "\(statuses)")
            let overQR = try await server.call("GET", "/v1/rooms/YYYYYY/qr.svg")
            #expect(overQR.status == 429)
            #expect(overQR.errorCode == "rate_limited")
            #expect(try await server.call("GET", "/v1/rooms/YYYYYY").status == 429)
        }
    }

    @Test("the link follows the Host header; a request without a usable one is 400")
    func hostHeader() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Ada")
                let room = try await connections[0].createRoom()
                let path = "/v1/rooms/\(room.code)/qr.svg"
                let named = try await RawWebSocket.get(path, port: server.port, host: "doodle.example:8443")
                #expect(named.hasPrefix("HTTP/1.1 200"))
                #expect(named.hasSuffix(try expectedSVG("http://doodle.example:8443/#\(room.code)")))
                let odd = try await RawWebSocket.get(path, port: server.port, host: "evil.example/@x")
                #expect(odd.hasPrefix("HTTP/1.1 400"), "\(odd)")
                #expect(odd.contains("not a host name"))
                let none = try await RawWebSocket.get(path, port: server.port, host: nil)
                #expect(none.hasPrefix("HTTP/1.1 400"), "\(none)")
                #expect(none.contains("no Host header"), "\(none)")
            }
        }
    }
}
