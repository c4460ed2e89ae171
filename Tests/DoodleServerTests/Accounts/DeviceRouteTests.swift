import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

@Suite("Accounts: devices and link codes, live")
struct DeviceRouteTests {
    @Test("one live connection per player across devices; HTTP works from both side by side")
    func oneConnectionAcrossDevices() async throws {
        try await TestServer.with { server in
            let laptop = try await server.register(email: "ada@example.org").signedIn()
            let phone = try await server.login(email: "ada@example.org").signedIn()
            try await server.withConnections(2) { connections in
                let first = try await connections[0].hello(name: "Ada", token: laptop.token)
                #expect(first.playerId == laptop.playerId)
                #expect(first.token == laptop.token)
                let second = try await connections[1].hello(name: "Ada", token: phone.token)
                #expect(second.playerId == laptop.playerId)
                #expect(second.token == phone.token)
                #expect(try await connections[0].waitForClose().code == 4002)
                #expect(try await server.meStatus(token: laptop.token) == 200)
                #expect(try await server.meStatus(token: phone.token) == 200)
            }
        }
    }

    @Test("removing a device: its connection closes at once (4002), its token is unknown after, the other device is untouched")
    func revokeDevice() async throws {
        try await TestServer.with { server in
            let laptop = try await server.register(email: "ada@example.org").signedIn()
            let phone = try await server.login(email: "ada@example.org", extra: ["device": "Phone"]).signedIn()
            let phoneId = try #require(try await server.devices(token: phone.token).first(where: \.current)?.id)
            try await server.withConnections(1) { connections in
                _ = try await connections[0].hello(name: "Ada", token: phone.token)
                let removed = try await server.call("DELETE", "/v1/me/sessions/\(phoneId)", authorization: "Bearer \(laptop.token)")
                #expect(removed.status == 204)
                #expect(try await connections[0].waitForClose().code == 4002)
            }
            #expect(try await server.meStatus(token: phone.token) == 401)
            #expect(try await server.meStatus(token: laptop.token) == 200)
            #expect(try await server.devices(token: laptop.token).map(\.id) != [phoneId])
            #expect(try await server.devices(token: laptop.token).count == 1)
            // The contract: an unknown token at hello is a new player.
            try await server.withConnections(1) { connections in
                let welcome = try await connections[0].hello(name: "Ada", token: phone.token)
                #expect(welcome.playerId != laptop.playerId)
                #expect(welcome.token != phone.token)
            }
            let again = try await server.call("DELETE", "/v1/me/sessions/\(phoneId)", authorization: "Bearer \(laptop.token)")
            #expect(again.status == 404)
        }
    }

    @Test("a device of another player cannot be removed (404), and removing one's own current device signs it out")
    func revokeScope() async throws {
        try await TestServer.with { server in
            let ada = try await server.register(email: "ada@example.org").signedIn()
            let bo = try await server.register(email: "bo@example.org").signedIn()
            let boDevice = try #require(try await server.devices(token: bo.token).first?.id)
            let refused = try await server.call("DELETE", "/v1/me/sessions/\(boDevice)", authorization: "Bearer \(ada.token)")
            #expect(refused.status == 404)
            #expect(refused.errorCode == "not_found")
            #expect(try await server.meStatus(token: bo.token) == 200)
            let own = try await server.call("DELETE", "/v1/me/sessions/\(boDevice)", authorization: "Bearer \(bo.token)")
            #expect(own.status == 204)
            #expect(try await server.meStatus(token: bo.token) == 401)
            #expect(try await server.call("GET", "/v1/me/sessions").status == 401)
        }
    }

    @Test("an anonymous player's first device is listed, named after its first connection")
    func firstDevice() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                let welcome = try await connections[0].hello(name: "Ada")
                let devices = try await server.devices(token: welcome.token)
                #expect(devices.count == 1)
                #expect(devices.first?.current == true)
                #expect(devices.first?.label.isEmpty == false)
            }
        }
    }

    @Test("a link code: XXXX-XXXX, 10 minutes, with the page's link and its QR code; redeemed once on a new device")
    func linkCode() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            let ada = try await server.register(email: "ada@example.org", extra: ["name": "Ada", "device": "Laptop"]).signedIn()
            let answer = try await server.call("POST", "/v1/me/link-code", authorization: "Bearer \(ada.token)")
            #expect(answer.status == 200)
            let code = try #require(answer.json?["code"]?.stringValue)
            #expect(code.wholeMatch(of: /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/) != nil)
            #expect(answer.json?["expiresAt"] == .integer(clock.nowMillis() + 600_000))
            #expect(answer.json?["url"]?.stringValue == "\(server.httpBase)/#link=\(code)")
            #expect(answer.json?["qrSvg"]?.stringValue?.hasPrefix("<svg") == true)
            // Typed loosely on the new device: lower case, no dash.
            let typed = code.lowercased().replacingOccurrences(of: "-", with: " ")
            let linked = try await server.post("/v1/auth/link", ["code": typed, "device": "Phone"])
            #expect(linked.status == 200)
            let phone = try linked.signedIn()
            #expect(phone.playerId == ada.playerId)
            #expect(phone.name == "Ada")
            #expect(phone.identities == ada.identities)
            #expect(phone.token != ada.token)
            #expect(try await server.meStatus(token: phone.token) == 200)
            let twice = try await server.post("/v1/auth/link", ["code": code])
            #expect(twice.status == 401)
            #expect(twice.errorCode == "invalid_credentials")
            // A fresh code expires after 10 minutes.
            let late = try #require(
                try await server.call("POST", "/v1/me/link-code", authorization: "Bearer \(ada.token)").json?["code"]?.stringValue)
            clock.advance(byMillis: 600_001)
            #expect(try await server.post("/v1/auth/link", ["code": late]).status == 401)
            let malformed = try await server.post("/v1/auth/link", ["code": "0000-OOOO"])
            #expect(malformed.status == 401)
            #expect(try await server.devices(token: ada.token).map(\.label).sorted() == ["Laptop", "Phone"])
        }
    }

    @Test("a linked device reaches the player's pair and its widget picture; removed, its widget is refused")
    func pairFromLinkedDevice() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { connections in
                let ada = try await connections[0].hello(name: "Ada")
                let bo = try await connections[1].hello(name: "Bo")
                let seed = try PairSeed(server: server)
                try await seed.form("pr_linked", owner: ada, joiner: bo, on: server)
                try await seed.send("d_from_bo", in: "pr_linked", from: bo, to: ada, at: 1_000, word: "cat")
                let code = try #require(
                    try await server.call("POST", "/v1/me/link-code", authorization: "Bearer \(ada.token)").json?["code"]?.stringValue)
                let phone = try await server.post("/v1/auth/link", ["code": code]).signedIn()
                let pair = try await server.call("GET", "/v1/me/pair", authorization: "Bearer \(phone.token)")
                #expect(pair.json?["pairId"]?.stringValue == "pr_linked")
                let picture = try await server.call("GET", "/v1/me/latest-received.png", authorization: "Bearer \(phone.token)")
                #expect(picture.status == 200)
                #expect(picture.contentType == "image/png")
                let phoneId = try #require(try await server.devices(token: phone.token).first(where: \.current)?.id)
                #expect(try await server.call("DELETE", "/v1/me/sessions/\(phoneId)", authorization: "Bearer \(ada.token)").status == 204)
                let refused = try await server.call("GET", "/v1/me/latest-received.png", authorization: "Bearer \(phone.token)")
                #expect(refused.status == 401)
                #expect(try await server.call("GET", "/v1/me/latest-received.png", authorization: "Bearer \(ada.token)").status == 200)
            }
        }
    }
}
