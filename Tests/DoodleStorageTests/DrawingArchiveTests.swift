import DoodleStorage
import DrawingTestSupport
import Foundation
import Testing

import DoodleCore

@Suite("Saving and reading drawings and games")
struct DrawingArchiveTests {
    /// Feeds actions through a real DrawingBoard, as a room does, and returns the board.
    static func board(_ actions: [DrawingAction]) -> DrawingBoard {
        var board = DrawingBoard(limits: StorageFixtures.limits)
        for action in actions {
            _ = board.apply(action)
        }
        return board
    }

    static let messyDrawing: [DrawingAction] = {
        var actions = RealisticDrawing.actions(strokes: 6, pointsPerStroke: 30, seed: 3)
        actions += [.undo, .fill(FillAction(x: 400, y: 300, color: "#FFCC00"))]
        actions += [.strokeBegin(StrokeBegin(strokeId: 50, tool: .pen, color: "#00FF00", width: 5, points: [10, 10, 20, 20]))]
        actions += [.strokePoints(strokeId: 50, points: [30, 30]), .clear]
        actions += RealisticDrawing.actions(strokes: 4, pointsPerStroke: 20, seed: 4).map { action in
            switch action {
            case .strokeBegin(var begin):
                begin.strokeId += 100
                return .strokeBegin(begin)
            case .strokePoints(let id, let points): return .strokePoints(strokeId: id + 100, points: points)
            case .strokeEnd(let id): return .strokeEnd(strokeId: id + 100)
            default: return action
            }
        }
        actions += [.undo, .fill(FillAction(x: 5, y: 5, color: "#abcdef"))]
        return actions
    }()

    @Test("a saved drawing reads back whole, and replays to the board's final canvas", arguments: Backend.allCases)
    func saveAndReplay(backend: Backend) async throws {
        let board = Self.board(Self.messyDrawing)
        #expect(board.record.count > 10)
        let guessers = [
            GuessRecord(playerId: "p_bob", gained: 120, atMilliseconds: 5_300), GuessRecord(playerId: "p_cy", gained: 90, atMilliseconds: 9_000),
        ]
        let drawing = StorageFixtures.drawing(id: "d_one", guessers: guessers, actions: board.record)
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                await StorageFixtures.hello(players, "p_bob", name: "Bob")
                writer.submit(drawing)
                #expect(await writer.flush())
            }
            let stored = try #require(try await storage.archiveReader.drawing(id: "d_one"))
            #expect(stored.word == "apple")
            #expect(stored.gameId == "g_1" && stored.roomCode == "K7PQ2M")
            #expect(stored.drawer == PlayerReference(playerId: "p_ada", name: "Ada"))
            #expect(stored.drawerGained == 50)
            #expect(stored.startedAt == drawing.startedAt && stored.endedAt == drawing.endedAt)
            #expect(stored.guessers.map(\.player.playerId) == ["p_bob", "p_cy"])
            #expect(stored.guessers.map(\.player.name) == ["Bob", nil])
            #expect(stored.guessers.map(\.gained) == [120, 90])
            #expect(stored.guessers.map(\.atMilliseconds) == [5_300, 9_000])
            #expect(stored.actions == board.record)
            #expect(CanvasReplay.visibleItems(after: stored.actions) == board.visible)
            #expect(Self.board(stored.actions).visible == board.visible)
        }
    }

    @Test("the JSON of a drawing carries each action in its wire shape")
    func drawingJSON() throws {
        let details = DrawingDetails(
            id: "d_1", gameId: "g_1", roomCode: "K7PQ2M", word: "apple", drawer: .deleted, drawerGained: 0,
            guessers: [GuessLine(player: PlayerReference(playerId: "p_bob", name: "Bob"), gained: 10, atMilliseconds: 42)],
            reactions: ReactionCounts(like: 2, dislike: 0), startedAt: 1, endedAt: 2,
            actions: [
                .strokeBegin(StrokeBegin(strokeId: 1, tool: .eraser, color: nil, width: 8, points: [1, 2])),
                .strokePoints(strokeId: 1, points: [3, 4]), .strokeEnd(strokeId: 1), .fill(FillAction(x: 5, y: 6, color: "#ffcc00")),
                .undo, .clear,
            ])
        let json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(details)) as? [String: Any])
        let drawer = try #require(json["drawer"] as? [String: Any])
        #expect(drawer["playerId"] is NSNull)
        #expect(drawer["name"] as? String == "deleted player")
        #expect(drawer["deleted"] as? Bool == true)
        let guesser = try #require((json["guessers"] as? [[String: Any]])?.first)
        #expect(guesser["playerId"] as? String == "p_bob" && guesser["gained"] as? Int == 10 && guesser["atMilliseconds"] as? Int == 42)
        #expect(json["reactions"] as? [String: Int] == ["like": 2, "dislike": 0])
        let actions = try #require(json["actions"] as? [[String: Any]])
        #expect(actions.map { $0["type"] as? String } == ["strokeBegin", "strokePoints", "strokeEnd", "fill", "undo", "clear"])
        #expect(actions[0]["tool"] as? String == "eraser" && actions[0]["color"] == nil && actions[0]["points"] as? [Int] == [1, 2])
        #expect(actions[3]["x"] as? Int == 5 && actions[3]["color"] as? String == "#ffcc00")
        #expect(actions[4].count == 1)
    }

    @Test("a game reads back with its ranking and its drawings in order; unknown ids give nil", arguments: Backend.allCases)
    func gameWithDrawings(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(StorageFixtures.drawing(id: "d_b", endedAt: StorageFixtures.start + 200_000))
                writer.submit(StorageFixtures.drawing(id: "d_a", drawer: "p_bob", drawerName: "Bob", endedAt: StorageFixtures.start + 100_000))
                writer.submit(StorageFixtures.drawing(id: "d_other", gameId: "g_2"))
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 300), ("p_bob", "Bob", 300), ("p_cy", "Cy", 10)]))
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            let game = try #require(try await reader.game(id: "g_1"))
            #expect(game.mode == .party && game.reason == .completed && game.settings == StorageFixtures.settings)
            #expect(game.ranking.map(\.player.playerId) == ["p_ada", "p_bob", "p_cy"])
            #expect(game.ranking.map(\.rank) == [1, 1, 3])
            #expect(game.drawings.map(\.id) == ["d_a", "d_b"])
            #expect(game.drawings[0].drawer.name == "Bob")
            let json = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(game)) as? [String: Any])
            let settings = try #require(json["settings"] as? [String: Any])
            #expect(settings["customWords"] == nil && settings["customWordCount"] as? Int == 1)
            #expect(try await reader.game(id: "g_none") == nil)
            #expect(try await reader.drawing(id: "d_none") == nil)
        }
    }

    @Test("submitting the same drawing or game twice stores it once and counts the game once", arguments: Backend.allCases)
    func idempotent(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                let drawing = StorageFixtures.drawing(id: "d_twice", guessers: [GuessRecord(playerId: "p_bob", gained: 5, atMilliseconds: 1)])
                let game = StorageFixtures.game(id: "g_twice", ranking: [("p_ada", "Ada", 100), ("p_bob", "Bob", 50)])
                writer.submit(drawing)
                writer.submit(game)
                #expect(await writer.flush())
                writer.submit(drawing)
                writer.submit(game)
                #expect(await writer.flush())
            }
            let reader = storage.archiveReader
            #expect(try await reader.drawing(id: "d_twice")?.guessers.count == 1)
            let board = try await reader.leaderboard(limit: 10)
            #expect(board.players.map(\.games) == [1, 1])
            #expect(board.players.map(\.score) == [100, 50])
        }
    }
}
