import DoodleStorage
import Foundation
import Testing

import DoodleCore

@Suite("Saving and reading telephone games")
struct TelephoneArchiveTests {
    /// Three players, three chains of three entries (write, draw, describe); Cy drew nothing in chain 2.
    static let chains: [[ChainEntry]] = [
        [
            ChainEntry(kind: .write, playerId: "p_ada", text: "a cat on a bicycle"), ChainEntry(kind: .draw, playerId: "p_bob", drawingId: "d_t0"),
            ChainEntry(kind: .describe, playerId: "p_cy", text: "a dog on a skateboard"),
        ],
        [
            ChainEntry(kind: .write, playerId: "p_bob", text: ""), ChainEntry(kind: .draw, playerId: "p_cy", drawingId: "d_t1"),
            ChainEntry(kind: .describe, playerId: "p_ada", text: "nothing at all"),
        ],
        [
            ChainEntry(kind: .write, playerId: "p_cy", text: "the moon"), ChainEntry(kind: .draw, playerId: "p_ada", drawingId: nil),
            ChainEntry(kind: .describe, playerId: "p_bob", text: "a blank page"),
        ],
    ]

    static func drawing(_ id: String, drawer: PlayerID, name: String, prompt: String, gameId: String = "g_tel") -> FinishedDrawing {
        var drawing = StorageFixtures.drawing(id: id, gameId: gameId, drawer: drawer, drawerName: name, word: prompt)
        drawing.kind = .telephone
        drawing.drawerGained = 0
        return drawing
    }

    static let drawings = [
        drawing("d_t0", drawer: "p_bob", name: "Bob", prompt: "a cat on a bicycle"), drawing("d_t1", drawer: "p_cy", name: "Cy", prompt: ""),
    ]

    static func game(id: String = "g_tel", chains: [[ChainEntry]] = chains) -> FinishedGame {
        var game = StorageFixtures.game(id: id, ranking: [], drawingIds: chains.flatMap { $0.compactMap(\.drawingId) })
        game.mode = .telephone
        game.chains = chains
        return game
    }

    /// The stored chains in the wire's terms, to compare with what was saved.
    static func wire(_ chains: [[GameChainEntry]]) -> [[ChainEntry]] {
        chains.map { chain in
            chain.map { ChainEntry(kind: $0.kind, playerId: $0.player.playerId ?? "", text: $0.text, drawingId: $0.drawingId) }
        }
    }

    static func helloAll(_ storage: Storage, _ writer: ArchiveWriter) async {
        let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
        for (id, name) in [("p_ada", "Ada"), ("p_bob", "Bob"), ("p_cy", "Cy")] {
            await StorageFixtures.hello(players, id, name: name)
        }
    }

    @Test("a telephone game reads back with its chains in order, its players named; its drawings are of kind telephone", arguments: Backend.allCases)
    func chainsRoundTrip(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                await Self.helloAll(storage, writer)
                for drawing in Self.drawings { writer.submit(drawing) }
                writer.submit(StorageFixtures.drawing(id: "d_party"))
                writer.submit(Self.game())
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            let game = try #require(try await reader.game(id: "g_tel"))
            #expect(game.mode == .telephone && game.ranking.isEmpty)
            #expect(Self.wire(game.chains) == Self.chains)
            #expect(game.chains[0].map(\.player.name) == ["Ada", "Bob", "Cy"])
            #expect(game.chains[0][0].avatar == Avatar(derivedFrom: "p_ada"))
            #expect(game.drawings.map(\.id) == ["d_t0", "d_t1"])

            let drawing = try #require(try await reader.drawing(id: "d_t0"))
            #expect(drawing.kind == .telephone && drawing.word == "a cat on a bicycle" && drawing.guessers.isEmpty)
            #expect(try await reader.drawing(id: "d_party")?.kind == .party)
        }
    }

    @Test("the JSON of a telephone game has its chains in the wire's shape; a party game's has none")
    func gameJSON() throws {
        let ada = PlayerReference(playerId: "p_ada", name: "Ada")
        var game = GameDetails(
            id: "g_1", roomCode: "K7PQ2M", mode: .telephone, reason: .completed, settings: nil, startedAt: 1, endedAt: 2, ranking: [], drawings: [],
            chains: [
                [
                    GameChainEntry(kind: .write, player: ada, text: "a cat"), GameChainEntry(kind: .draw, player: .deleted, drawingId: nil),
                    GameChainEntry(kind: .describe, player: ada, text: "a hat"),
                ]
            ])
        let json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
        #expect(json["mode"] as? String == "telephone")
        let chain = try #require((json["chains"] as? [[[String: Any]]])?.first)
        #expect(chain.map { $0["kind"] as? String } == ["write", "draw", "describe"])
        #expect(chain[0]["playerId"] as? String == "p_ada" && chain[0]["name"] as? String == "Ada" && chain[0]["text"] as? String == "a cat")
        #expect(chain[0]["drawingId"] == nil)
        #expect(chain[1]["drawingId"] is NSNull && chain[1]["text"] == nil && chain[1]["deleted"] as? Bool == true)

        game.mode = .party
        game.chains = []
        let party = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
        #expect(party["chains"] == nil)
    }

    @Test("a telephone game saved twice (a retried batch, a restored room) is stored once", arguments: Backend.allCases)
    func idempotent(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                for drawing in Self.drawings { writer.submit(drawing) }
                writer.submit(Self.game())
                #expect(await writer.flush())
                for drawing in Self.drawings { writer.submit(drawing) }
                writer.submit(Self.game())
                #expect(await writer.flush())
            }
            #expect(try await sql.count("game_chain_entry") == 9)
            #expect(try await sql.count("drawing") == 2)
            #expect(Self.wire(try #require(try await storage.archiveReader.game(id: "g_tel")).chains) == Self.chains)
        }
    }

    @Test("a telephone game counts in nobody's games, wins or leaderboard, all time or in its period", arguments: Backend.allCases)
    func countsForNoOne(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                await Self.helloAll(storage, writer)
                writer.submit(StorageFixtures.game(id: "g_party", ranking: [("p_ada", "Ada", 100)]))
                for drawing in Self.drawings { writer.submit(drawing) }
                var scored = Self.game()
                // Even a ranking line, should a telephone game ever carry one, adds nothing.
                scored.ranking = [RankLine(playerId: "p_bob", name: "Bob", score: 500, rank: 1)]
                writer.submit(scored)
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            let board = try await reader.leaderboard(limit: 10)
            #expect(board.players.map(\.playerId) == ["p_ada"])
            #expect(board.players.map(\.games) == [1])
            let endedAt = Self.game().endedAt
            for period in LeaderboardPeriod.bounded {
                let interval = try #require(period.interval(containing: endedAt))
                let periodBoard = try await reader.leaderboard(period: period, startsAt: interval.from, limit: 10)
                #expect(periodBoard.map(\.playerId) == ["p_ada"], "\(period)")
            }
            let bob = try #require(try await storage.playerStore.player(id: "p_bob"))
            #expect(bob.games == 0 && bob.wins == 0 && bob.score == 0)
        }
    }

    @Test("a telephone drawing is on its drawer's page only once its game is stored; a party drawing at once", arguments: Backend.allCases)
    func listedOnceTheGameIsStored(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { (writer) async throws in
                await Self.helloAll(storage, writer)
                writer.submit(Self.drawing("d_t0", drawer: "p_bob", name: "Bob", prompt: "a cat", gameId: "g_tel"))
                writer.submit(StorageFixtures.drawing(id: "d_party", gameId: "g_running", drawer: "p_bob", drawerName: "Bob"))
                #expect(await writer.flush())
                let reader = storage.archiveReader
                let during = try #require(try await reader.drawings(by: "p_bob", limit: 10, before: nil))
                #expect(during.drawings.map(\.id) == ["d_party"], "the chains are secret until the game ends")
                #expect(try await reader.drawing(id: "d_t0")?.kind == .telephone, "the reveal shows it by its id")

                writer.submit(Self.game())
                #expect(await writer.flush())
                let after = try #require(try await reader.drawings(by: "p_bob", limit: 10, before: nil))
                #expect(Set(after.drawings.map(\.id)) == ["d_party", "d_t0"])
            }
        }
    }

    @Test("a player who deletes itself is a deleted player in the chains; a deleted drawing reads as nothing drawn", arguments: Backend.allCases)
    func deletions(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { (writer) async throws in
                await Self.helloAll(storage, writer)
                for drawing in Self.drawings { writer.submit(drawing) }
                writer.submit(Self.game())
                #expect(await writer.flush())
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                #expect(try await players.delete(playerId: "p_bob", at: StorageFixtures.start + 900_000))
            }
            _ = try await storage.moderation.deleteDrawing(id: "d_t1")
            let game = try #require(try await storage.archiveReader.game(id: "g_tel"))
            #expect(game.chains[0][1].player == .deleted && game.chains[0][1].avatar == nil)
            #expect(game.chains[0][1].drawingId == "d_t0", "the drawing stays, its drawer anonymous")
            #expect(game.chains[1][0].player == .deleted && game.chains[1][0].text == "")
            #expect(game.chains[1][1].drawingId == nil && game.chains[1][1].player.name == "Cy")
        }
    }
}
