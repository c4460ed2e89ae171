import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// Health, metrics, room info, the WebSocket path without an upgrade, the page, and what the
/// router answers for paths and methods it does not know.
@Suite("HTTP status routes")
struct StatusRoutesTests {
    @Test("health, metrics, the page and HEAD / answer as documented")
    func fixedRoutes() async throws {
        try await TestServer.with { server in
            let health = try await server.call("GET", "/v1/health")
            #expect(health.status == 200)
            let metrics = try await server.call("GET", "/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.text.contains("doodle_rooms"))
            let page = try await server.call("GET", "/")
            #expect(page.status == 200)
            #expect(page.text.contains("<html"))
            let head = try await server.call("HEAD", "/")
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
        }
    }

    @Test("GET /v1/ws without an upgrade is 426 upgrade_required")
    func webSocketPathWithoutUpgrade() async throws {
        try await TestServer.with { server in
            let answer = try await server.call("GET", "/v1/ws")
            #expect(answer.status == 426)
            #expect(answer.errorCode == "upgrade_required")
        }
    }

    @Test("room info: 200 for a live room in any case, 400 for a malformed code, 404 for none, then 429")
    func roomInfo() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Ada")
                let room = try await connections[0].createRoom()
                let info = try await server.call("GET", "/v1/rooms/\(room.code.lowercased())")
                #expect(info.status == 200)
                #expect(info.json?["code"] == .string(room.code))
                #expect(info.json?["phase"] == .string("lobby"))
            }
            let malformed = try await server.call("GET", "/v1/rooms/nope")
            #expect(malformed.status == 400)
            #expect(malformed.errorCode == "bad_message")
            let missing = try await server.call("GET", "/v1/rooms/ZZZZZZ")
            #expect(missing.status == 404)
            // Lookups share joinRoom's limit of 10 a minute per address; 3 are used above.
            var statuses: [Int] = []
            for _ in 0..<8 { statuses.append(try await server.call("GET", "/v1/rooms/YYYYYY").status) }
            #expect(statuses == Array(repeating: 404, count: 7) + [429], "\(statuses)")
        }
    }

    @Test("an unknown path is 404, a known path with another method 405 with Allow; both with the error body")
    func unroutedRequests() async throws {
        try await TestServer.with { server in
            let document = try TestServer.apiDocument.get()
            let cases: [(method: String, path: String, status: Int, code: String, allow: String?)] = [
                ("GET", "/v1/nothing", 404, "not_found", nil),
                ("GET", "/v1/drawings/d1/extra", 404, "not_found", nil),
                ("POST", "/v1/health", 405, "method_not_allowed", "GET"),
                ("PUT", "/v1/me", 405, "method_not_allowed", "DELETE, GET"),
                ("POST", "/v1/drawings/d1.svg", 405, "method_not_allowed", "GET"),
            ]
            for expected in cases {
                let answer = try await server.send(expected.method, expected.path)
                let label = "\(expected.method) \(expected.path)"
                #expect(answer.status == expected.status, "\(label)")
                #expect(answer.errorCode == expected.code, "\(label)")
                #expect(answer.allow == expected.allow, "\(label)")
                // Undocumented on purpose: the document checker must refuse it.
                let problems = document.problems(
                    method: expected.method, path: expected.path, status: answer.status, contentType: answer.contentType,
                    body: answer.body)
                #expect(!problems.isEmpty, "\(label)")
            }
        }
    }
}
