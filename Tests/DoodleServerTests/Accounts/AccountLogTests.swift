import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Synchronization
import Testing

/// The contract: no password, ID token, bearer token, link code or admin token ever reaches a
/// log line. A server logging everything (trace) is taken through every account flow, good and
/// bad, and its log is searched for each secret it was given or gave out.
@Suite("Accounts: nothing secret in the log, live")
struct AccountLogTests {
    @Test("every account flow, logged at trace level, leaves no secret in the log", .timeLimit(.minutes(2)))
    func noSecretsLogged() async throws {
        let log = CapturedLog()
        let secrets = Secrets()
        try await TestIssuer.run { issuer in
            try await TestServer.with(oidcProviders: [issuer.provider(name: "test")], logger: log.logger) { server in
                secrets.add(TestServer.adminTokenText)
                // OpenID Connect: a good token, each kind of bad one, a link with a bearer token.
                let good = try await issuer.idToken(subject: "ada", nonce: "nonce-1", email: "ada@example.org")
                let bad = [
                    try await issuer.idToken(signing: .impostor), try await issuer.idToken(signing: .unsigned),
                    try await issuer.idToken(audience: ["other"]), try await issuer.idToken(nonce: "nonce-2"),
                ]
                for token in [good] + bad { secrets.add(token) }
                let ada = try await server.post("/v1/auth/oidc", ["provider": "test", "idToken": good, "nonce": "nonce-1"]).signedIn()
                secrets.add(ada.token)
                for token in bad {
                    #expect(try await server.post("/v1/auth/oidc", ["provider": "test", "idToken": token, "nonce": "nonce-1"]).status == 401)
                }
                // Passwords: register, weak, taken, good and bad logins up to the lockout.
                let password = "tangerine submarine orchestra 42"
                let wrong = "tangerine submarine orchestra 43"
                let weak = "password123"
                for secret in [password, wrong, weak] { secrets.add(secret) }
                let registered = try await server.register(email: "ada@example.org", password: password, token: ada.token)
                #expect(registered.status == 201)
                #expect(try await server.register(email: "bo@example.org", password: weak).status == 400)
                #expect(try await server.register(email: "ada@example.org", password: password).status == 409)
                let phone = try await server.login(email: "ada@example.org", password: password).signedIn()
                secrets.add(phone.token)
                for _ in 0..<6 { _ = try await server.login(email: "ada@example.org", password: wrong) }
                _ = try await server.login(email: "nobody@example.org", password: password)
                // A link code, redeemed, then tried again.
                let codeAnswer = try await server.call("POST", "/v1/me/link-code", authorization: "Bearer \(ada.token)")
                let code = try #require(codeAnswer.json?["code"]?.stringValue)
                secrets.add(code)
                secrets.add(code.replacingOccurrences(of: "-", with: ""))
                let tablet = try await server.post("/v1/auth/link", ["code": code]).signedIn()
                secrets.add(tablet.token)
                #expect(try await server.post("/v1/auth/link", ["code": code]).status == 401)
                // Devices: listed, a connection with one, that one removed while connected.
                let devices = try await server.devices(token: ada.token)
                try await server.withConnections(1) { connections in
                    _ = try await connections[0].hello(name: "Ada", token: tablet.token)
                    let tabletId = try #require(try await server.devices(token: tablet.token).first(where: \.current)?.id)
                    #expect(try await server.call("DELETE", "/v1/me/sessions/\(tabletId)", authorization: "Bearer \(ada.token)").status == 204)
                    #expect(try await connections[0].waitForClose().code == 4002)
                }
                #expect(devices.count >= 2)
                // A removed token, an unknown one, and the admin token at work.
                #expect(try await server.meStatus(token: tablet.token) == 401)
                #expect(try await server.meStatus(token: "an-unknown-token-0123456789") == 401)
                secrets.add("an-unknown-token-0123456789")
                let reports = try await server.call("GET", "/v1/admin/reports", authorization: TestServer.adminAuthorization)
                #expect(reports.status == 200)
                _ = try await server.call("GET", "/v1/admin/reports", authorization: "Bearer wrong-admin-token-0123456789-abcdefgh")
                secrets.add("wrong-admin-token-0123456789-abcdefgh")
                // An anonymous player, and the deletion of the account.
                try await server.withConnections(1) { connections in
                    secrets.add(try await connections[0].hello(name: "Cy").token)
                }
                #expect(try await server.call("DELETE", "/v1/me", authorization: "Bearer \(phone.token)").status == 204)
            }
        }
        let lines = log.all
        #expect(lines.count > 20, "the server logged almost nothing: \(lines.count) lines")
        for secret in secrets.all {
            let leaks = lines.filter { $0.contains(secret) }
            #expect(leaks.isEmpty, "a secret (\(secret.count) characters, starting \(secret.prefix(4))…) was logged: \(leaks.prefix(3))")
        }
    }
}

/// The secrets a test handed out or was given, to look for afterwards.
private final class Secrets: Sendable {
    private let values = Mutex<[String]>([])

    func add(_ secret: String) { values.withLock { $0.append(secret) } }

    var all: [String] { values.withLock { $0 } }
}
