import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// `DELETE /v1/admin/drawings/{id}`, live: a party game's drawing and a pair drawing.
@Suite("Deleting drawings, live")
struct DeleteDrawingTests {
    @Test("a deleted party drawing is 404 as JSON, SVG and PNG (a cached PNG too); its game and its drawer list the rest")
    func partyDrawing() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, drawer, _ in
            let (gone, kept) = (seed.drawingIds[0], seed.drawingIds[1])
            // Rendered and cached before the deletion.
            #expect(try await server.call("GET", "/v1/drawings/\(gone).png?size=64").status == 200)

            let answer = try await server.call("DELETE", "/v1/admin/drawings/\(gone)", authorization: TestServer.adminAuthorization)
            #expect(answer.status == 204, "\(answer.text)")

            for path in ["/v1/drawings/\(gone)", "/v1/drawings/\(gone).svg", "/v1/drawings/\(gone).png?size=64", "/v1/drawings/\(gone).png"] {
                let read = try await server.call("GET", path)
                #expect(read.status == 404, "\(path)")
                #expect(read.errorCode == "not_found", "\(path)")
            }
            #expect(try await server.call("GET", "/v1/drawings/\(kept).png?size=64").status == 200)
            let game = try await server.call("GET", "/v1/games/\(seed.gameId)")
            #expect(game.text.contains(kept) && !game.text.contains(gone), "\(game.text)")
            let listed = try await server.call("GET", "/v1/players/\(drawer.playerId)/drawings")
            #expect(listed.text.contains(kept) && !listed.text.contains(gone), "\(listed.text)")

            let again = try await server.call("DELETE", "/v1/admin/drawings/\(gone)", authorization: TestServer.adminAuthorization)
            #expect(again.status == 404)
            #expect(again.errorCode == "not_found")
        }
    }

    @Test("a deleted pair drawing leaves the recipient's room (a fresh roomState) and its widget falls back to the one before")
    func pairDrawing() async throws {
        try await PairActionRoutesTests.withLivePair { pair in
            let first = try await PairActionRoutesTests.adaSends(pair, "c_delete_0001", word: "kite")
            let tagOfFirst = try await WidgetCacheRoutesTests.currentTag(pair.server, pair.bobAuth)
            let second = try await PairActionRoutesTests.adaSends(pair, "c_delete_0002", word: "boat")
            let tagOfSecond = try await WidgetCacheRoutesTests.currentTag(pair.server, pair.bobAuth)
            #expect(tagOfSecond != tagOfFirst)

            let answer = try await pair.server.call("DELETE", "/v1/admin/drawings/\(second)", authorization: TestServer.adminAuthorization)
            #expect(answer.status == 204, "\(answer.text)")

            let state = try await pair.bobInRoom.next("roomState")
            let inbox = try #require(state["inbox"] as? [[String: Any]])
            #expect(inbox.compactMap { $0["drawingId"] as? String } == [first], "\(inbox)")
            #expect(try await WidgetCacheRoutesTests.currentTag(pair.server, pair.bobAuth) == tagOfFirst)
            for path in ["/v1/drawings/\(second)", "/v1/drawings/\(second).png"] {
                #expect(try await pair.server.call("GET", path, authorization: pair.bobAuth).status == 404, "\(path)")
            }
            let guess = try await pair.server.call(
                "POST", "/v1/me/pair/drawings/\(second)/guess", authorization: pair.bobAuth, body: Data(#"{"text":"boat"}"#.utf8))
            #expect(guess.status == 404, "\(guess.text)")
        }
    }

    @Test("deleted through one node, a drawing's pictures cached on another are forgotten there too", .timeLimit(.minutes(1)))
    func picturesForgottenOnEveryNode() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: b.url, logger: TestServer.logger) { first in
                try await DoodleClient.withConnection(to: b.url, logger: TestServer.logger) { second in
                    let ids = [try await first.hello(name: "Ada").playerId, try await second.hello(name: "Bob").playerId]
                    let room = try await first.createRoom(settings: RoomModerationTests.oneTurn)
                    _ = try await second.joinRoom(code: room.code)
                    _ = try await first.receive { RoomModerationTests.isEvent($0) { if case .playerJoined = $0 { true } else { false } } }
                    let (drawingId, _, _) = try await RoomModerationTests.playOneTurn([first, second], ids: ids)
                    try await AdminHTTP.waitUntil("node b renders the stored drawing") {
                        try await HTTPProbe.status(b.httpBase + "/v1/drawings/\(drawingId).png?size=64") == 200
                    }
                    #expect(try await Self.cachedPictures(at: b) == 1)

                    let answer = try await AdminHTTP.request("DELETE", a.httpBase + "/v1/admin/drawings/\(drawingId)")
                    #expect(answer.status == 204)
                    try await AdminHTTP.waitUntil("node b forgets the picture") { try await Self.cachedPictures(at: b) == 0 }
                    #expect(try await HTTPProbe.status(b.httpBase + "/v1/drawings/\(drawingId).png?size=64") == 404)
                }
            }
        }
    }

    /// The `doodle_picture_cache_entries` gauge of `node`.
    static func cachedPictures(at node: TestCluster.Node) async throws -> Int? {
        let text = try await AdminHTTP.text(node.httpBase + "/metrics")
        let line = text.split(separator: "\n").first { $0.hasPrefix("doodle_picture_cache_entries ") }
        return line?.split(separator: " ").last.flatMap { Double($0) }.map { Int($0) }
    }
}
