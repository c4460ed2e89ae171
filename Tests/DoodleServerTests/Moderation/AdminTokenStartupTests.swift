import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `--admin-token` on the real `doodle-server` command line.
@Suite("Admin token at start-up")
struct AdminTokenStartupTests {
    @Test("a short admin token stops start-up naming the flag and the variable, never the value")
    func shortTokenStopsStartup() async throws {
        let secret = "hunter2-but-too-short"
        do {
            let server = try await ChildServer.start(arguments: ["--database", ":memory:", "--admin-token", secret])
            server.sendSIGKILL()
            Issue.record("the server started with a \(secret.count)-character admin token")
        } catch ChildServerError.exitedEarly(let log) {
            #expect(log.contains("--admin-token"), "\(log)")
            #expect(log.contains("DOODLE_ADMIN_TOKEN"), "\(log)")
            #expect(log.contains("32"), "\(log)")
            #expect(!log.contains(secret), "the refused value must not be printed: \(log)")
        }
    }

    @Test("a server started with a token serves the admin API, and its log never holds the token")
    func tokenIsNeverLogged() async throws {
        let secret = "a-good-admin-token-" + String(repeating: "z", count: 20)
        try await ChildServer.withScratchArguments(extra: ["--admin-token", secret]) { arguments in
            let server = try await ChildServer.start(arguments: arguments)
            defer { server.sendSIGKILL() }
            var request = URLRequest(url: try #require(URL(string: server.httpBase + "/v1/admin/rooms/ZZZZZZ/close")))
            request.httpMethod = "POST"
            request.setValue("Bearer \(secret)", forHTTPHeaderField: "Authorization")
            request.httpBody = Data(#"{"reason":"test"}"#.utf8)
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as? HTTPURLResponse)?.statusCode == 404, "the token was taken: the unknown room is what is missing")
            #expect(!server.logTail.contains(secret), "\(server.logTail)")
        }
    }
}
