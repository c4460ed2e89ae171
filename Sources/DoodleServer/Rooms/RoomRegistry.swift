import DoodleBot
import DoodleCore
import DoodleStorage
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// Hands out invite codes, finds rooms by code, keeps the public rooms' status for the room
/// list and quick play, and runs every room's timers inside its own task group for as long as
/// the room lives.
actor RoomRegistry: Service {
    private(set) var rooms: [String: Room] = [:]
    /// The public rooms here, as they last told their status, with when each opened.
    var publicRooms: [String: PublicRoomEntry] = [:]
    /// Quick play takes one player of a word pack at a time (`RoomRegistry+QuickPlay`); the
    /// others of that pack wait here, first come first served.
    var quickPlayWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private let newRooms: AsyncStream<Room>.Continuation
    private nonisolated let newRoomStream: AsyncStream<Room>
    var random = SystemRandomNumberGenerator()
    /// The last checkpoint slot dealt out (`nextCheckpointSlot`).
    private var checkpointSlots = 0
    let rules: GameRules
    let packs: [String: WordPack]
    let blocklist: Blocklist
    let clock: any GameClock
    let archive: any GameArchive
    let logger: Logger
    let metrics: ServerMetrics
    /// Claims each new room's code cluster-wide and releases it when the room closes.
    let cluster: ClusterMembership
    /// In a cluster: the public rooms' changes on their way to the directory.
    let pendingPublic: PendingPublicRooms?
    /// Replaces the random draw of codes (``ClusterSettings/drawPartyCode``).
    private let drawCode: (@Sendable () -> String)?
    /// Where rooms record the seats they take and free.
    private let seats: SeatIndex
    /// `--house-bots`: whether a lone player of a public lobby may call in house bots.
    let houseBotsAllowed: Bool
    /// Where rooms' checkpoints are read back from at start; nil: rooms keep none.
    let checkpoints: (any RoomCheckpointStore)?
    /// Set once the rooms of checkpoints were restored (at once without checkpoints): until
    /// then no `hello` is answered, so that no player resumes into a room not yet back. Read
    /// without a hop to the registry: every `hello` and health check asks.
    nonisolated let restored: Atomic<Bool>
    /// Set when the server stops: rooms are frozen at their last checkpoint and none is created.
    private(set) var isStopping = false
    var restoreWaiters: [CheckedContinuation<Void, Never>] = []
    /// An adoption of rooms without a host is running (`RoomRegistry+Restore`); one asked for
    /// meanwhile sets `adoptAgain`, and the running one looks once more.
    var isAdopting = false
    var adoptAgain = false
    /// Callers that asked while an adoption ran, and wait for it to end.
    var adoptionWaiters: [CheckedContinuation<Void, Never>] = []

    init(
        rules: GameRules, packs: [String: WordPack], blocklist: Blocklist, clock: any GameClock, archive: any GameArchive, metrics: ServerMetrics,
        cluster: ClusterMembership, pendingPublic: PendingPublicRooms? = nil, drawCode: (@Sendable () -> String)? = nil,
        checkpoints: (any RoomCheckpointStore)? = nil, logger: Logger, seats: SeatIndex, houseBotsAllowed: Bool = false
    ) {
        self.houseBotsAllowed = houseBotsAllowed
        self.checkpoints = checkpoints
        self.restored = Atomic(checkpoints == nil)
        self.pendingPublic = pendingPublic
        self.rules = rules
        self.packs = packs
        self.blocklist = blocklist
        self.clock = clock
        self.archive = archive
        self.metrics = metrics
        self.cluster = cluster
        self.drawCode = drawCode
        self.logger = logger
        self.seats = seats
        (newRoomStream, newRooms) = AsyncStream.makeStream(of: Room.self)
    }

    nonisolated func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                // Ends the loop below on shutdown; rooms' timers are cancelled with the group,
                // once every room has written its last checkpoint (at once if the client drain
                // or a hand-over has had them written already).
                try? await gracefulShutdown()
                await self.stopForShutdown()
                self.newRooms.finish()
            }
            group.addTask { await self.restoreRooms() }
            for await room in newRoomStream {
                group.addTask { await room.runTimers() }
            }
            group.cancelAll()
        }
    }

    func room(code: String) -> Room? {
        rooms[code]
    }

    /// Creates a room with its creator seated and sends the creator its `roomState`.
    ///
    /// - Throws: ``RoomRegistryError`` when no code could be claimed in the room directory.
    func create(
        mode: RoomMode, settings: RoomSettings, creator: PlayerID, creatorName: String, creatorAvatar: Avatar? = nil, queue: OutboundQueue,
        startsOnItsOwn: Bool = false
    ) async throws -> Room {
        guard !isStopping else { throw RoomRegistryError.stopping }
        let code = try await claimNewCode()
        let machine = RoomStateMachine(
            code: code, mode: mode, settings: settings, creator: creator, creatorName: creatorName, creatorAvatar: creatorAvatar,
            rules: rules, packs: packs,
            blocklist: blocklist, seed: random.next(), startsOnItsOwn: startsOnItsOwn, createdAt: clock.nowMillis())
        let room = makeRoom(machine, eventLoop: queue.eventLoop, creatorQueue: queue, checkpointer: newCheckpointer())
        add(room)
        await room.start()
        logger.debug("room created", metadata: ["room": "\(code)", "mode": "\(mode.rawValue)"])
        return room
    }

    /// A fresh party code, claimed for this node in the directory. On one node only the local
    /// map can refuse a code; in a cluster a live code elsewhere refuses it too. With 32^5 × 16
    /// party codes a refusal is rare, and 16 in a row a fault worth an error.
    private func claimNewCode() async throws -> String {
        for _ in 0..<Self.claimAttempts {
            let code = drawCode?() ?? InviteCode.random(.party, using: &random)
            guard rooms[code] == nil else { continue }
            // Alone, the local map is the whole truth: no hop to the directory.
            guard cluster.isClustered else { return code }
            do {
                guard try await cluster.claim(code: code) else { continue }
                // A code whose room waits in a checkpoint for a node to adopt it is not free.
                if try await checkpoints?.hasCheckpoint(code: code) == true {
                    await cluster.release(code: code)
                    continue
                }
                if rooms[code] == nil { return code }
            } catch {
                throw RoomRegistryError.directoryUnavailable("\(error)")
            }
        }
        throw RoomRegistryError.noFreeCode
    }

    private static let claimAttempts = 16

    func makeRoom(_ machine: RoomStateMachine, eventLoop: any EventLoop, creatorQueue: OutboundQueue?, checkpointer: RoomCheckpointer) -> Room {
        var machine = machine
        machine.houseBotsAllowed = houseBotsAllowed
        let packs = packs
        return Room(
            machine: machine, eventLoop: eventLoop, creatorQueue: creatorQueue, checkpointer: checkpointer,
            replayCapacity: rules.limits.replayBufferEvents, replayByteLimit: rules.limits.replayBufferBytes, clock: clock, archive: archive,
            metrics: metrics, logger: logger,
            seats: seats, houseBots: HouseBots { pack in BotVocabulary(pack: packs[pack]?.words ?? []) },
            onExpired: { [weak self] code in await self?.remove(code: code) },
            onPublicStatus: { [weak self] status in await self?.publicStatusChanged(status) })
    }

    func add(_ room: Room) {
        rooms[room.code] = room
        metrics.roomsChanged(rooms.count)
        newRooms.yield(room)
    }

    var checkpointNodeId: String? { cluster.isClustered ? cluster.nodeID : nil }

    private func newCheckpointer() -> RoomCheckpointer {
        RoomCheckpointer(
            archive: checkpoints == nil ? nil : archive, nodeId: checkpointNodeId, intervalMillis: rules.timing.checkpointMillis,
            slot: nextCheckpointSlot())
    }

    /// The checkpoint slot of the next room: rooms take them in turn, so each slot has its share.
    func nextCheckpointSlot() -> Int {
        checkpointSlots &+= 1
        return checkpointSlots
    }

    // MARK: - Outliving the server

    nonisolated var isRestored: Bool { restored.load(ordering: .acquiring) }

    /// Suspends until the rooms of checkpoints are back (at once after that).
    nonisolated func waitUntilRestored() async {
        guard !isRestored else { return }
        await waitForRestore()
    }

    private func waitForRestore() async {
        // The restore sets the flag and resumes the waiters on this actor: checked again here,
        // no waiter can miss it.
        guard !isRestored else { return }
        await withCheckedContinuation { restoreWaiters.append($0) }
    }

    /// On a graceful stop, before any client is told to go: every room writes its last
    /// checkpoint (the archive writer, stopped after the rooms, writes it before it stops) and
    /// takes no message, disconnect or timer after it. No room is created after this.
    func stopForShutdown() async {
        // A node of a cluster has done this at its hand-over, before the client drain asks.
        guard !isStopping else { return }
        isStopping = true
        for room in rooms.values { await room.writeFinalCheckpoint() }
        if checkpoints != nil { logger.info("wrote every room's last checkpoint", metadata: ["rooms": "\(rooms.count)"]) }
    }

    /// A node of a cluster stopping gracefully hands its rooms over: each room's last checkpoint
    /// is written, then every checkpoint of this node is released for a live node to adopt.
    /// Called before the node leaves the directory, so that no node adopts a room from a
    /// checkpoint older than the stop.
    /// - Returns: the codes of the rooms released.
    @discardableResult
    func handOver() async -> [String] {
        await stopForShutdown()
        guard let checkpoints, let nodeId = checkpointNodeId else { return [] }
        if await !archive.flush() {
            logger.error("some rooms' last checkpoints could not be written; they are handed over as last stored")
        }
        do {
            let released = try await checkpoints.release(nodeId: nodeId)
            logger.info("handed this node's rooms over", metadata: ["rooms": "\(released.count)"])
            return released
        } catch {
            logger.error("releasing this node's rooms failed; they are adopted when its lease runs out", metadata: ["error": "\(error)"])
            return []
        }
    }

    /// After this node's lease lapsed and was started again: each live room takes its code back,
    /// and its players' seats are recorded again (a lapsed lease may have taken them along). A
    /// code another node claimed meanwhile stays that node's; the room here plays on for the
    /// players in it, but the cluster sends nobody else to it.
    func reclaimCodes() async {
        for (code, room) in rooms {
            guard await cluster.reclaim(code: code) else {
                logger.error("another node took this room's code while this node's lease had lapsed", metadata: ["room": "\(code)"])
                continue
            }
            // The room may have closed while this loop waited on the directory.
            guard rooms[code] != nil else {
                await cluster.release(code: code)
                continue
            }
            await room.recordSeatsAgain()
            // The lapsed lease took the room's listing along: it is published again.
            if let entry = publicRooms[code] { pendingPublic?.add(entry.status) }
        }
    }

    /// An operator closes the room with `code` here: its members hear `reason` and are let go
    /// (4005), and the room goes with its code, listing and seats. False when no room here has
    /// the code (or it was closing already).
    func close(code: String, reason: String) async -> Bool {
        guard let room = rooms[code] else { return false }
        return await room.closeByOperator(reason: reason)
    }

    private func remove(code: String) async {
        if publicRooms.removeValue(forKey: code) != nil { metrics.publicRoomsChanged(publicRooms.count) }
        guard let room = rooms.removeValue(forKey: code) else { return }
        metrics.roomsChanged(rooms.count)
        await room.close()
        if cluster.isClustered { await cluster.release(code: code) }
    }
}

enum RoomRegistryError: Error, CustomStringConvertible {
    case directoryUnavailable(String)
    case noFreeCode
    case stopping

    var description: String {
        switch self {
        case .directoryUnavailable(let reason): "the room directory cannot be reached (\(reason))"
        case .noFreeCode: "no free invite code was found"
        case .stopping: "the server is stopping"
        }
    }
}
