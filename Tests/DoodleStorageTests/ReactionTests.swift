import DoodleCore
import DoodleStorage
import Foundation
import Testing

@Suite("Reactions to stored drawings")
struct ReactionTests {
    static let start = StorageFixtures.start

    static func react(_ player: PlayerID, _ reaction: Reaction, to drawing: String = "d_1", at offset: Int64) -> DrawingReaction {
        DrawingReaction(drawingId: drawing, playerId: player, reaction: reaction, at: start + offset)
    }

    /// The counts each read shows for `id`: the drawing itself, its game's list, its drawer's page.
    static func countsEverywhere(_ storage: Storage, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> [ReactionCounts]
    {
        let reader = storage.archiveReader
        let details = try #require(try await reader.drawing(id: id), sourceLocation: sourceLocation)
        let game = try #require(try await reader.game(id: details.gameId), sourceLocation: sourceLocation)
        let inGame = try #require(game.drawings.first { $0.id == id }, sourceLocation: sourceLocation)
        let drawer = try #require(details.drawer.playerId, sourceLocation: sourceLocation)
        let page = try #require(try await reader.drawings(by: drawer, limit: 100, before: nil), sourceLocation: sourceLocation)
        let onPage = try #require(page.drawings.first { $0.id == id }, sourceLocation: sourceLocation)
        return [details.reactions, inGame.reactions, onPage.reactions]
    }

    @Test("those given while it was drawn are stored with the drawing; each read counts them", arguments: Backend.allCases)
    func withTheDrawing(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            var drawing = StorageFixtures.drawing(id: "d_1")
            drawing.reactions = [Self.react("p_bob", .like, at: 1), Self.react("p_cy", .like, at: 2), Self.react("p_dee", .dislike, at: 3)]
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(drawing)
                writer.submit(StorageFixtures.drawing(id: "d_2"))
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 10)]))
                #expect(await writer.flush())
            }
            #expect(try await Self.countsEverywhere(storage, "d_1") == Array(repeating: ReactionCounts(like: 2, dislike: 1), count: 3))
            #expect(try await Self.countsEverywhere(storage, "d_2") == Array(repeating: ReactionCounts(), count: 3))
        }
    }

    @Test("after the drawing: the latest per member counts, `none` takes it back, an older one changes nothing", arguments: Backend.allCases)
    func latestWins(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            var drawing = StorageFixtures.drawing(id: "d_1")
            drawing.reactions = [Self.react("p_bob", .dislike, at: 1)]
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(drawing)
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 10)]))
                // Bob changes his mind twice, Cy likes then takes it back, Dee likes: in one batch.
                for reaction in [
                    Self.react("p_bob", .like, at: 10), Self.react("p_cy", .like, at: 11), Self.react("p_bob", .dislike, at: 12),
                    Self.react("p_cy", .none, at: 13), Self.react("p_dee", .like, at: 14),
                ] {
                    writer.submit(reaction)
                }
                #expect(await writer.flush())
                let afterOneBatch = try await storage.archiveReader.drawing(id: "d_1")?.reactions
                #expect(afterOneBatch == ReactionCounts(like: 1, dislike: 1))

                // Later batches: Bob likes; a reaction older than Dee's stored one (a save retried late) changes nothing.
                writer.submit(Self.react("p_bob", .like, at: 20))
                #expect(await writer.flush())
                writer.submit(Self.react("p_dee", .none, at: 5))
                writer.submit(Self.react("p_dee", .dislike, at: 6))
                #expect(await writer.flush())
                #expect(writer.statistics.savedReactions == 8 && writer.statistics.parked == 0)
            }
            #expect(try await Self.countsEverywhere(storage, "d_1") == Array(repeating: ReactionCounts(like: 2, dislike: 0), count: 3))
            #expect(try await sql.count("reaction") == 2, "Cy's none left no row")
        }
    }

    @Test("submitting the drawing again does not put back reactions taken back since", arguments: Backend.allCases)
    func retriedDrawing(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            var drawing = StorageFixtures.drawing(id: "d_1")
            drawing.reactions = [Self.react("p_bob", .like, at: 1)]
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(drawing)
                writer.submit(Self.react("p_bob", .none, at: 2))
                #expect(await writer.flush())
                writer.submit(drawing)
                #expect(await writer.flush())
            }
            #expect(try await storage.archiveReader.drawing(id: "d_1")?.reactions == ReactionCounts())
        }
    }

    @Test("a reaction to a drawing that is not stored (deleted meanwhile) is dropped; the rest of its batch is written", arguments: Backend.allCases)
    func afterDeletion(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(StorageFixtures.drawing(id: "d_1"))
                writer.submit(StorageFixtures.drawing(id: "d_2"))
                writer.submit(Self.react("p_bob", .like, to: "d_1", at: 1))
                #expect(await writer.flush())
                let deleted = try await storage.moderation.deleteDrawing(id: "d_1")
                #expect(deleted == .party(gameId: "g_1"))
                #expect(try await sql.count("reaction") == 0, "its reactions went with it")

                writer.submit(Self.react("p_cy", .like, to: "d_1", at: 2))
                writer.submit(Self.react("p_cy", .none, to: "d_1", at: 3))
                writer.submit(Self.react("p_cy", .dislike, to: "d_2", at: 4))
                writer.submit(Self.react("p_dee", .dislike, to: "d_never", at: 5))
                #expect(await writer.flush())
                #expect(writer.statistics.parked == 0 && writer.statistics.failedAttempts == 0, "\(writer.statistics)")
            }
            #expect(try await storage.archiveReader.drawing(id: "d_2")?.reactions == ReactionCounts(like: 0, dislike: 1))
            #expect(try await sql.count("reaction") == 1)
        }
    }

    @Test("a member who deletes itself takes its reactions along, and later ones of it are not stored", arguments: Backend.allCases)
    func deletedMember(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_bob", name: "Bob")
                var drawing = StorageFixtures.drawing(id: "d_1")
                drawing.reactions = [Self.react("p_bob", .like, at: 1), Self.react("p_cy", .like, at: 1)]
                writer.submit(drawing)
                #expect(await writer.flush())
                let deleted = try await players.delete(playerId: "p_bob", at: Self.start + 10)
                #expect(deleted)
                #expect(try await storage.archiveReader.drawing(id: "d_1")?.reactions == ReactionCounts(like: 1))

                writer.submit(Self.react("p_bob", .dislike, at: 20))
                var late = StorageFixtures.drawing(id: "d_2")
                late.reactions = [Self.react("p_bob", .like, to: "d_2", at: 21)]
                writer.submit(late)
                #expect(await writer.flush())
            }
            #expect(try await storage.archiveReader.drawing(id: "d_1")?.reactions == ReactionCounts(like: 1))
            #expect(try await storage.archiveReader.drawing(id: "d_2")?.reactions == ReactionCounts())
        }
    }

    @Test("in JSON a drawing and a summary carry \"reactions\":{\"like\":n,\"dislike\":n}")
    func json() throws {
        let counts = ReactionCounts(like: 3, dislike: 1)
        let details = DrawingDetails(
            id: "d_1", gameId: "g_1", roomCode: "K7PQ2M", word: "apple", drawer: .deleted, drawerGained: 0, guessers: [], reactions: counts,
            startedAt: 1, endedAt: 2, actions: [])
        let summary = DrawingSummary(
            id: "d_1", gameId: "g_1", roomCode: "K7PQ2M", word: "apple", drawer: .deleted, guesserCount: 0, reactions: counts, startedAt: 1,
            endedAt: 2)
        for data in [try JSONEncoder().encode(details), try JSONEncoder().encode(summary)] {
            let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
            let reactions = try #require(json["reactions"] as? [String: Any])
            #expect(reactions.count == 2 && reactions["like"] as? Int == 3 && reactions["dislike"] as? Int == 1)
        }
    }
}
