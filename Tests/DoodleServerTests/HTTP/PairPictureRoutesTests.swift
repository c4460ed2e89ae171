import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

/// Pictures of pair drawings: `GET /v1/drawings/{id}.png` for the two partners only, and
/// `GET /v1/me/latest-received.png` with the starter drawing before anything came; answers
/// checked against docs/openapi.json.
@Suite("HTTP picture routes: pair drawings and the latest received")
struct PairPictureRoutesTests {
    @Test("a pair drawing's PNG is its partners' only, private to them; anyone else gets the unknown id's 404")
    func privacy() async throws {
        try await PairReadRoutesTests.withPlayers { server, seed, ada, bob, cy in
            try await seed.send("d_private", in: "pr_1", from: ada, to: bob, at: 1_000, word: "lighthouse")
            var tags: [String?] = []
            for authorization in ["Bearer \(ada.token)", "Bearer \(bob.token)"] {
                let answer = try await server.call("GET", "/v1/drawings/d_private.png?size=128", authorization: authorization)
                #expect(answer.status == 200)
                #expect(PictureRoutesTests.dimensions(answer.body).map { [$0.width, $0.height] } == [128, 128])
                #expect(answer.cacheControl == "private, no-cache")
                tags.append(answer.eTag)
            }
            #expect(tags[0] != nil && tags[0] == tags[1])
            let unknown = try await server.call("GET", "/v1/drawings/d_nobody.png", authorization: "Bearer \(ada.token)")
            #expect(unknown.status == 404)
            for authorization in ["Bearer \(cy.token)", nil, "Bearer not-a-token"] {
                let answer = try await server.call("GET", "/v1/drawings/d_private.png", authorization: authorization)
                #expect(answer.status == 404, "with \(authorization ?? "no header")")
                #expect(answer.errorCode == "not_found")
                // Not even a matching If-None-Match tells a stranger the drawing exists.
                let probe = try await server.call(
                    "GET", "/v1/drawings/d_private.png?size=128", authorization: authorization, headers: ["If-None-Match": tags[0] ?? "*"])
                #expect(probe.status == 404)
            }
        }
    }

    @Test("latest-received.png: the starter drawing before anything came, then the newest drawing to the caller, each with 304s")
    func latestReceived() async throws {
        // The seed stores drawings without the pair room, so no invalidation follows: the widget
        // cache is off here, and LatestHeadCacheRouteTests covers the room's path with it on.
        try await PairReadRoutesTests.withPlayers(widgetCacheEntries: 0) { server, seed, ada, bob, _ in
            let bobAuth = "Bearer \(bob.token)"
            let starter = try await server.call("GET", "/v1/me/latest-received.png?size=256", authorization: bobAuth)
            #expect(starter.status == 200)
            #expect(starter.contentType == "image/png")
            #expect(PictureRoutesTests.dimensions(starter.body).map { [$0.width, $0.height] } == [256, 256])
            #expect(starter.cacheControl == "private, no-cache")
            let starterTag = try #require(starter.eTag)
            let unchanged = try await server.call("GET", "/v1/me/latest-received.png?size=256", authorization: bobAuth, headers: ["If-None-Match": starterTag])
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)

            try await seed.send("d_first", in: "pr_1", from: ada, to: bob, at: 1_000, word: "one")
            try await seed.send("d_mine", in: "pr_1", from: bob, to: ada, at: 2_000, word: "two")
            let arrived = try await server.call("GET", "/v1/me/latest-received.png?size=256", authorization: bobAuth, headers: ["If-None-Match": starterTag])
            #expect(arrived.status == 200, "a new drawing is a new picture")
            #expect(arrived.eTag != starterTag)
            #expect(arrived.body != starter.body)
            let direct = try await server.call("GET", "/v1/drawings/d_first.png?size=256", authorization: bobAuth)
            #expect(direct.eTag == arrived.eTag && direct.body == arrived.body, "the latest is the drawing d_first itself")
            let again = try await server.call("GET", "/v1/me/latest-received.png?size=256", authorization: bobAuth, headers: ["If-None-Match": arrived.eTag ?? ""])
            #expect(again.status == 304)
        }
    }

    @Test("latest-received.png needs a token and a good size")
    func refused() async throws {
        try await PairReadRoutesTests.withPlayers { server, _, _, bob, _ in
            for authorization in [nil, "Bearer not-a-token"] {
                let answer = try await server.call("GET", "/v1/me/latest-received.png", authorization: authorization)
                #expect(answer.status == 401)
            }
            let bad = try await server.call("GET", "/v1/me/latest-received.png?size=2000", authorization: "Bearer \(bob.token)")
            #expect(bad.status == 400)
        }
    }
}
