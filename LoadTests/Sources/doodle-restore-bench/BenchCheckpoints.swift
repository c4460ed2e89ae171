import DoodleCore
import DoodleStorage
import Foundation
import Logging
import ServiceLifecycle

/// Live rooms as their checkpoints: each of 8 players, its drawer mid-drawing, its canvas of
/// `points` points in strokes of 40, written by the archive writer as a room writes them.
struct BenchCheckpoints {
    let rules: GameRules
    let points: Int

    private static let players = (1...8).map { "p_bench\($0)" }
    private static let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")

    /// Writes `rooms` checkpoints; returns their codes.
    func fill(rooms: Int, databasePath: String, logger: Logger) async throws -> [String] {
        let codes = (0..<rooms).map(Self.code)
        try await withWriter(databasePath: databasePath, logger: logger) { writer in
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            for (index, code) in codes.enumerated() {
                let machine = room(code: code, seed: UInt64(index + 1), now: now)
                writer.submit(
                    RoomCheckpointSave(
                        checkpoint: machine.checkpoint(at: now), nodeId: nil,
                        strokeChunks: [.init(firstAction: 0, actions: machine.canvasRecord(from: 0))]))
            }
            guard await writer.flush() else { throw BenchCheckpointsError.notSaved }
        }
        return codes
    }

    /// Deletes the checkpoints of `codes`: the same database, with no room to restore.
    func clear(codes: [String], databasePath: String, logger: Logger) async throws {
        try await withWriter(databasePath: databasePath, logger: logger) { writer in
            for code in codes { writer.submitCheckpointRemoval(code: code, nodeId: nil) }
            guard await writer.flush() else { throw BenchCheckpointsError.notSaved }
        }
    }

    private func withWriter(databasePath: String, logger: Logger, _ body: @Sendable (ArchiveWriter) async throws -> Void) async throws {
        let storage: Storage
        if databasePath.hasPrefix("postgres") {
            storage = Storage(postgres: try await PostgreSQLDatabase.open(location: try PostgresLocation(url: databasePath), logger: logger))
        } else {
            storage = Storage(sqlite: try SQLiteDatabase.open(path: databasePath))
        }
        let writer = ArchiveWriter(storage: storage, logger: logger)
        let group = ServiceGroup(services: storage.services + [writer], logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                try await body(writer)
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    /// A room mid-drawing: 8 players seated, the game started, the first word chosen, the canvas drawn.
    private func room(code: String, seed: UInt64, now: Int64) -> RoomStateMachine {
        let pack = WordPack(name: rules.defaultSettings.wordPack, words: ["apple", "banana", "cherry", "dragon", "eagle"])
        var machine = RoomStateMachine(
            code: code, mode: .party, settings: rules.defaultSettings, creator: Self.players[0], creatorName: "Bench 1", rules: rules,
            packs: [pack.name: pack], blocklist: Blocklist(terms: []), seed: seed)
        for (index, player) in Self.players.enumerated().dropFirst() {
            _ = machine.join(player, name: "Bench \(index + 1)", now: now)
        }
        _ = machine.handle(.command(.startGame), from: Self.players[0], now: now)
        let drawer = machine.snapshot(for: Self.players[0]).drawerId ?? Self.players[0]
        _ = machine.handle(.command(.chooseWord(index: 0)), from: drawer, now: now)
        var strokeId = 0
        var drawn = 0
        while drawn + 40 <= points {
            strokeId += 1
            let first = PointList((0..<40).map { (strokeId * 7 + $0 * 13) % 1000 })
            let second = PointList((0..<40).map { (strokeId * 11 + $0 * 17) % 1000 })
            _ = machine.handle(
                .draw(.strokeBegin(StrokeBegin(strokeId: strokeId, tool: .pen, color: "#224466", width: 6, points: first))), from: drawer, now: now)
            _ = machine.handle(.draw(.strokePoints(strokeId: strokeId, points: second)), from: drawer, now: now)
            _ = machine.handle(.draw(.strokeEnd(strokeId: strokeId)), from: drawer, now: now)
            drawn += 40
        }
        return machine
    }

    /// A room code of the invite alphabet, distinct for each index below 32^6.
    private static func code(_ index: Int) -> String {
        var value = index
        var characters: [Character] = []
        for _ in 0..<6 {
            characters.append(alphabet[value % alphabet.count])
            value /= alphabet.count
        }
        return String(characters.reversed())
    }
}

enum BenchCheckpointsError: Error {
    case notSaved
}
