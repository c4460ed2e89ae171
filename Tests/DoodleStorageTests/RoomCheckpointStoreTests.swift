import DoodleCore
import DoodleStorage
import Foundation
import Testing

/// Room checkpoints as the archive writer stores them and a restore reads them back
/// (docs/storage.md, "Room checkpoints").
@Suite("Room checkpoints in storage")
struct RoomCheckpointStoreTests {
    static let players = ["p_ada", "p_bob", "p_cy"]

    /// A room mid-drawing, its drawer having drawn `strokes` strokes.
    static func room(strokes: ClosedRange<Int>, onto base: RoomStateMachine? = nil) -> RoomStateMachine {
        let now = StorageFixtures.start
        var machine: RoomStateMachine
        if let base {
            machine = base
        } else {
            let pack = WordPack(name: "en", words: ["apple", "banana", "cherry"])
            machine = RoomStateMachine(
                code: "K7PQ2M", mode: .party, settings: StorageFixtures.rules.defaultSettings, creator: players[0], creatorName: "Ada",
                rules: StorageFixtures.rules, packs: ["en": pack], blocklist: Blocklist(terms: []), seed: 1)
            for player in players.dropFirst() { _ = machine.join(player, name: player, now: now) }
            _ = machine.handle(.command(.startGame), from: players[0], now: now)
            _ = machine.handle(.command(.chooseWord(index: 0)), from: players[0], now: now)
        }
        for id in strokes {
            _ = machine.handle(.draw(.strokeBegin(StrokeBegin(strokeId: id, tool: .pen, color: "#123456", width: 4, points: [id, id, 2 * id, 9]))), from: players[0], now: now)
            _ = machine.handle(.draw(.strokeEnd(strokeId: id)), from: players[0], now: now)
        }
        return machine
    }

    @Test("a checkpoint that only brought strokes rewrites seq and saved_at alone; the restore gets the newest seq and every stroke", arguments: Backend.allCases)
    func unchangedStateKeepsItsRow(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            let first = Self.room(strokes: 1...3)
            let later = Self.room(strokes: 4...5, onto: first)
            let firstCheckpoint = first.checkpoint(at: StorageFixtures.start + 1_000)
            let laterCheckpoint = later.checkpoint(at: StorageFixtures.start + 2_000)
            #expect(laterCheckpoint.hasSameState(as: firstCheckpoint), "strokes change nothing but seq")
            #expect(laterCheckpoint.seq > firstCheckpoint.seq)
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(RoomCheckpointSave(
                    checkpoint: firstCheckpoint, nodeId: nil, strokeChunks: [.init(firstAction: 0, actions: first.canvasRecord(from: 0))]))
                #expect(await writer.flush())
                writer.submit(RoomCheckpointSave(
                    checkpoint: laterCheckpoint, nodeId: nil,
                    strokeChunks: [.init(firstAction: first.canvasRecordCount, actions: later.canvasRecord(from: first.canvasRecordCount))],
                    stateUnchanged: true))
                #expect(await writer.flush())
            }
            let stored = try await storage.checkpoints.claimOrphans(for: nil, liveNodes: [])
            #expect(stored.map(\.code) == ["K7PQ2M"])
            let (checkpoint, strokes) = try #require(try stored.first?.decoded())
            #expect(checkpoint == laterCheckpoint)
            #expect(strokes == later.canvasRecord(from: 0))
        }
    }

    @Test("an older checkpoint written late never replaces a newer one, and a removal clears the room", arguments: Backend.allCases)
    func olderNeverWins(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            let older = Self.room(strokes: 1...1)
            let newer = Self.room(strokes: 2...2, onto: older)
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(RoomCheckpointSave(
                    checkpoint: newer.checkpoint(at: StorageFixtures.start + 2_000), nodeId: nil,
                    strokeChunks: [.init(firstAction: 0, actions: newer.canvasRecord(from: 0))]))
                #expect(await writer.flush())
                writer.submit(RoomCheckpointSave(checkpoint: older.checkpoint(at: StorageFixtures.start + 1_000), nodeId: nil, strokeChunks: []))
                #expect(await writer.flush())
            }
            let (kept, _) = try #require(try await storage.checkpoints.claimOrphans(for: nil, liveNodes: []).first?.decoded())
            #expect(kept.seq == newer.seq)
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submitCheckpointRemoval(code: "K7PQ2M", nodeId: nil)
                #expect(await writer.flush())
            }
            #expect(try await storage.checkpoints.claimOrphans(for: nil, liveNodes: []).isEmpty)
        }
    }

    @Test("nodes claim released and gone nodes' rooms, each row once", arguments: Backend.allCases)
    func claimsOnce(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            let room = Self.room(strokes: 1...1)
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(RoomCheckpointSave(checkpoint: room.checkpoint(at: StorageFixtures.start), nodeId: "n_gone", strokeChunks: []))
                #expect(await writer.flush())
            }
            #expect(try await storage.checkpoints.hasCheckpoint(code: "K7PQ2M"))
            #expect(try await !storage.checkpoints.hasCheckpoint(code: "ABCDEF"))
            #expect(try await storage.checkpoints.claimOrphans(for: "n_a", liveNodes: ["n_gone"]).isEmpty, "its node is alive")
            #expect(try await storage.checkpoints.claimOrphans(for: "n_a", liveNodes: ["n_b"]).map(\.code) == ["K7PQ2M"])
            #expect(try await storage.checkpoints.claimOrphans(for: "n_b", liveNodes: ["n_a"]).isEmpty, "n_a has it now")
            #expect(try await storage.checkpoints.claimOrphans(for: "n_a", liveNodes: ["n_b"]).isEmpty, "n_a's own live rooms are not orphans")
            #expect(try await storage.checkpoints.release(nodeId: "n_a") == ["K7PQ2M"])
            #expect(try await storage.checkpoints.claimOrphans(for: "n_b", liveNodes: ["n_a"]).map(\.code) == ["K7PQ2M"], "released")
        }
    }

    @Test("a node's saves and removal change nothing of a room another node adopted, or of one it released", arguments: Backend.allCases)
    func adoptedRowIsFenced(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, _ in
            let first = Self.room(strokes: 1...1)
            let later = Self.room(strokes: 2...3, onto: first)
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(RoomCheckpointSave(
                    checkpoint: first.checkpoint(at: StorageFixtures.start), nodeId: "n_a",
                    strokeChunks: [.init(firstAction: 0, actions: first.canvasRecord(from: 0))]))
                #expect(await writer.flush())
            }
            // n_a's lease ran out and n_b adopted the room; then n_a, back, writes on as if it still had it.
            #expect(try await storage.checkpoints.claimOrphans(for: "n_b", liveNodes: []).map(\.code) == ["K7PQ2M"])
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submit(RoomCheckpointSave(
                    checkpoint: later.checkpoint(at: StorageFixtures.start + 1_000), nodeId: "n_a",
                    strokeChunks: [.init(firstAction: first.canvasRecordCount, actions: later.canvasRecord(from: first.canvasRecordCount))]))
                #expect(await writer.flush())
                writer.submitCheckpointRemoval(code: "K7PQ2M", nodeId: "n_a")
                #expect(await writer.flush())
            }
            #expect(try await storage.checkpoints.release(nodeId: "n_b") == ["K7PQ2M"], "the row is still there, n_b's")
            let (kept, strokes) = try #require(try await storage.checkpoints.claimOrphans(for: "n_c", liveNodes: []).first?.decoded())
            #expect(kept.seq == first.seq, "n_a's late save did not overwrite n_b's room")
            #expect(strokes == first.canvasRecord(from: 0), "nor add strokes to it")
            // n_c holds it now; n_c's own removal goes through.
            try await StorageFixtures.withRunningWriter(storage) { writer in
                writer.submitCheckpointRemoval(code: "K7PQ2M", nodeId: "n_c")
                #expect(await writer.flush())
            }
            #expect(try await !storage.checkpoints.hasCheckpoint(code: "K7PQ2M"))
        }
    }
}
