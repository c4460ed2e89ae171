import DoodleCore
import DoodleStorage
import Logging
import PictureBenchSupport
import ServiceLifecycle

/// The drawings the server is asked for: typical drawings (`TypicalDrawing`) stored as one
/// finished game in a fresh SQLite file, through the server's own `ArchiveWriter`.
struct PictureSeed {
    let actions: [[DrawingAction]]

    var drawingIds: [String] { actions.indices.map { "d_bench_\($0)" } }

    init(drawings: Int) {
        actions = (0..<drawings).map { TypicalDrawing.actions(seed: UInt64($0 + 1)) }
    }

    func write(to path: String, logger: Logger) async throws {
        let database = try SQLiteDatabase.open(path: path)
        let writer = ArchiveWriter(storage: Storage(sqlite: database), logger: logger)
        let group = ServiceGroup(services: [writer], logger: logger)
        let drawer: PlayerID = "p_bench_drawer"
        let start: Int64 = 1_790_000_000_000
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for (index, actions) in actions.enumerated() {
                let started = start + Int64(index) * 90_000
                writer.submit(
                    FinishedDrawing(
                        id: drawingIds[index], gameId: "g_bench", roomCode: "BENCH2", word: "lighthouse", drawerId: drawer,
                        drawerName: "Bench", guessers: [], drawerGained: 0, startedAt: started, endedAt: started + 60_000,
                        actions: actions))
            }
            writer.submit(
                FinishedGame(
                    id: "g_bench", roomCode: "BENCH2", mode: .party, settings: RoomSettings(
                        maxPlayers: 8, rounds: 1, drawSeconds: 80, chooseSeconds: 15, revealSeconds: 5, wordChoices: 3, hints: 2,
                        wordPack: "en", customWords: [], customWordsOnly: false, lateJoin: true), reason: .completed, startedAt: start,
                    endedAt: start + Int64(actions.count) * 90_000,
                    ranking: [RankLine(playerId: drawer, name: "Bench", score: 0, rank: 1)], drawingIds: drawingIds))
            let saved = await writer.flush()
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            guard saved else { throw PictureBenchError.seedNotSaved }
        }
    }
}

enum PictureBenchError: Error, CustomStringConvertible {
    case seedNotSaved
    case badAnswer(String, String)

    var description: String {
        switch self {
        case .seedNotSaved: "the seed drawings could not be saved"
        case .badAnswer(let path, let status): "GET \(path) answered \(status)"
        }
    }
}
