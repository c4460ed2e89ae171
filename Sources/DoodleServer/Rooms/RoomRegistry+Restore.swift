import DoodleCore
import DoodleStorage
import Foundation
import Logging
import NIOPosix
import Synchronization

/// Bringing back the rooms of checkpoints at start (PROTOCOL.md rev 5, "Restore").
extension RoomRegistry {
    /// A checkpoint made a room's state machine again, or why it cannot be.
    private enum Rebuilt: Sendable {
        case room(RoomCheckpoint, strokeCount: Int, RoomStateMachine)
        case refused(code: String, RoomRestoreError)
    }

    /// Brings back every room whose checkpoint has no live host, then lets `hello`s through. A
    /// checkpoint that cannot become a room again is deleted, logged with its code and why, and
    /// counted; the others restore all the same.
    func restoreRooms() async {
        defer {
            restored.store(true, ordering: .releasing)
            for waiter in restoreWaiters { waiter.resume() }
            restoreWaiters = []
        }
        // In a cluster a node's rooms are claimed through the directory, which this node joins
        // only once it serves; until hand-over between nodes is built, a cluster node restores
        // nothing and its rooms' checkpoints wait in the database.
        guard let checkpoints, !cluster.isClustered else { return }
        let started = ContinuousClock.now
        let stored: [StoredRoomCheckpoint]
        do {
            stored = try await checkpoints.claimOrphans(for: checkpointNodeId, goneNodes: [])
        } catch {
            logger.error("reading rooms' checkpoints failed: no room is restored", metadata: ["error": "\(error)"])
            return
        }
        guard !stored.isEmpty else { return }
        let now = clock.nowMillis()
        let seeds = stored.map { _ in random.next() }
        var rebuilt: [(RoomCheckpoint, strokeCount: Int, RoomStateMachine)] = []
        for outcome in await Self.rebuild(stored, seeds: seeds, rules: rules, packs: packs, blocklist: blocklist, now: now) {
            switch outcome {
            case .room(let checkpoint, let strokeCount, let machine): rebuilt.append((checkpoint, strokeCount, machine))
            case .refused(let code, let error): await drop(code: code, because: error)
            }
        }
        let archived: Set<String>
        do {
            archived = try await checkpoints.archivedDrawingIds(rebuilt.compactMap(\.0.openDrawingId))
        } catch {
            logger.error("reading which open drawings reached the archive failed: no room is restored", metadata: ["error": "\(error)"])
            return
        }
        var restored = 0
        for (checkpoint, strokeCount, restoredMachine) in rebuilt where rooms[checkpoint.code] == nil {
            var machine = restoredMachine
            var effects: [RoomEffect] = []
            if let open = checkpoint.openDrawingId, archived.contains(open) {
                effects = machine.endTurnArchivedBeforeRestore(now: now)
            }
            let checkpointer = RoomCheckpointer(
                archive: archive, nodeId: checkpointNodeId, intervalMillis: rules.timing.checkpointMillis, restored: checkpoint,
                strokeCount: strokeCount)
            let room = makeRoom(machine, eventLoop: MultiThreadedEventLoopGroup.singleton.next(), creatorQueue: nil, checkpointer: checkpointer)
            add(room)
            for member in checkpoint.memberIDs { await seatRestored(member, checkpoint.code) }
            await room.startRestored(effects: effects)
            metrics.roomRestored()
            restored += 1
        }
        logger.info(
            "restored rooms from their checkpoints",
            metadata: ["rooms": "\(restored)", "dropped": "\(stored.count - restored)", "took": "\(ContinuousClock.now - started)"])
    }

    /// Decodes the checkpoints and rebuilds their machines on every core at once: decoding the
    /// strokes and replaying them through the board's checks is most of a restore's work, and
    /// it needs nothing but the values.
    private nonisolated static func rebuild(
        _ stored: [StoredRoomCheckpoint], seeds: [UInt64], rules: GameRules, packs: [String: WordPack], blocklist: Blocklist, now: Int64
    ) async -> [Rebuilt] {
        let slices = max(1, min(ProcessInfo.processInfo.activeProcessorCount, stored.count))
        let sliceLength = (stored.count + slices - 1) / slices
        return await withTaskGroup(of: (Int, [Rebuilt]).self) { group in
            for slice in 0..<slices {
                let range = (slice * sliceLength)..<min(stored.count, (slice + 1) * sliceLength)
                guard !range.isEmpty else { continue }
                group.addTask {
                    let outcomes = range.map { index in
                        let row = stored[index]
                        do throws(RoomRestoreError) {
                            let (checkpoint, strokes) = try row.decoded()
                            let machine = try RoomStateMachine(
                                restoring: checkpoint, strokes: strokes, rules: rules, packs: packs, blocklist: blocklist,
                                seed: seeds[index], now: now)
                            return Rebuilt.room(checkpoint, strokeCount: strokes.count, machine)
                        } catch {
                            return Rebuilt.refused(code: row.code, error)
                        }
                    }
                    return (slice, outcomes)
                }
            }
            var bySlice: [Int: [Rebuilt]] = [:]
            for await (slice, outcomes) in group { bySlice[slice] = outcomes }
            return bySlice.keys.sorted().flatMap { bySlice[$0] ?? [] }
        }
    }

    private func drop(code: String, because error: any Error) async {
        logger.error("a room's checkpoint cannot be restored; the room is dropped", metadata: ["room": "\(code)", "reason": "\(error)"])
        metrics.checkpointDropped()
        do {
            try await checkpoints?.delete(code: code)
        } catch {
            logger.error("deleting a dropped room's checkpoint failed", metadata: ["room": "\(code)", "error": "\(error)"])
        }
    }
}
