import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// The archive routes on a live server whose database holds one seeded game; every answer is
/// checked against docs/openapi.json by `TestServer.call`.
@Suite("HTTP archive routes")
struct ArchiveRoutesTests {
    private func withSeededServer(
        _ body: @Sendable (TestServer, ArchiveSeed, _ drawerToken: String) async throws -> Void
    ) async throws {
        try await ArchiveSeed.withSeededServer { server, seed, drawer, _ in try await body(server, seed, drawer.token) }
    }

    @Test("leaderboard: ranked players, limit respected")
    func leaderboard() async throws {
        try await withSeededServer { server, seed, _ in
            let board = try await server.call("GET", "/v1/leaderboard")
            #expect(board.status == 200)
            let players = try #require(board.json?["players"].flatMap(Self.array))
            #expect(players.map { $0["playerId"] } == [.string(seed.guesser), .string(seed.drawer)])
            #expect(players.map { $0["rank"] } == [.integer(1), .integer(2)])
            let top = try await server.call("GET", "/v1/leaderboard?limit=1")
            #expect(top.json?["players"].flatMap(Self.array)?.count == 1)
        }
    }

    @Test("a game: ranking, drawings, and custom words only as their count; an unknown id is 404")
    func game() async throws {
        try await withSeededServer { server, seed, _ in
            let game = try await server.call("GET", "/v1/games/\(seed.gameId)")
            #expect(game.status == 200)
            #expect(game.json?["ranking"].flatMap(Self.array)?.count == 2)
            #expect(game.json?["drawings"].flatMap(Self.array)?.compactMap { $0["id"]?.stringValue } == seed.drawingIds)
            #expect(game.json?["settings"]?["customWordCount"] == .integer(1))
            #expect(!game.text.contains("secret"))
            let missing = try await server.call("GET", "/v1/games/g_nothing")
            #expect(missing.status == 404)
            #expect(missing.errorCode == "not_found")
        }
    }

    @Test("a drawing as JSON and as SVG; unknown ids are 404 in both forms")
    func drawing() async throws {
        try await withSeededServer { server, seed, _ in
            let drawing = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0])")
            #expect(drawing.status == 200)
            #expect(drawing.json?["actions"].flatMap(Self.array)?.count == seed.drawings[0].actions.count)
            #expect(drawing.json?["guessers"].flatMap(Self.array)?.first?["playerId"] == .string(seed.guesser))
            let svg = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0]).svg")
            #expect(svg.status == 200)
            #expect(svg.contentType?.hasPrefix("image/svg+xml") == true)
            #expect(svg.text.contains("<svg"))
            for path in ["/v1/drawings/d_nothing", "/v1/drawings/d_nothing.svg"] {
                let missing = try await server.call("GET", path)
                #expect(missing.status == 404, "\(path)")
                #expect(missing.errorCode == "not_found", "\(path)")
            }
        }
    }

    @Test("a player's drawings page by page with nextBefore; an unknown player is 404")
    func playerDrawingPages() async throws {
        try await withSeededServer { server, seed, _ in
            let first = try await server.call("GET", "/v1/players/\(seed.drawer)/drawings?limit=1")
            #expect(first.status == 200)
            #expect(first.json?["drawings"].flatMap(Self.array)?.map { $0["id"] } == [.string(seed.drawingIds[1])])
            let cursor = try #require(first.json?["nextBefore"]?.stringValue)
            let encoded = try #require(cursor.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed))
            let second = try await server.call("GET", "/v1/players/\(seed.drawer)/drawings?limit=1&before=\(encoded)")
            #expect(second.json?["drawings"].flatMap(Self.array)?.map { $0["id"] } == [.string(seed.drawingIds[0])])
            let last = try await server.call("GET", "/v1/players/\(seed.drawer)/drawings?before=\(encoded)&limit=5")
            #expect(last.json?["nextBefore"] == .null)
            // A known player who drew nothing has an empty page; no player at all is a 404.
            let none = try await server.call("GET", "/v1/players/\(seed.guesser)/drawings")
            #expect(none.status == 200)
            #expect(none.json?["drawings"] == .array([]))
            let unknown = try await server.call("GET", "/v1/players/p_nobody/drawings")
            #expect(unknown.status == 404)
            #expect(unknown.errorCode == "not_found")
        }
    }

    static let badLimits = ["0", "101", "-1", "abc", "1.5", "", "99999999999999999999", "%201"]
    static let limitedPaths = ["/v1/leaderboard", "/v1/players/p_any/drawings"]

    @Test("limit outside 1…100 or not an integer is a 400 naming the bounds", arguments: limitedPaths)
    func badLimit(_ path: String) async throws {
        try await TestServer.with { server in
            for limit in Self.badLimits {
                let answer = try await server.call("GET", "\(path)?limit=\(limit)")
                #expect(answer.status == 400, "limit=\(limit)")
                #expect(answer.errorCode == "bad_message", "limit=\(limit)")
                #expect(answer.json?["error"]?["message"]?.stringValue?.contains("1 to 100") == true, "limit=\(limit)")
            }
            for limit in ["1", "100"] {
                let answer = try await server.call("GET", "\(path)?limit=\(limit)")
                #expect(answer.status != 400, "limit=\(limit)")
            }
        }
    }

    @Test("before that is not an earlier page's nextBefore is a 400")
    func badBefore() async throws {
        try await TestServer.with { server in
            for before in ["abc", "12", ".d_x", "-5.d_x", "12.", ""] {
                let answer = try await server.call("GET", "/v1/players/p_any/drawings?before=\(before)")
                #expect(answer.status == 400, "before=\(before)")
                #expect(answer.errorCode == "bad_message", "before=\(before)")
            }
            let wellFormed = try await server.call("GET", "/v1/players/p_any/drawings?before=1700000000000.d_x")
            #expect(wellFormed.status == 404)
        }
    }

    static func array(_ value: JSONValue) -> [JSONValue]? {
        if case .array(let elements) = value { elements } else { nil }
    }
}
