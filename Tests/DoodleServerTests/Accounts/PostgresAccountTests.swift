import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Foundation
import Testing

/// The account routes on PostgreSQL storage: the same contract as on SQLite, through the
/// other back end.
@Suite("Accounts on PostgreSQL, live")
struct PostgresAccountTests {
    @Test("register, login on a second device, a link code, a device removed while connected, deletion")
    func devicesOnPostgres() async throws {
        try await PostgresTestDatabase.withFreshDatabase { location in
            try await TestServer.with(database: location.url) { server in
                let laptop = try await server.register(email: "ada@example.org").signedIn()
                #expect(try await server.register(email: "ADA@example.org").status == 409)
                let phone = try await server.login(email: "ada@example.org", extra: ["device": "Phone"]).signedIn()
                #expect(phone.playerId == laptop.playerId)
                #expect(try await server.login(email: "ada@example.org", password: "wrong password here").status == 401)
                let code = try #require(
                    try await server.call("POST", "/v1/me/link-code", authorization: "Bearer \(laptop.token)").json?["code"]?.stringValue)
                let tablet = try await server.post("/v1/auth/link", ["code": code]).signedIn()
                #expect(tablet.playerId == laptop.playerId)
                #expect(try await server.post("/v1/auth/link", ["code": code]).status == 401)
                let devices = try await server.devices(token: phone.token)
                #expect(devices.count == 3)
                #expect(devices.filter(\.current).map(\.label) == ["Phone"])
                try await server.withConnections(1) { connections in
                    #expect(try await connections[0].hello(name: "Ada", token: phone.token).playerId == laptop.playerId)
                    let phoneId = try #require(devices.first(where: \.current)?.id)
                    #expect(try await server.call("DELETE", "/v1/me/sessions/\(phoneId)", authorization: "Bearer \(tablet.token)").status == 204)
                    #expect(try await connections[0].waitForClose().code == 4002)
                }
                #expect(try await server.meStatus(token: phone.token) == 401)
                #expect(try await server.call("DELETE", "/v1/me", authorization: "Bearer \(laptop.token)").status == 204)
                #expect(try await server.meStatus(token: tablet.token) == 401)
                let again = try await server.register(email: "ada@example.org")
                #expect(again.status == 201)
                #expect(try again.signedIn().playerId != laptop.playerId)
            }
        }
    }

    @Test("an anonymous player's first device, and OpenID Connect sign-in: new (201), known (200), linked (200)")
    func oidcOnPostgres() async throws {
        try await PostgresTestDatabase.withFreshDatabase { location in
            try await TestIssuer.run { issuer in
                try await TestServer.with(database: location.url, oidcProviders: [issuer.provider(name: "test")]) { server in
                    try await server.withConnections(1) { connections in
                        let welcome = try await connections[0].hello(name: "Ada")
                        #expect(try await server.devices(token: welcome.token).count == 1)
                        let linked = try await server.post(
                            "/v1/auth/oidc", ["provider": "test", "idToken": try await issuer.idToken(subject: "ada")], token: welcome.token)
                        #expect(linked.status == 200)
                        #expect(try linked.signedIn().playerId == welcome.playerId)
                        let known = try await server.post("/v1/auth/oidc", ["provider": "test", "idToken": try await issuer.idToken(subject: "ada")])
                        #expect(known.status == 200)
                        #expect(try known.signedIn().playerId == welcome.playerId)
                        let new = try await server.post("/v1/auth/oidc", ["provider": "test", "idToken": try await issuer.idToken(subject: "bo")])
                        #expect(new.status == 201)
                    }
                }
            }
        }
    }
}
