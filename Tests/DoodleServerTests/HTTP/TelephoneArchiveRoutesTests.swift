import DoodleClient
import DoodleCore
import DoodlePictures
import DoodleStorage
import DoodleTestSupport
import Foundation
import ServiceLifecycle
import Testing

/// A telephone game's archive routes on a live server: its game, drawings, its drawer's page
/// and its albums, every answer checked against docs/openapi.json by `TestServer.call`.
@Suite("HTTP archive routes of a telephone game")
struct TelephoneArchiveRoutesTests {
    static let start: Int64 = 1_700_000_000_000
    static let gameId = "g_tel_game"

    /// Three players' chains of three entries: write, draw, describe; the third chain's drawer drew nothing.
    static func chains(_ p: [PlayerID]) -> [[ChainEntry]] {
        [
            [
                ChainEntry(kind: .write, playerId: p[0], text: "a lighthouse"), ChainEntry(kind: .draw, playerId: p[1], drawingId: "d_tel_0"),
                ChainEntry(kind: .describe, playerId: p[2], text: "a candle"),
            ],
            [
                ChainEntry(kind: .write, playerId: p[1], text: ""), ChainEntry(kind: .draw, playerId: p[2], drawingId: "d_tel_1"),
                ChainEntry(kind: .describe, playerId: p[0], text: "a yellow square"),
            ],
            [
                ChainEntry(kind: .write, playerId: p[2], text: "a boat"), ChainEntry(kind: .draw, playerId: p[0], drawingId: nil),
                ChainEntry(kind: .describe, playerId: p[1], text: "nothing"),
            ],
        ]
    }

    static func drawing(_ id: String, by drawer: PlayerID, name: String, prompt: String) -> FinishedDrawing {
        FinishedDrawing(
            id: id, gameId: gameId, roomCode: "TELE42", word: prompt, drawerId: drawer, drawerName: name, guessers: [], drawerGained: 0,
            startedAt: start, endedAt: start + 90_000,
            actions: [
                .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#1a2b3c", width: 6, points: [10, 10, 400, 600])),
                .strokeEnd(strokeId: 1), .fill(FillAction(x: 800, y: 200, color: "#ffcc00")),
            ],
            kind: .telephone)
    }

    static func game(_ p: [PlayerID]) -> FinishedGame {
        let chains = chains(p)
        return FinishedGame(
            id: gameId, roomCode: "TELE42", mode: .telephone,
            settings: RoomSettings(
                maxPlayers: 8, rounds: 1, drawSeconds: 90, chooseSeconds: 15, revealSeconds: 4, wordChoices: 3, hints: 0, wordPack: "en",
                customWords: [], customWordsOnly: false, lateJoin: false, start: .write, writeSeconds: 40, steps: nil),
            reason: .completed, startedAt: start, endedAt: start + 600_000, ranking: [],
            drawingIds: chains.flatMap { $0.compactMap(\.drawingId) }, chains: chains)
    }

    /// Saves `saves` into the server's database through a second writer on the same file.
    static func save(_ drawings: [FinishedDrawing], _ game: FinishedGame?, into server: TestServer) async throws {
        let database = try SQLiteDatabase.open(path: server.databasePath)
        let writer = ArchiveWriter(storage: Storage(sqlite: database), logger: TestServer.logger)
        let group = ServiceGroup(services: [writer], logger: TestServer.logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for drawing in drawings { writer.submit(drawing) }
            if let game { writer.submit(game) }
            let saved = await writer.flush()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            #expect(saved)
        }
    }

    @Test("before its game is stored a telephone drawing is read by its id only; then the game shows its chains, the drawing its kind, and the drawer's page lists it")
    func gameAndDrawings() async throws {
        try await TestServer.with { server in
            try await server.withConnections(3) { connections in
                var players: [PlayerID] = []
                for (connection, name) in zip(connections, ["Ada", "Bob", "Cyrille"]) { players.append(try await connection.hello(name: name).playerId) }
                let drawings = [
                    Self.drawing("d_tel_0", by: players[1], name: "Bob", prompt: "a lighthouse"), Self.drawing("d_tel_1", by: players[2], name: "Cyrille", prompt: ""),
                ]
                try await Self.save(drawings, nil, into: server)
                let early = try await server.call("GET", "/v1/drawings/d_tel_0")
                #expect(early.status == 200 && early.json?["kind"] == .string("telephone") && early.json?["word"] == .string("a lighthouse"))
                let secret = try await server.call("GET", "/v1/players/\(players[1])/drawings")
                #expect(secret.json?["drawings"] == .array([]), "the running game's chains are secret")

                try await Self.save([], Self.game(players), into: server)
                let game = try await server.call("GET", "/v1/games/\(Self.gameId)")
                #expect(game.status == 200)
                #expect(game.json?["mode"] == .string("telephone") && game.json?["ranking"] == .array([]))
                #expect(game.json?["settings"]?["start"] == .string("write") && game.json?["settings"]?["rounds"] == nil)
                let chains = try #require(game.json?["chains"].flatMap(ArchiveRoutesTests.array))
                #expect(chains.count == 3)
                let first = try #require(chains.first.flatMap(ArchiveRoutesTests.array))
                #expect(first.map { $0["kind"] } == [.string("write"), .string("draw"), .string("describe")])
                #expect(first[0]["text"] == .string("a lighthouse") && first[0]["name"] == .string("Ada"))
                #expect(first[1]["drawingId"] == .string("d_tel_0") && first[1]["playerId"] == .string(players[1]))
                #expect(chains.last.flatMap(ArchiveRoutesTests.array)?[1]["drawingId"] == .null, "nothing drawn")

                let listed = try await server.call("GET", "/v1/players/\(players[1])/drawings")
                #expect(listed.json?["drawings"].flatMap(ArchiveRoutesTests.array)?.map { $0["id"] } == [.string("d_tel_0")])

                let gif = try await server.call("GET", "/v1/games/\(Self.gameId)/album.gif?size=64")
                #expect(gif.status == 200)
                let structure = try #require(GIFStructure(gif.body))
                #expect(structure.heldFrames == 9, "every entry held once: six texts, two drawings, one empty canvas")
                let sheet = try await server.call("GET", "/v1/games/\(Self.gameId)/album.png?size=64")
                #expect(sheet.status == 200)
                let layout = AlbumSheetRenderer.layout(chainLengths: [3, 3, 3], cellSize: 64)
                #expect(PictureRoutesTests.dimensions(sheet.body).map { [$0.width, $0.height] } == [layout.width, layout.height])
            }
        }
    }

    @Test("the room list takes a mode")
    func roomListMode() async throws {
        try await TestServer.with { server in
            for mode in ["party", "telephone"] {
                let rooms = try await server.call("GET", "/v1/rooms?mode=\(mode)")
                #expect(rooms.status == 200 && rooms.json?["rooms"] == .array([]))
            }
            let bad = try await server.call("GET", "/v1/rooms?mode=chess")
            #expect(bad.status == 400 && bad.errorCode == "bad_message")
        }
    }
}
