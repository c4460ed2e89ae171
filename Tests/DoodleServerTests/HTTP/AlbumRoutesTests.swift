import DoodleCore
import DoodlePictures
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

/// `GET /v1/drawings/{id}.gif` and a game's albums (`album.gif`, `album.png`) on a live server
/// holding one seeded game of two drawings; answers are checked against docs/openapi.json.
@Suite("HTTP GIF and album routes")
struct AlbumRoutesTests {
    @Test("a drawing as a GIF: 256 px by default, a replay held 2 s at its end, looping, with its own ETag and 304s")
    func drawingGIF() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let path = "/v1/drawings/\(seed.drawingIds[0]).gif"
            let gif = try await server.call("GET", path)
            #expect(gif.status == 200)
            #expect(gif.contentType == "image/gif")
            #expect(gif.cacheControl?.hasPrefix("public") == true)
            let structure = try #require(GIFStructure(gif.body))
            #expect(structure.width == 256 && structure.height == 256)
            #expect(structure.loopsForever)
            // The seed's drawing leaves a stroke and a fill: two frames, the last held.
            #expect(structure.frames.map(\.delay) == [50, 200])
            let png = try await server.call("GET", "/v1/drawings/\(seed.drawingIds[0]).png?size=256")
            let tag = try #require(gif.eTag)
            #expect(tag != png.eTag)
            let cached = try await server.call("GET", path, headers: ["If-None-Match": tag])
            #expect(cached.status == 304 && cached.body.isEmpty)
            // A PNG's tag does not stand for the GIF.
            #expect(try await server.call("GET", path, headers: ["If-None-Match": png.eTag ?? ""]).status == 200)
            let small = try await server.call("GET", "\(path)?size=64")
            #expect(GIFStructure(small.body).map { [$0.width, $0.height] } == [64, 64])
            for size in ["63", "513", "1024", "x"] {
                let bad = try await server.call("GET", "\(path)?size=\(size)")
                #expect(bad.status == 400 && bad.errorCode == "bad_message", "size \(size)")
            }
            #expect(try await server.call("GET", "/v1/drawings/d_nothing.gif").status == 404)
        }
    }

    @Test("a pair drawing's GIF is its partners' only; anyone else gets the unknown id's 404")
    func pairGIF() async throws {
        try await PairReadRoutesTests.withPlayers { server, seed, ada, bob, cy in
            try await seed.send("d_private_gif", in: "pr_1", from: ada, to: bob, at: 1_000, word: "lighthouse")
            for authorization in ["Bearer \(ada.token)", "Bearer \(bob.token)"] {
                let answer = try await server.call("GET", "/v1/drawings/d_private_gif.gif?size=128", authorization: authorization)
                #expect(answer.status == 200)
                #expect(answer.cacheControl == "private, no-cache")
                #expect(GIFStructure(answer.body)?.width == 128)
            }
            for authorization in ["Bearer \(cy.token)", nil] {
                let answer = try await server.call("GET", "/v1/drawings/d_private_gif.gif", authorization: authorization)
                #expect(answer.status == 404 && answer.errorCode == "not_found")
            }
        }
    }

    @Test("the album GIF holds every drawing of the game with a caption band; the sheet is a grid of them")
    func albums() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let gif = try await server.call("GET", "/v1/games/\(seed.gameId)/album.gif?size=128")
            #expect(gif.status == 200)
            #expect(gif.contentType == "image/gif")
            let structure = try #require(GIFStructure(gif.body))
            #expect(structure.width == 128 && structure.height > 128)
            #expect(structure.heldFrames == seed.drawingIds.count)
            #expect(structure.loopsForever)

            let sheet = try await server.call("GET", "/v1/games/\(seed.gameId)/album.png")
            #expect(sheet.status == 200)
            #expect(sheet.contentType == "image/png")
            let layout = AlbumSheetRenderer.layout(pages: seed.drawingIds.count, cellSize: 256)
            #expect(PictureRoutesTests.dimensions(sheet.body).map { [$0.width, $0.height] } == [layout.width, layout.height])

            for path in ["album.gif", "album.png"] {
                let first = try await server.call("GET", "/v1/games/\(seed.gameId)/\(path)")
                let tag = try #require(first.eTag)
                #expect(try await server.call("GET", "/v1/games/\(seed.gameId)/\(path)", headers: ["If-None-Match": tag]).status == 304)
                let missing = try await server.call("GET", "/v1/games/g_nothing/\(path)")
                #expect(missing.status == 404 && missing.errorCode == "not_found")
                #expect(try await server.call("GET", "/v1/games/\(seed.gameId)/\(path)?size=600").status == 400)
            }
        }
    }

    @Test("deleting a drawing takes it out of the album: a new tag, one drawing fewer, the old tag no longer 304")
    func deletedDrawingLeavesTheAlbum() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let path = "/v1/games/\(seed.gameId)/album.gif?size=64"
            let before = try await server.call("GET", path)
            let tag = try #require(before.eTag)
            #expect(GIFStructure(before.body)?.heldFrames == 2)
            #expect(try await server.call("DELETE", "/v1/admin/drawings/\(seed.drawingIds[0])", authorization: TestServer.adminAuthorization).status == 204)
            let after = try await server.call("GET", path, headers: ["If-None-Match": tag])
            #expect(after.status == 200)
            #expect(after.eTag != tag)
            #expect(GIFStructure(after.body)?.heldFrames == 1)
            #expect(try await server.call("DELETE", "/v1/admin/drawings/\(seed.drawingIds[1])", authorization: TestServer.adminAuthorization).status == 204)
            let empty = try await server.call("GET", path)
            #expect(empty.status == 404 && empty.errorCode == "not_found")
        }
    }
}
