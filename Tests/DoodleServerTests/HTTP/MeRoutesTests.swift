import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// The authenticated `/v1/me` routes: who may call them, and what `DELETE /v1/me` takes away.
@Suite("HTTP /v1/me routes")
struct MeRoutesTests {
    /// Headers that carry no usable token, each refused with 401 `unauthorized`.
    static let refusedAuthorizations: [String?] = [
        nil, "", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer-token abc", "Bearer not-a-token-anyone-holds",
    ]

    @Test("a missing, malformed or unknown token is 401 on every /v1/me route")
    func refusedTokens() async throws {
        try await TestServer.with { server in
            for authorization in Self.refusedAuthorizations {
                for (method, path) in [("GET", "/v1/me"), ("GET", "/v1/me/latest-received"), ("DELETE", "/v1/me")] {
                    let answer = try await server.call(method, path, authorization: authorization)
                    #expect(answer.status == 401, "\(method) \(path) with \(authorization ?? "no header")")
                    #expect(answer.errorCode == "unauthorized", "\(method) \(path) with \(authorization ?? "no header")")
                }
            }
        }
    }

    @Test("a player's token shows its record; the scheme is case-insensitive; nothing received is the starter drawing")
    func ownRecord() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                let welcome = try await connections[0].hello(name: "Ada")
                for scheme in ["Bearer", "bearer", "BEARER"] {
                    let me = try await server.call("GET", "/v1/me", authorization: "\(scheme) \(welcome.token)")
                    #expect(me.status == 200, "\(scheme)")
                    #expect(me.json?["playerId"] == .string(welcome.playerId))
                    #expect(me.json?["name"] == .string("Ada"))
                }
                let latest = try await server.call("GET", "/v1/me/latest-received", authorization: "Bearer \(welcome.token)")
                #expect(latest.status == 200)
                #expect(latest.json?["starter"] == .bool(true))
            }
        }
    }

    @Test("DELETE /v1/me: 204, then the token is unknown and the archive shows a deleted player")
    func deleteMe() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, drawer, guesser in
            let authorization = "Bearer \(drawer.token)"

            let deleted = try await server.call("DELETE", "/v1/me", authorization: authorization)
            #expect(deleted.status == 204)
            #expect(deleted.body.isEmpty)
            for (method, path) in [("GET", "/v1/me"), ("DELETE", "/v1/me"), ("GET", "/v1/me/latest-received")] {
                let after = try await server.call(method, path, authorization: authorization)
                #expect(after.status == 401, "\(method) \(path)")
            }
            let drawing = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0])")
            #expect(drawing.json?["drawer"]?["deleted"] == .bool(true))
            #expect(drawing.json?["drawer"]?["playerId"] == .null)
            #expect(!drawing.text.contains("\"Drawer\""))
            let board = try await server.call("GET", "/v1/leaderboard")
            #expect(!board.text.contains(drawer.playerId))
            let drawings = try await server.call("GET", "/v1/players/\(drawer.playerId)/drawings")
            #expect(drawings.status == 404)
            // The other player is untouched.
            let other = try await server.call("GET", "/v1/me", authorization: "Bearer \(guesser.token)")
            #expect(other.status == 200)
        }
    }
}
