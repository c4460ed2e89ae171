import DoodleStorage
import Testing

import DoodleCore

@Suite("Leaderboard")
struct LeaderboardTests {
    @Test("totals add up over games; equal scores share a rank (1, 2, 2, 4)", arguments: Backend.allCases)
    func ranksWithTies(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                for (id, name) in [("p_ada", "Ada"), ("p_bob", "Bob"), ("p_cy", "Cy"), ("p_dee", "Dee"), ("p_eve", "Eve")] {
                    await StorageFixtures.hello(players, id, name: name)
                }
                // Ada 500 (2 wins), Bob 300 (1 win), Cy 300 (0 wins), Dee 100; Eve never finished a game.
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 300), ("p_bob", "Bob", 100), ("p_cy", "Cy", 100)]))
                writer.submit(StorageFixtures.game(id: "g_2", ranking: [("p_ada", "Ada", 200), ("p_cy", "Cy", 200), ("p_dee", "Dee", 100)]))
                writer.submit(StorageFixtures.game(id: "g_3", ranking: [("p_bob", "Bob", 200), ("p_cy", "Cy", 0)]))
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            let board = try await reader.leaderboard(limit: 50)
            #expect(board.players.map(\.playerId) == ["p_ada", "p_bob", "p_cy", "p_dee"])
            #expect(board.players.map(\.score) == [500, 300, 300, 100])
            #expect(board.players.map(\.rank) == [1, 2, 2, 4])
            #expect(board.players.map(\.games) == [2, 2, 3, 1])
            // g_2: Ada and Cy tie at 200, both rank 1, both win.
            #expect(board.players.map(\.wins) == [2, 1, 1, 0])
            #expect(board.players.map(\.name) == ["Ada", "Bob", "Cy", "Dee"])
            let top = try await reader.leaderboard(limit: 2)
            #expect(top.players.map(\.rank) == [1, 2])
        }
    }

    @Test("a game ended for want of players counts for no one, a first place without points is no win, a house bot's line counts for no one", arguments: Backend.allCases)
    func onlyGamesThatCount(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                var abandoned = StorageFixtures.game(id: "g_left", ranking: [("p_ada", "Ada", 120), ("p_bob", "Bob", 0)])
                abandoned.reason = .notEnoughPlayers
                writer.submit(abandoned)
                writer.submit(StorageFixtures.game(id: "g_none", ranking: [("p_ada", "Ada", 0), ("p_bob", "Bob", 0)]))
                var withBot = StorageFixtures.game(id: "g_bot", ranking: [("p_pixel", "Pixel", 300), ("p_bob", "Bob", 90)])
                withBot.ranking[0].bot = true
                writer.submit(withBot)
                #expect(await writer.flush())
            }
            let board = try await storage.archiveReader.leaderboard(limit: 10)
            #expect(board.players.map(\.playerId) == ["p_bob", "p_ada"], "the bot is on no leaderboard")
            #expect(board.players.map(\.games) == [2, 1])
            #expect(board.players.map(\.wins) == [0, 0], "second to a bot, or first with 0 points, is no win")
            #expect(board.players.map(\.score) == [90, 0])
            let stored = try #require(try await storage.archiveReader.game(id: "g_bot"))
            #expect(stored.ranking.map(\.bot) == [true, false], "the game's own ranking still shows the bot")
            let abandonedGame = try #require(try await storage.archiveReader.game(id: "g_left"))
            #expect(abandonedGame.reason == .notEnoughPlayers && abandonedGame.ranking.count == 2, "recorded, not counted")
        }
    }

    @Test("a game result for a player whose session was never saved still counts", arguments: Backend.allCases)
    func unknownPlayerGetsARow(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { (writer) async throws in
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ghost", "Ghost", 40)]))
                #expect(await writer.flush())
                // The first session arrives later (e.g. a retried save): its device is made.
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                await players.saveSession(playerId: "p_ghost", name: "Ghost", tokenHash: "h", at: StorageFixtures.start, newDeviceLabel: "iPhone")
                #expect(try await players.player(tokenHash: "h")?.score == 40)
            }
            #expect(try await storage.archiveReader.leaderboard(limit: 5).players.map(\.playerId) == ["p_ghost"])
        }
    }
}
