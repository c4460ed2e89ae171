import DoodleCore
import DoodleStorage
import Foundation
import Logging
import NIOPosix
import Synchronization

/// Bringing back the rooms of checkpoints: at start, and in a cluster the rooms of nodes that
/// stopped or died (PROTOCOL.md rev 5, "Restore" and "Handing over").
extension RoomRegistry {
    /// A checkpoint made a room's state machine again, or why it cannot be.
    private enum Rebuilt: Sendable {
        case room(RoomCheckpoint, strokeCount: Int, RoomStateMachine)
        case refused(code: String, RoomRestoreError)
    }

    /// At start, on a server alone on its database: brings back every room of a checkpoint, then
    /// lets `hello`s through. A node of a cluster does this once it has joined
    /// (``adoptAfterJoining()``): until then it may claim no code.
    func restoreRooms() async {
        guard checkpoints != nil, !cluster.isClustered else { return markRestored() }
        defer { markRestored() }
        await restore(claiming: nil)
    }

    /// A node of a cluster has joined: it adopts the rooms without a live host (its own of
    /// before a restart among them), then lets `hello`s through.
    func adoptAfterJoining() async {
        guard cluster.isClustered else { return }
        defer { markRestored() }
        await adoptOrphans()
    }

    /// In a cluster: claims and restores the rooms whose checkpoints have no live host (released
    /// by a node that stopped, or of a node whose lease ran out). Called after joining, after
    /// every lease renewal, and when a stopping node says it released its rooms. Calls that come
    /// while one runs make it look once more instead of running beside it.
    func adoptOrphans() async {
        guard cluster.isClustered, checkpoints != nil, !isStopping else { return }
        guard !isAdopting else {
            adoptAgain = true
            await withCheckedContinuation { adoptionWaiters.append($0) }
            return
        }
        isAdopting = true
        defer {
            isAdopting = false
            for waiter in adoptionWaiters { waiter.resume() }
            adoptionWaiters = []
        }
        repeat {
            adoptAgain = false
            guard await cluster.registered else { return }
            let live: Set<String>
            do {
                live = try await cluster.liveNodeIDs()
            } catch {
                logger.error("listing the live nodes failed: no room is adopted now", metadata: ["error": "\(error)"])
                return
            }
            await restore(claiming: live)
        } while adoptAgain && !isStopping
    }

    /// A code no live node hosts was asked for: when its room waits in a checkpoint (its node
    /// stopped, or died and its lease has just run out, and no renewal has adopted it yet), the
    /// rooms without a host are adopted now rather than the client told `room_not_found`.
    /// Returns whether it looked (the caller asks the registry and the directory again).
    func adoptIfWaiting(code: String) async -> Bool {
        guard cluster.isClustered, let checkpoints, !isStopping, rooms[code] == nil else { return false }
        do {
            guard try await checkpoints.hasCheckpoint(code: code) else { return false }
        } catch {
            logger.error("looking for a room's checkpoint failed", metadata: ["room": "\(code)", "error": "\(error)"])
            return false
        }
        await adoptOrphans()
        return true
    }

    private func markRestored() {
        guard !isRestored else { return }
        restored.store(true, ordering: .releasing)
        for waiter in restoreWaiters { waiter.resume() }
        restoreWaiters = []
    }

    /// Claims the checkpoints of rooms without a host (every one when `liveNodes` is nil: a
    /// server alone) and brings their rooms back. A checkpoint that cannot become a room again
    /// is deleted, logged with its code and why, and counted; the others restore all the same.
    private func restore(claiming liveNodes: Set<String>?) async {
        guard let checkpoints else { return }
        let started = ContinuousClock.now
        let stored: [StoredRoomCheckpoint]
        do {
            stored = try await checkpoints.claimOrphans(for: checkpointNodeId, liveNodes: liveNodes ?? [])
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
            logger.error("reading which open drawings reached the archive failed: no room is restored now", metadata: ["error": "\(error)"])
            await giveBack(rebuilt.map(\.0.code))
            return
        }
        var restored = 0
        var unclaimed: [String] = []
        for (checkpoint, strokeCount, restoredMachine) in rebuilt {
            guard !isStopping else {
                unclaimed.append(checkpoint.code)
                continue
            }
            guard rooms[checkpoint.code] == nil else {
                logger.error("a room here has the code of a checkpoint without a host; the checkpoint is not restored", metadata: ["room": "\(checkpoint.code)"])
                continue
            }
            switch await claimCode(of: checkpoint.code) {
            case .claimed: break
            case .heldElsewhere:
                await drop(code: checkpoint.code, because: RoomAdoptionError.codeHeldElsewhere)
                continue
            case .unreachable:
                unclaimed.append(checkpoint.code)
                continue
            }
            var machine = restoredMachine
            var effects: [RoomEffect] = []
            if let open = checkpoint.openDrawingId, archived.contains(open) {
                effects = machine.endTurnArchivedBeforeRestore(now: now)
            }
            let checkpointer = RoomCheckpointer(
                archive: archive, nodeId: checkpointNodeId, intervalMillis: rules.timing.checkpointMillis, slot: nextCheckpointSlot(), restored: checkpoint,
                strokeCount: strokeCount)
            let room = makeRoom(machine, eventLoop: MultiThreadedEventLoopGroup.singleton.next(), creatorQueue: nil, checkpointer: checkpointer)
            add(room)
            await room.startRestored(effects: effects)
            metrics.roomRestored()
            restored += 1
        }
        await giveBack(unclaimed)
        logger.info(
            liveNodes == nil ? "restored rooms from their checkpoints" : "adopted rooms without a host from their checkpoints",
            metadata: [
                "rooms": "\(restored)", "dropped": "\(stored.count - restored - unclaimed.count)", "left": "\(unclaimed.count)",
                "took": "\(ContinuousClock.now - started)",
            ])
    }

    private enum CodeClaim {
        case claimed, heldElsewhere, unreachable
    }

    /// Alone, a restored room's code is its own; in a cluster the directory must give it to
    /// this node.
    private func claimCode(of code: String) async -> CodeClaim {
        guard cluster.isClustered else { return .claimed }
        do {
            return try await cluster.claim(code: code) ? .claimed : .heldElsewhere
        } catch {
            logger.error("claiming a restored room's code failed; the room waits for another try", metadata: ["room": "\(code)", "error": "\(error)"])
            return .unreachable
        }
    }

    /// Checkpoints claimed but not restored now go back for any node to adopt.
    private func giveBack(_ codes: [String]) async {
        guard let checkpoints, let nodeId = checkpointNodeId, !codes.isEmpty else { return }
        do {
            try await checkpoints.release(codes: codes, nodeId: nodeId)
        } catch {
            logger.error("giving rooms' checkpoints back failed; they are adopted when this node's lease runs out", metadata: ["error": "\(error)"])
        }
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

/// Why a checkpoint claimed by this node of a cluster cannot become its room.
enum RoomAdoptionError: Error, CustomStringConvertible {
    /// A live node holds the room's code in the directory.
    case codeHeldElsewhere

    var description: String { "another live node holds the room's code" }
}
