import DoodleTestSupport
import Foundation
import Testing

/// Who reaches the admin API: nobody without `--admin-token`, and with it only requests that
/// carry the token, from an address not locked out for guessing it.
@Suite("Admin API access")
struct AdminAccessTests {
    static let closeBody = Data(#"{"reason":"test"}"#.utf8)

    @Test("without an admin token every admin path answers 404 like an unknown path")
    func absentWithoutToken() async throws {
        try await TestServer.with(adminToken: nil) { server in
            for (method, path) in [
                ("POST", "/v1/admin/rooms/ABCDEF/close"), ("GET", "/v1/admin/reports"), ("GET", "/v1/admin/audit"),
                ("POST", "/v1/admin/players/p_x/ban"), ("DELETE", "/v1/admin/drawings/d_x"), ("GET", "/admin"),
            ] {
                let answer = try await server.send(method, path, authorization: TestServer.adminAuthorization, body: method == "GET" ? nil : Self.closeBody)
                #expect(answer.status == 404, "\(method) \(path)")
                #expect(answer.errorCode == "not_found", "\(method) \(path): \(answer.text)")
                #expect(answer.json?["error"]?["message"]?.stringValue?.hasPrefix("no route") == true, "\(method) \(path): \(answer.text)")
            }
        }
    }

    @Test("a missing, malformed or wrong token is 401 unauthorized; the right one gets through")
    func unauthorized() async throws {
        try await TestServer.with { server in
            for authorization in [nil, "Basic \(TestServer.adminTokenText)", "Bearer", "Bearer wrong", "Bearer \(TestServer.adminTokenText)x"] {
                let answer = try await server.call("POST", "/v1/admin/rooms/ABCDEF/close", authorization: authorization, body: Self.closeBody)
                #expect(answer.status == 401, "\(authorization ?? "no header")")
                #expect(answer.errorCode == "unauthorized")
            }
            let through = try await server.call("POST", "/v1/admin/rooms/ABCDEF/close", authorization: TestServer.adminAuthorization, body: Self.closeBody)
            #expect(through.status == 404)
            #expect(through.errorCode == "room_not_found")
        }
    }

    @Test("ten wrong tokens a minute from one address lock it out with 429 and Retry-After, the right token too; other addresses are not")
    func lockout() async throws {
        try await TestServer.with(trustedProxies: ["127.0.0.1"]) { server in
            let guesser = ["X-Forwarded-For": "203.0.113.9"]
            for attempt in 1...10 {
                let answer = try await server.call(
                    "POST", "/v1/admin/rooms/ABCDEF/close", authorization: "Bearer guess-\(attempt)", body: Self.closeBody, headers: guesser)
                #expect(answer.status == 401, "attempt \(attempt)")
            }
            let locked = try await server.call("POST", "/v1/admin/rooms/ABCDEF/close", authorization: TestServer.adminAuthorization, body: Self.closeBody, headers: guesser)
            #expect(locked.status == 429)
            #expect(locked.errorCode == "rate_limited")
            let retryAfter = try #require(locked.retryAfter.flatMap(Int.init))
            #expect((1...60).contains(retryAfter))
            let operatorElsewhere = try await server.call(
                "POST", "/v1/admin/rooms/ABCDEF/close", authorization: TestServer.adminAuthorization, body: Self.closeBody, headers: ["X-Forwarded-For": "203.0.113.10"])
            #expect(operatorElsewhere.status == 404, "\(operatorElsewhere.text)")
        }
    }
}
