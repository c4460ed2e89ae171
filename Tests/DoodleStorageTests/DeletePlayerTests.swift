import DoodleStorage
import Testing

import DoodleCore

@Suite("Deleting a player's personal data")
struct DeletePlayerTests {
    @Test("deleting removes name, token hash and totals; drawings and games stay, attributed to a deleted player")
    func deleteMe() async throws {
        try await StorageFixtures.withDatabase { database in
            try await StorageFixtures.withRunningWriter(database) { writer in
                let players = PlayerRepository(database: database, writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                await StorageFixtures.hello(players, "p_bob", name: "Bob")
                writer.submit(StorageFixtures.drawing(id: "d_ada", guessers: [GuessRecord(playerId: "p_bob", gained: 80, atMilliseconds: 3)]))
                writer.submit(
                    StorageFixtures.drawing(
                        id: "d_bob", drawer: "p_bob", drawerName: "Bob", guessers: [GuessRecord(playerId: "p_ada", gained: 70, atMilliseconds: 4)]))
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 150), ("p_bob", "Bob", 130)]))
                #expect(await writer.flush())

                let ada = try #require(try await players.player(tokenHash: StorageFixtures.tokenHash("p_ada")))
                #expect(ada.playerId == "p_ada" && ada.name == "Ada" && ada.score == 150 && ada.games == 1 && ada.wins == 1)

                #expect(try await players.delete(playerId: "p_ada", at: StorageFixtures.start + 1))
                #expect(try await players.delete(playerId: "p_ada", at: StorageFixtures.start + 2) == false)
                #expect(try await players.player(tokenHash: StorageFixtures.tokenHash("p_ada")) == nil)
                #expect(try await players.player(id: "p_ada") == nil)

                let reader = ArchiveReader(database: database)
                let drawing = try #require(try await reader.drawing(id: "d_ada"))
                #expect(drawing.drawer == .deleted && drawing.drawer.name == "deleted player")
                #expect(drawing.word == "apple" && !drawing.actions.isEmpty)
                #expect(drawing.guessers.map(\.player) == [PlayerReference(playerId: "p_bob", name: "Bob")])
                let other = try #require(try await reader.drawing(id: "d_bob"))
                #expect(other.guessers.map(\.player) == [.deleted])
                #expect(other.guessers.map(\.gained) == [70])
                let game = try #require(try await reader.game(id: "g_1"))
                #expect(game.ranking.map(\.player) == [.deleted, PlayerReference(playerId: "p_bob", name: "Bob")])
                #expect(game.ranking.map(\.score) == [150, 130])
                #expect(game.drawings.first { $0.id == "d_ada" }?.drawer == .deleted)
                #expect(try await reader.leaderboard(limit: 10).players.map(\.playerId) == ["p_bob"])
                #expect(try await reader.drawings(by: "p_ada", limit: 10, before: nil) == nil)

                // Saves still in flight for the deleted player stay anonymous, and do not bring it back.
                writer.submit(StorageFixtures.drawing(id: "d_late"))
                writer.submit(StorageFixtures.game(id: "g_2", ranking: [("p_ada", "Ada", 10), ("p_bob", "Bob", 5)]))
                #expect(await writer.flush())
                await StorageFixtures.hello(players, "p_ada", name: "Ada again")
                #expect(try await players.player(id: "p_ada") == nil)
                #expect(try await reader.drawing(id: "d_late")?.drawer == .deleted)
                #expect(try await reader.game(id: "g_2")?.ranking.map(\.player.playerId) == [nil, "p_bob"])
                #expect(try await reader.leaderboard(limit: 10).players.map(\.playerId) == ["p_bob"])
            }
        }
    }
}
