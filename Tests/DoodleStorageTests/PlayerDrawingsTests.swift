import DoodleStorage
import Testing

import DoodleCore

@Suite("A player's drawings, page by page")
struct PlayerDrawingsTests {
    @Test("pages run newest first with a keyset cursor, stable while new drawings arrive")
    func pagination() async throws {
        try await StorageFixtures.withDatabase { database in
            try await StorageFixtures.withRunningWriter(database) { writer in
                let players = PlayerRepository(store: SQLitePlayerStore(database: database), writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                // 25 drawings; pairs share an end time, so the id breaks the tie.
                for index in 0..<25 {
                    writer.submit(StorageFixtures.drawing(id: "d_\(100 + index)", endedAt: StorageFixtures.start + Int64(index / 2) * 1000))
                }
                writer.submit(StorageFixtures.drawing(id: "d_bob", drawer: "p_bob", drawerName: "Bob"))
                #expect(await writer.flush())
                let reader = SQLiteArchiveReader(database: database)
                let expected = (0..<25).map { "d_\(100 + $0)" }.sorted { lhs, rhs in
                    let (l, r) = (Int(lhs.dropFirst(2))! / 2, Int(rhs.dropFirst(2))! / 2)
                    return l != r ? l > r : lhs > rhs
                }

                let first = try #require(try await reader.drawings(by: "p_ada", limit: 10, before: nil))
                #expect(first.drawings.map(\.id) == Array(expected[0..<10]))
                let cursor = try #require(first.nextBefore)
                #expect(DrawingCursor(token: cursor.token) == cursor)

                // Newer drawings saved between page requests do not shift later pages.
                for index in 0..<5 {
                    writer.submit(StorageFixtures.drawing(id: "d_new\(index)", endedAt: StorageFixtures.start + 999_000))
                }
                #expect(await writer.flush())

                let second = try #require(try await reader.drawings(by: "p_ada", limit: 10, before: cursor))
                #expect(second.drawings.map(\.id) == Array(expected[10..<20]))
                let third = try #require(try await reader.drawings(by: "p_ada", limit: 10, before: second.nextBefore))
                #expect(third.drawings.map(\.id) == Array(expected[20..<25]))
                #expect(third.nextBefore == nil)
                #expect(third.drawings.allSatisfy { $0.drawer == PlayerReference(playerId: "p_ada", name: "Ada") })

                let exact = try #require(try await reader.drawings(by: "p_ada", limit: 30, before: nil))
                #expect(exact.drawings.count == 30 && exact.nextBefore == nil)
            }
        }
    }

    @Test("an unknown player is nil; a known one without drawings has an empty page")
    func unknownAndEmpty() async throws {
        try await StorageFixtures.withDatabase { database in
            try await StorageFixtures.withRunningWriter(database) { (writer) async throws in
                let players = PlayerRepository(store: SQLitePlayerStore(database: database), writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                let reader = SQLiteArchiveReader(database: database)
                #expect(try await reader.drawings(by: "p_nobody", limit: 10, before: nil) == nil)
                #expect(try await reader.drawings(by: "p_ada", limit: 10, before: nil) == DrawingPage(drawings: [], nextBefore: nil))
            }
        }
    }

    @Test("cursor text", arguments: [
        ("1732230080123.d_abc", DrawingCursor(endedAt: 1_732_230_080_123, id: "d_abc")),
        ("0.d.with.dots", DrawingCursor(endedAt: 0, id: "d.with.dots")),
    ])
    func cursorText(token: String, cursor: DrawingCursor) {
        #expect(DrawingCursor(token: token) == cursor)
        #expect(cursor.token == token)
    }

    @Test("malformed cursors are refused", arguments: ["", "abc", "123", "123.", ".d_1", "-5.d_1", "1e3.d_1", "99999999999999999999.d"])
    func malformedCursor(token: String) {
        #expect(DrawingCursor(token: token) == nil)
    }
}
