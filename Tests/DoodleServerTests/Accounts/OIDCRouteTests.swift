import DoodleClient
import DoodleCore
import DoodleServer
import DoodleTestSupport
import Foundation
import Testing

/// `POST /v1/auth/oidc` against a `TestIssuer` serving its keys on port 0. The verifier's own
/// tests cover each check; these prove the route answers each refusal alike and signs in right.
@Suite("Accounts: sign in with OpenID Connect, live")
struct OIDCRouteTests {
    /// A server configured with one provider, `test`, the issuer's.
    private func withServer(
        clock: any GameClock = SystemGameClock(), _ body: @Sendable (TestServer, TestIssuer) async throws -> Void
    ) async throws {
        try await TestIssuer.run(clock: clock) { issuer in
            try await TestServer.with(clock: clock, oidcProviders: [issuer.provider(name: "test")]) { server in
                try await body(server, issuer)
            }
        }
    }

    private func signIn(
        _ server: TestServer, idToken: String, nonce: String? = nil, provider: String = "test", token: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> APIAnswer {
        var fields = ["provider": provider, "idToken": idToken]
        fields["nonce"] = nonce
        return try await server.post("/v1/auth/oidc", fields, token: token, sourceLocation: sourceLocation)
    }

    @Test("GET /v1/auth/providers lists the configured providers by name and client id, and password sign-in")
    func providers() async throws {
        try await withServer { server, issuer in
            let answer = try await server.call("GET", "/v1/auth/providers")
            #expect(answer.status == 200)
            #expect(
                answer.json == .object([
                    "providers": .array([.object(["name": .string("test"), "clientId": .string(issuer.audience)])]), "password": .bool(true),
                ]))
        }
    }

    @Test("a new identity makes a new player (201); signing in with it again is that player (200) on a new device")
    func newThenKnownIdentity() async throws {
        try await withServer { server, issuer in
            let first = try await signIn(server, idToken: try await issuer.idToken(subject: "ada", nonce: "n-1", email: "ada@example.org"), nonce: "n-1")
            #expect(first.status == 201)
            let created = try first.signedIn()
            #expect(created.identities == [.init(provider: "test", email: "ada@example.org")])
            let second = try await signIn(server, idToken: try await issuer.idToken(subject: "ada"))
            #expect(second.status == 200)
            let again = try second.signedIn()
            #expect(again.playerId == created.playerId)
            #expect(again.token != created.token)
            #expect(try await server.meStatus(token: created.token) == 200)
            #expect(try await server.meStatus(token: again.token) == 200)
            #expect(try await server.devices(token: again.token).count == 2)
            // Another subject is another player.
            let other = try await signIn(server, idToken: try await issuer.idToken(subject: "bo"))
            #expect(other.status == 201)
            #expect(try other.signedIn().playerId != created.playerId)
        }
    }

    @Test("an anonymous player links an identity with its token: the same player and token (200)")
    func anonymousPlayerLinks() async throws {
        try await withServer { server, issuer in
            try await server.withConnections(1) { connections in
                let welcome = try await connections[0].hello(name: "Ada")
                let linked = try await signIn(server, idToken: try await issuer.idToken(subject: "ada"), token: welcome.token)
                #expect(linked.status == 200)
                let answer = try linked.signedIn()
                #expect(answer.playerId == welcome.playerId)
                #expect(answer.name == "Ada")
                #expect(answer.token == welcome.token)
                // On a new device the identity signs in as that player.
                let elsewhere = try await signIn(server, idToken: try await issuer.idToken(subject: "ada")).signedIn()
                #expect(elsewhere.playerId == welcome.playerId)
                // An unknown bearer token is refused, not taken for "no token".
                let stale = try await signIn(server, idToken: try await issuer.idToken(subject: "cy"), token: "no-such-token")
                #expect(stale.status == 401)
                #expect(stale.errorCode == "unauthorized")
            }
        }
    }

    /// Each kind of bad token, made by the issuer.
    enum BadToken: String, CaseIterable, Sendable {
        case badSignature, wrongIssuer, wrongAudience, expired, issuedInFuture, nonceMismatch, algNone, hmac, unknownProvider, garbage
    }

    @Test("every bad ID token is 401 invalid_credentials and makes no player", arguments: BadToken.allCases)
    func badTokens(_ bad: BadToken) async throws {
        try await withServer { server, issuer in
            var provider = "test"
            var nonce: String?
            let idToken: String
            switch bad {
            case .badSignature: idToken = try await issuer.idToken(signing: .impostor)
            case .wrongIssuer: idToken = try await issuer.idToken(issuer: "https://elsewhere.example")
            case .wrongAudience: idToken = try await issuer.idToken(audience: ["someone-else"])
            case .expired: idToken = try await issuer.idToken(issuedAt: issuer.date(secondsFromNow: -900), expiresAt: issuer.date(secondsFromNow: -120))
            case .issuedInFuture: idToken = try await issuer.idToken(issuedAt: issuer.date(secondsFromNow: 300))
            case .nonceMismatch:
                idToken = try await issuer.idToken(nonce: "n-1")
                nonce = "n-2"
            case .algNone: idToken = try await issuer.idToken(signing: .unsigned)
            case .hmac: idToken = try await issuer.idToken(signing: .hmac)
            case .unknownProvider:
                idToken = try await issuer.idToken()
                provider = "myspace"
            case .garbage: idToken = "not.a.jwt"
            }
            let answer = try await signIn(server, idToken: idToken, nonce: nonce, provider: provider)
            #expect(answer.status == 401)
            #expect(answer.errorCode == "invalid_credentials")
            #expect(!answer.text.contains(idToken))
            // The identity was not linked: a good token for the same subject makes a new player.
            #expect(try await signIn(server, idToken: try await issuer.idToken()).status == 201)
        }
    }

    @Test("a key the provider starts publishing later is fetched on its unknown kid, once the minute since the last fetch is over")
    func keyRotation() async throws {
        let clock = ManualGameClock()
        try await withServer(clock: clock) { server, issuer in
            #expect(try await signIn(server, idToken: try await issuer.idToken(subject: "ada")).status == 201)
            let fetches = issuer.keyFetches
            let kid = try await issuer.addKey(.rs256)
            // Within the minute of the first fetch an unknown kid is refused without a fetch.
            let early = try await signIn(server, idToken: try await issuer.idToken(subject: "ada", kid: kid))
            #expect(early.status == 401)
            #expect(issuer.keyFetches == fetches)
            clock.advance(byMillis: 60_001)
            let rotated = try await signIn(server, idToken: try await issuer.idToken(subject: "ada", kid: kid))
            #expect(rotated.status == 200)
            #expect(issuer.keyFetches == fetches + 1)
        }
    }

    @Test("after DELETE /v1/me the same identity signs in as a new player (201)")
    func deletedPlayerStartsAfresh() async throws {
        try await withServer { server, issuer in
            let first = try await signIn(server, idToken: try await issuer.idToken(subject: "ada")).signedIn()
            #expect(try await server.call("DELETE", "/v1/me", authorization: "Bearer \(first.token)").status == 204)
            #expect(try await server.meStatus(token: first.token) == 401)
            let again = try await signIn(server, idToken: try await issuer.idToken(subject: "ada"))
            #expect(again.status == 201)
            #expect(try again.signedIn().playerId != first.playerId)
        }
    }

    @Test("a banned player's identity is refused with 403 banned, and no device is left behind")
    func bannedPlayer() async throws {
        try await withServer { server, issuer in
            let first = try await signIn(server, idToken: try await issuer.idToken(subject: "ada")).signedIn()
            let ban = try await server.call(
                "POST", "/v1/admin/players/\(first.playerId)/ban", authorization: TestServer.adminAuthorization, body: Data("{}".utf8))
            #expect(ban.status == 200 || ban.status == 201)
            let refused = try await signIn(server, idToken: try await issuer.idToken(subject: "ada"))
            #expect(refused.status == 403)
            #expect(refused.errorCode == "banned")
            let lifted = try await server.call(
                "DELETE", "/v1/admin/players/\(first.playerId)/ban", authorization: TestServer.adminAuthorization)
            #expect(lifted.status < 300)
            #expect(try await server.devices(token: first.token).count == 1)
        }
    }
}
