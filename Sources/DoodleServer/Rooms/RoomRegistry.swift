import DoodleCore
import Logging
import ServiceLifecycle

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
    private var random = SystemRandomNumberGenerator()
    let rules: GameRules
    private let packs: [String: WordPack]
    private let blocklist: Blocklist
    let clock: any GameClock
    private let archive: any GameArchive
    let logger: Logger
    let metrics: ServerMetrics
    /// Claims each new room's code cluster-wide and releases it when the room closes.
    let cluster: ClusterMembership
    /// In a cluster: the public rooms' changes on their way to the directory.
    let pendingPublic: PendingPublicRooms?
    /// Replaces the random draw of codes (``ClusterSettings/drawPartyCode``).
    private let drawCode: (@Sendable () -> String)?
    /// Told when a room releases a seat (the player directory forgets the player's room).
    private let seatReleased: @Sendable (PlayerID, String) async -> Void

    init(
        rules: GameRules, packs: [String: WordPack], blocklist: Blocklist, clock: any GameClock, archive: any GameArchive, metrics: ServerMetrics,
        cluster: ClusterMembership, pendingPublic: PendingPublicRooms? = nil, drawCode: (@Sendable () -> String)? = nil, logger: Logger,
        seatReleased: @escaping @Sendable (PlayerID, String) async -> Void
    ) {
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
        self.seatReleased = seatReleased
        (newRoomStream, newRooms) = AsyncStream.makeStream(of: Room.self)
    }

    nonisolated func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                // Ends the loop below on shutdown; rooms' timers are cancelled with the group.
                try? await gracefulShutdown()
                self.newRooms.finish()
            }
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
        mode: RoomMode, settings: RoomSettings, creator: PlayerID, creatorName: String, queue: OutboundQueue, startsOnItsOwn: Bool = false
    ) async throws -> Room {
        let code = try await claimNewCode()
        let machine = RoomStateMachine(
            code: code, mode: mode, settings: settings, creator: creator, creatorName: creatorName, rules: rules, packs: packs,
            blocklist: blocklist, seed: random.next(), startsOnItsOwn: startsOnItsOwn)
        let room = Room(
            machine: machine, creatorQueue: queue, replayCapacity: rules.limits.replayBufferEvents,
            replayByteLimit: rules.limits.replayBufferBytes, clock: clock, archive: archive, metrics: metrics,
            logger: logger,
            onSeatReleased: seatReleased,
            onExpired: { [weak self] code in await self?.remove(code: code) },
            onPublicStatus: { [weak self] status in await self?.publicStatusChanged(status) })
        rooms[code] = room
        metrics.roomsChanged(rooms.count)
        newRooms.yield(room)
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
                if try await cluster.claim(code: code), rooms[code] == nil { return code }
            } catch {
                throw RoomRegistryError.directoryUnavailable("\(error)")
            }
        }
        throw RoomRegistryError.noFreeCode
    }

    private static let claimAttempts = 16

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
            // Watchers too: a watcher's place is recorded like a seat, so that it resumes anywhere.
            for player in await room.memberIDs() { await cluster.seatTaken(player, room: code) }
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

    var description: String {
        switch self {
        case .directoryUnavailable(let reason): "the room directory cannot be reached (\(reason))"
        case .noFreeCode: "no free invite code was found"
        }
    }
}
