import DoodleCore
import DoodleTestSupport
import Foundation
import GRDB
import Testing

@testable import DoodleStorage

/// A picture's 304 and a cached picture come from the drawing's id and time alone: shown by
/// breaking the stored record behind the server's back, which only a render would notice.
@Suite("HTTP picture routes: 304 and cached pictures read no record")
struct PictureRevisionTests {
    /// Overwrites a drawing's stored record with bytes no decoder accepts.
    static func breakRecord(of id: String, table: String, in server: TestServer) async throws {
        let database = try SQLiteDatabase.open(path: server.databasePath)
        let changed = try await database.pool.write { db in
            try db.execute(sql: "UPDATE \(table) SET record = ? WHERE id = ?", arguments: [Data([0xff, 0xfe, 0xfd]), id])
            return db.changesCount
        }
        #expect(changed == 1)
    }

    @Test("a party drawing whose record is broken: its tag still gets 304 and its cached size 200; only a new render fails")
    func partyDrawing() async throws {
        try await ArchiveSeed.withSeededServer { server, seed, _, _ in
            let path = "/v1/drawings/\(seed.drawingIds[0]).png"
            let cached = try await server.call("GET", path + "?size=128")
            #expect(cached.status == 200)
            let tag = try #require(cached.eTag)
            try await Self.breakRecord(of: seed.drawingIds[0], table: "drawing", in: server)

            let notModified = try await server.call("GET", path + "?size=128", headers: ["If-None-Match": tag])
            #expect(notModified.status == 304)
            #expect(notModified.eTag == tag)
            let again = try await server.call("GET", path + "?size=128")
            #expect(again.status == 200)
            #expect(again.body == cached.body, "from the picture cache, the record unread")
            let render = try await server.send("GET", path + "?size=96")
            #expect(render.status == 500, "a size not yet rendered needs the record, which is broken")
            #expect(render.errorCode == "internal")
        }
    }

    @Test("a pair drawing whose record is broken: its partners' 304 and cached picture need no record; a stranger still gets 404")
    func pairDrawing() async throws {
        try await PairReadRoutesTests.withPlayers(widgetCacheEntries: 0) { server, seed, ada, bob, cy in
            try await seed.send("d_broken", in: "pr_1", from: ada, to: bob, at: 1_000, word: "kite")
            let path = "/v1/drawings/d_broken.png?size=128"
            let cached = try await server.call("GET", path, authorization: "Bearer \(bob.token)")
            let tag = try #require(cached.eTag)
            try await Self.breakRecord(of: "d_broken", table: "pair_drawing", in: server)

            for token in [ada.token, bob.token] {
                let notModified = try await server.call("GET", path, authorization: "Bearer \(token)", headers: ["If-None-Match": tag])
                #expect(notModified.status == 304)
                #expect(try await server.call("GET", path, authorization: "Bearer \(token)").body == cached.body)
            }
            let widget = try await server.call(
                "GET", "/v1/me/latest-received.png?size=128", authorization: "Bearer \(bob.token)", headers: ["If-None-Match": tag])
            #expect(widget.status == 304, "the widget names the same picture")
            let stranger = try await server.call("GET", path, authorization: "Bearer \(cy.token)", headers: ["If-None-Match": tag])
            #expect(stranger.status == 404)
        }
    }
}
