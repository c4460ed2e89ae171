import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Logging
import ServiceLifecycle

/// A finished game with two drawings, written straight into a live test server's database
/// (through a second `ArchiveWriter` on the same file), so the archive routes have something
/// to answer without playing a whole game.
struct ArchiveSeed {
    static let start: Int64 = 1_700_000_000_000
    let gameId = "g_seed_game"
    let roomCode = "SEED42"
    /// Oldest first.
    let drawingIds = ["d_seed_first", "d_seed_second"]
    let drawer: PlayerID
    let drawerName: String
    let guesser: PlayerID

    /// The drawings and the game, as the rooms hand them to storage.
    var drawings: [FinishedDrawing] {
        drawingIds.enumerated().map { index, id in
            let started = Self.start + Int64(index) * 90_000
            return FinishedDrawing(
                id: id, gameId: gameId, roomCode: roomCode, word: "lighthouse", drawerId: drawer, drawerName: drawerName,
                guessers: [GuessRecord(playerId: guesser, gained: 120, atMilliseconds: 4_200)], drawerGained: 60,
                startedAt: started, endedAt: started + 60_000,
                actions: [
                    .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#1a2b3c", width: 6, points: [10, 10, 40, 60])),
                    .strokePoints(strokeId: 1, points: [80, 90, 120, 95]),
                    .strokeEnd(strokeId: 1),
                    .fill(FillAction(x: 200, y: 200, color: "#ffcc00")),
                    .strokeBegin(StrokeBegin(strokeId: 2, tool: .eraser, color: nil, width: 20, points: [15, 15])),
                    .strokeEnd(strokeId: 2),
                    .undo,
                ])
        }
    }

    var game: FinishedGame {
        FinishedGame(
            id: gameId, roomCode: roomCode, mode: .party,
            settings: RoomSettings(
                maxPlayers: 8, rounds: 1, drawSeconds: 80, chooseSeconds: 15, revealSeconds: 5, wordChoices: 3, hints: 2,
                wordPack: "en", customWords: ["secret"], customWordsOnly: false, lateJoin: true),
            reason: .completed, startedAt: Self.start, endedAt: Self.start + 200_000,
            ranking: [
                RankLine(playerId: guesser, name: "Guesser", score: 240, rank: 1),
                RankLine(playerId: drawer, name: drawerName, score: 120, rank: 2),
            ],
            drawingIds: drawingIds)
    }

    /// Saves the drawings and the game into the server's database and returns once they are stored.
    func write(into server: TestServer) async throws {
        let database = try SQLiteDatabase.open(path: server.databasePath)
        let writer = ArchiveWriter(storage: Storage(sqlite: database), logger: TestServer.logger)
        let group = ServiceGroup(services: [writer], logger: TestServer.logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for drawing in drawings { writer.submit(drawing) }
            writer.submit(game)
            let saved = await writer.flush()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            guard saved else { throw ArchiveSeedError.notSaved }
        }
    }
}

enum ArchiveSeedError: Error {
    case notSaved
}

extension ArchiveSeed {
    /// Runs `body` against a fresh server holding a seed whose drawer and guesser were created by
    /// a real `hello` (their welcomes, with the tokens, are handed over).
    static func withSeededServer(
        trustedProxies: Set<String> = [], _ body: @Sendable (TestServer, ArchiveSeed, _ drawer: Welcome, _ guesser: Welcome) async throws -> Void
    ) async throws {
        try await TestServer.with(trustedProxies: trustedProxies) { server in
            try await server.withConnections(2) { connections in
                let drawer = try await connections[0].hello(name: "Drawer")
                let guesser = try await connections[1].hello(name: "Guesser")
                let seed = ArchiveSeed(drawer: drawer.playerId, drawerName: "Drawer", guesser: guesser.playerId)
                try await seed.write(into: server)
                try await body(server, seed, drawer, guesser)
            }
        }
    }
}
