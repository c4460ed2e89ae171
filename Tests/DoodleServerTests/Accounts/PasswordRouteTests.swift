import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

@Suite("Accounts: email and password, live")
struct PasswordRouteTests {
    @Test("register makes a new player (201) whose token works, on a device named after the browser")
    func registerNewPlayer() async throws {
        try await TestServer.with { server in
            let answer = try await server.post(
                "/v1/auth/register", ["email": " Ada@Example.ORG ", "password": TestServer.password],
                headers: ["User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"])
            #expect(answer.status == 201)
            let signedIn = try answer.signedIn()
            #expect(signedIn.playerId.hasPrefix("p_"))
            #expect(signedIn.name == "Player")
            #expect(signedIn.identities == [.init(provider: "email", email: "ada@example.org")])
            #expect(try await server.meStatus(token: signedIn.token) == 200)
            let devices = try await server.devices(token: signedIn.token)
            #expect(devices.map(\.label) == ["Firefox on Linux"])
            #expect(devices.map(\.current) == [true])
        }
    }

    @Test("a new player's name and device label come from the body; a refused name is 400 invalid_name")
    func nameAndDevice() async throws {
        try await TestServer.with { server in
            let named = try await server.register(email: "bo@example.org", extra: ["name": "Bo", "device": "Kitchen tablet"])
            #expect(named.status == 201)
            let signedIn = try named.signedIn()
            #expect(signedIn.name == "Bo")
            #expect(try await server.devices(token: signedIn.token).map(\.label) == ["Kitchen tablet"])
            let badName = try await server.register(email: "cy@example.org", extra: ["name": String(repeating: "x", count: 200)])
            #expect(badName.status == 400)
            #expect(badName.errorCode == "invalid_name")
            let badLabel = try await server.register(email: "cy@example.org", extra: ["device": String(repeating: "x", count: 41)])
            #expect(badLabel.status == 400)
            #expect(badLabel.errorCode == "bad_message")
            // Neither refusal registered the address.
            #expect(try await server.register(email: "cy@example.org").status == 201)
        }
    }

    @Test("an anonymous player registers with its token: the same player, its score and its token kept")
    func anonymousPlayerKeepsItsScore() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, drawer, _ in
            let before = try await server.call("GET", "/v1/leaderboard")
            let registered = try await server.register(email: "drawer@example.org", token: drawer.token)
            #expect(registered.status == 201)
            let signedIn = try registered.signedIn()
            #expect(signedIn.playerId == seed.drawer)
            #expect(signedIn.token == drawer.token)
            // No second device for the one it already is.
            #expect(try await server.devices(token: drawer.token).count == 1)
            let onPhone = try await server.login(email: "drawer@example.org").signedIn()
            #expect(onPhone.playerId == seed.drawer)
            #expect(onPhone.token != drawer.token)
            let me = try await server.call("GET", "/v1/me", authorization: "Bearer \(onPhone.token)")
            #expect(me.json?["playerId"]?.stringValue == seed.drawer)
            #expect(try await server.call("GET", "/v1/leaderboard").json == before.json)
        }
    }

    @Test("login: a new device token (200), both devices' tokens work side by side")
    func loginMakesADevice() async throws {
        try await TestServer.with { server in
            let first = try await server.register(email: "ada@example.org").signedIn()
            let answer = try await server.login(email: "ADA@example.org", extra: ["device": "Phone"])
            #expect(answer.status == 200)
            let second = try answer.signedIn()
            #expect(second.playerId == first.playerId)
            #expect(second.token != first.token)
            #expect(second.identities == first.identities)
            #expect(try await server.meStatus(token: first.token) == 200)
            #expect(try await server.meStatus(token: second.token) == 200)
            let listed = try await server.devices(token: second.token)
            #expect(listed.count == 2)
            #expect(listed.filter(\.current).map(\.label) == ["Phone"])
            #expect(try await server.devices(token: first.token).filter(\.current).map(\.label) != ["Phone"])
        }
    }

    @Test("a wrong password and an unknown email are both 401 invalid_credentials")
    func wrongPasswordAndUnknownEmail() async throws {
        try await TestServer.with { server in
            _ = try await server.register(email: "ada@example.org")
            let wrong = try await server.login(email: "ada@example.org", password: "not the right one at all")
            let unknown = try await server.login(email: "nobody@example.org")
            for answer in [wrong, unknown] {
                #expect(answer.status == 401)
                #expect(answer.errorCode == "invalid_credentials")
            }
            #expect(wrong.json?["error"]?["message"] == unknown.json?["error"]?["message"])
        }
    }

    @Test("registering an address twice is 409 email_taken, whatever its case and spaces")
    func emailTaken() async throws {
        try await TestServer.with { server in
            #expect(try await server.register(email: "ada@example.org").status == 201)
            let again = try await server.register(email: "  ADA@Example.org", password: "another long passphrase here")
            #expect(again.status == 409)
            #expect(again.errorCode == "email_taken")
        }
    }

    @Test("weak passwords are 400 weak_password: too short, too long, common", arguments: [
        "short", String(repeating: "long enough but ", count: 9), "password123", "1234567890",
    ])
    func weakPassword(_ password: String) async throws {
        try await TestServer.with { server in
            let answer = try await server.register(email: "ada@example.org", password: password)
            #expect(answer.status == 400)
            #expect(answer.errorCode == "weak_password")
            #expect(try await server.login(email: "ada@example.org", password: password).status == 401)
        }
    }

    @Test("malformed bodies and addresses are 400 bad_message")
    func badBodies() async throws {
        try await TestServer.with { server in
            let missing = try await server.post("/v1/auth/register", ["email": "ada@example.org"])
            #expect(missing.status == 400)
            #expect(missing.errorCode == "bad_message")
            #expect(missing.text.contains("password"))
            let notJSON = try await server.call("POST", "/v1/auth/login", body: Data("email=ada".utf8))
            #expect(notJSON.status == 400)
            for address in ["ada", "ada@localhost", "a da@example.org", "@example.org"] {
                let answer = try await server.register(email: address)
                #expect(answer.status == 400, "\(address)")
                #expect(answer.errorCode == "bad_message", "\(address)")
            }
        }
    }

    @Test("five failed logins lock the email (429 with Retry-After, even with the right password) until 15 minutes pass")
    func lockout() async throws {
        let clock = ManualGameClock()
        try await TestServer.with(clock: clock) { server in
            let registered = try await server.register(email: "ada@example.org").signedIn()
            for _ in 0..<5 {
                #expect(try await server.login(email: "ada@example.org", password: "wrong guess number one").status == 401)
                clock.advance(byMillis: 1_000)
            }
            let locked = try await server.login(email: "ada@example.org")
            #expect(locked.status == 429)
            #expect(locked.errorCode == "rate_limited")
            let retryAfter = try #require(locked.retryAfter.flatMap(Int.init))
            #expect((895...900).contains(retryAfter))
            // Another address is not locked by it.
            #expect(try await server.login(email: "bo@example.org").status == 401)
            clock.advance(byMillis: Int64(retryAfter) * 1_000)
            let again = try await server.login(email: "ada@example.org")
            #expect(again.status == 200)
            #expect(try again.signedIn().playerId == registered.playerId)
        }
    }

    @Test("sign-in attempts from one address beyond rateLimits.signIn are 429 with Retry-After")
    func perAddressLimit() async throws {
        try await TestServer.with(rules: { rules in
            var limits = rules["rateLimits"] as? [String: Any] ?? [:]
            limits["signIn"] = ["count": 3, "windowMilliseconds": 60_000]
            rules["rateLimits"] = limits
        }) { server in
            for _ in 0..<3 {
                #expect(try await server.login(email: "ada@example.org").status == 401)
            }
            let limited = try await server.post("/v1/auth/link", ["code": "AAAA-BBBB"])
            #expect(limited.status == 429)
            #expect(limited.errorCode == "rate_limited")
            #expect(limited.retryAfter == "60")
        }
    }
}
