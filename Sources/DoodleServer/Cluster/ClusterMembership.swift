import DoodleCore
import DoodleStorage
import Logging

/// This node's place in the cluster: its identity and lease in the room directory, and every
/// question the rest of the server asks the directory. Alone (no ``ClusterSettings``) it answers
/// from ``SingleNodeDirectory``: every room is here, nothing is elsewhere.
actor ClusterMembership {
    /// Fresh for each process start, so a restarted node never revives the rooms it lost.
    nonisolated let nodeID: String
    nonisolated let isClustered: Bool
    /// How this node reaches the others, when it does.
    nonisolated let signals: (any ClusterSignals)?
    private let directory: any RoomDirectory
    nonisolated private let lease: DirectoryLease
    private let leaseClock: any GameClock
    private let nodeURL: @Sendable (Int) -> String
    private let logger: Logger
    /// This node's public address, known once it listens.
    private(set) var url: String?
    /// Whether the directory holds a live lease of this node: only then may it claim codes.
    private(set) var registered = false
    /// Set once the node has left on a graceful stop: its renewals register it no more.
    private var departed = false

    /// - Parameter sharedDirectory: the settings' directory, resolved
    ///   (``ClusterSettings/resolvedDirectory(storage:)``); nil when the node runs alone.
    /// - Parameter signals: the settings' signals, resolved (``ClusterSettings/resolvedSignals(storage:logger:)``).
    init(settings: ClusterSettings?, directory sharedDirectory: (any RoomDirectory)?, signals: (any ClusterSignals)?, logger: Logger) {
        var generator = SystemRandomNumberGenerator()
        nodeID = OpaqueID.make(prefix: "n_", using: &generator)
        self.logger = logger
        guard let settings, let sharedDirectory else {
            isClustered = false
            self.signals = nil
            directory = SingleNodeDirectory()
            lease = .standard
            leaseClock = SystemGameClock()
            nodeURL = { _ in "" }
            return
        }
        isClustered = true
        self.signals = signals
        directory = sharedDirectory
        lease = settings.lease
        leaseClock = settings.leaseClock
        nodeURL = settings.nodeURL
    }

    // MARK: - The lease

    /// The server listens on `boundPort`: registers this node, so that it may claim codes. If
    /// the directory cannot be reached now, the renewals try again (meanwhile `createRoom`
    /// answers `internal`).
    func register(boundPort: Int) async {
        url = nodeURL(boundPort)
        await registerNow()
    }

    @discardableResult
    private func registerNow() async -> Bool {
        guard let url, !departed else { return false }
        do {
            try await directory.register(ClusterNode(id: nodeID, url: url), leaseMilliseconds: lease.leaseMilliseconds)
            registered = true
            logger.info("joined the cluster", metadata: ["node": "\(nodeID)", "url": "\(url)"])
            return true
        } catch {
            logger.error("registering this node in the room directory failed", metadata: ["node": "\(nodeID)", "error": "\(error)"])
            return false
        }
    }

    /// Renews the lease every renewal interval until the task is cancelled. A lease found
    /// lapsed (the node was paused or cut off for a whole lease) is started again, and then
    /// `leaseRestarted` runs: the rooms here must take their codes back. After each renewal
    /// `renewed` is told (it must not wait: the node then looks for rooms whose host's lease ran
    /// out, which may take a restore's time).
    nonisolated func renewUntilCancelled(leaseRestarted: @Sendable () async -> Void, renewed: @Sendable () -> Void) async {
        var due = leaseClock.nowMillis() + lease.renewalMilliseconds
        while true {
            do {
                try await leaseClock.sleep(untilMillis: due)
            } catch {
                return
            }
            if await renewOnce() { await leaseRestarted() }
            renewed()
            // On the interval's beat, not from when the work after a renewal ended: time spent
            // there would push every later renewal back. A node that fell behind renews at once.
            due = max(due + lease.renewalMilliseconds, leaseClock.nowMillis())
        }
    }

    /// True when the lease was (re)started rather than renewed.
    private func renewOnce() async -> Bool {
        guard registered else { return await registerNow() }
        do {
            if try await directory.renew(nodeID, leaseMilliseconds: lease.leaseMilliseconds) { return false }
        } catch {
            logger.error("renewing this node's lease failed", metadata: ["node": "\(nodeID)", "error": "\(error)"])
            return false
        }
        registered = false
        logger.warning("this node's lease had run out; registering again", metadata: ["node": "\(nodeID)"])
        return await registerNow()
    }

    /// After a lapsed lease: whether the live room `code` is still, or again, this node's. A
    /// code another node claimed meanwhile is not.
    func reclaim(code: String) async -> Bool {
        do {
            if try await directory.host(of: code)?.id == nodeID { return true }
            return try await directory.claim(code: code, for: nodeID)
        } catch {
            logger.error("reclaiming a room's code failed", metadata: ["room": "\(code)", "error": "\(error)"])
            return false
        }
    }

    /// Graceful shutdown: the lease, codes and seats go at once, so other nodes need not wait
    /// for the lease to run out.
    func leave() async {
        registered = false
        departed = true
        do {
            try await directory.releaseAll(nodeID)
            logger.info("left the cluster", metadata: ["node": "\(nodeID)"])
        } catch {
            logger.error("releasing this node's rooms failed; they go when its lease runs out", metadata: ["error": "\(error)"])
        }
    }

    // MARK: - Rooms and seats

    /// Claims `code` for a new room here; false when a live node holds it.
    /// - Throws: ``ClusterMembershipError/notRegistered`` while the node has no lease.
    func claim(code: String) async throws -> Bool {
        guard registered || !isClustered else { throw ClusterMembershipError.notRegistered }
        return try await directory.claim(code: code, for: nodeID)
    }

    /// The room with `code` closed here.
    func release(code: String) async {
        do {
            try await directory.release(code: code, by: nodeID)
        } catch {
            logger.error("releasing a room's code failed", metadata: ["room": "\(code)", "error": "\(error)"])
        }
    }

    /// The other node hosting `code`, or nil when none does (this one is not asked about).
    func remoteHost(of code: String) async throws -> ClusterNode? {
        guard isClustered, let host = try await directory.host(of: code), host.id != nodeID else { return nil }
        return host
    }

    func seatTaken(_ player: PlayerID, room code: String) async {
        guard isClustered else { return }
        do {
            try await directory.seatTaken(player: player, code: code, nodeID: nodeID)
        } catch {
            logger.error("recording a seat in the directory failed", metadata: ["player": "\(player)", "error": "\(error)"])
        }
    }

    func seatReleased(_ player: PlayerID, room code: String) async {
        guard isClustered else { return }
        do {
            try await directory.seatReleased(player: player, code: code, nodeID: nodeID)
        } catch {
            logger.error("releasing a seat in the directory failed", metadata: ["player": "\(player)", "error": "\(error)"])
        }
    }

    /// Public rooms' changed status, for the other nodes' lists and quick play. A failure is
    /// logged: the next change of each room writes it again.
    func publish(_ statuses: [PublicRoomStatus], unpublish: [String]) async {
        guard isClustered, registered else { return }
        do {
            try await directory.publish(statuses, unpublish: unpublish, by: nodeID)
        } catch {
            logger.error("publishing public rooms failed", metadata: ["rooms": "\(statuses.count)", "error": "\(error)"])
        }
    }

    /// The public rooms of the whole cluster (this node's included), in the list's order.
    func publicRooms(wordPack: String?, phase: Phase?, mode: RoomMode?, limit: Int) async throws -> [ListedPublicRoom] {
        try await directory.publicRooms(wordPack: wordPack, phase: phase, mode: mode, limit: limit)
    }

    /// `player` said `hello` here at `at`: its connections on other nodes are replaced.
    func announceConnection(of player: PlayerID, at: Int64) async {
        guard let signals else { return }
        do {
            try await signals.broadcast(ClusterSignal(.connected(player: player, nodeID: nodeID, at: at)), from: nodeID)
        } catch {
            logger.error("announcing a connection to the cluster failed", metadata: ["player": "\(player)", "error": "\(error)"])
        }
    }

    /// Widget heads changed here: the other nodes forget what they keep of them.
    func announceHeadsChanged(_ batch: PendingHeadChanges.Batch) async {
        guard let signals else { return }
        let players: [PlayerID]?
        switch batch {
        case .players(let changed): players = changed
        case .everyone: players = nil
        }
        do {
            try await signals.broadcast(ClusterSignal(.headsChanged(players: players)), from: nodeID)
        } catch {
            logger.error("announcing widget-head changes to the cluster failed", metadata: ["error": "\(error)"])
        }
    }

    /// Tells `host`, the node of the party room `code`, to close it (an operator's decision).
    ///
    /// - Throws: ``LiveModerationError/hostUnreachable`` without signals or when sending fails.
    func tellToClose(code: String, reason: String, host: ClusterNode) async throws {
        guard let signals else { throw LiveModerationError.hostUnreachable(host, "this node has no signals to other nodes") }
        do {
            try await signals.send(ClusterSignal(.closeRoom(code: code, reason: reason)), to: host.id)
        } catch {
            throw LiveModerationError.hostUnreachable(host, "\(error)")
        }
    }

    /// `player` was banned: the other nodes close its connections and take it out of their rooms.
    /// Alone, or without signals, there is nobody to tell.
    ///
    /// - Throws: what sending throws: the caller says the ban did not reach every node.
    func announceBan(of player: PlayerID) async throws {
        try await signals?.broadcast(ClusterSignal(.playerBanned(player: player)), from: nodeID)
    }

    /// A stored drawing was deleted: the other nodes forget what they keep of it.
    ///
    /// - Throws: what sending throws: the caller says the deletion did not reach every node.
    func announceDrawingDeleted(_ drawingId: String, pairId: String?, players: [PlayerID]) async throws {
        try await signals?.broadcast(ClusterSignal(.drawingDeleted(drawingId: drawingId, pairId: pairId, players: players)), from: nodeID)
    }

    /// One of `player`'s devices was removed: the other nodes forget its token and close the
    /// connection made with it.
    ///
    /// - Throws: what sending throws: the caller says the revocation did not reach every node.
    func announceDeviceRevoked(player: PlayerID, tokenHash: String) async throws {
        try await signals?.broadcast(ClusterSignal(.deviceRevoked(player: player, tokenHash: tokenHash)), from: nodeID)
    }

    /// The nodes alive now, this one included while its lease is.
    func liveNodeIDs() async throws -> Set<String> {
        try await directory.liveNodeIDs()
    }

    /// This node handed its rooms over: the other nodes adopt them now. Unheard (no signals, or
    /// sending failed), they adopt them at their next lease renewal.
    func announceRoomsReleased() async {
        guard let signals else { return }
        do {
            try await signals.broadcast(ClusterSignal(.roomsReleased(nodeID: nodeID)), from: nodeID)
        } catch {
            logger.error("announcing this node's released rooms failed; other nodes adopt them at their next renewal", metadata: ["error": "\(error)"])
        }
    }

    /// Waits until a live node hosts each of `codes` (rooms this node handed over), at most
    /// `limit`, and not at all once no live node is left to adopt them (the whole cluster
    /// stopping); looks every 20 ms, each time only for the codes still without a host.
    func waitUntilHosted(_ codes: [String], within limit: Duration) async {
        guard isClustered, !codes.isEmpty else { return }
        let deadline = ContinuousClock.now + limit
        var waiting = codes
        do {
            while !waiting.isEmpty, ContinuousClock.now < deadline {
                guard try await !directory.liveNodeIDs().isEmpty else { return }
                var stillWaiting: [String] = []
                for code in waiting where try await directory.host(of: code) == nil { stillWaiting.append(code) }
                waiting = stillWaiting
                if !waiting.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
            }
        } catch {
            logger.warning("could not see whether this node's rooms have new hosts", metadata: ["error": "\(error)"])
            return
        }
        if !waiting.isEmpty {
            logger.warning("rooms handed over have no new host yet; their players find them once one adopts them", metadata: ["rooms": "\(waiting.count)"])
        }
    }

    /// The lease in whole seconds, rounded up: after this long a silent node is surely gone.
    nonisolated var leaseSeconds: Int { Int((lease.leaseMilliseconds + 999) / 1000) }

    /// The seat `player` holds on another node, if any.
    func remoteSeat(of player: PlayerID) async throws -> SeatLocation? {
        guard isClustered, let seat = try await directory.seat(of: player), seat.node.id != nodeID else { return nil }
        return seat
    }

    /// The room `player` held a seat in on a node that died, while no node has adopted it yet.
    func seatWithoutHost(of player: PlayerID) async throws -> String? {
        guard isClustered else { return nil }
        return try await directory.seatWithoutHost(of: player)
    }
}

enum ClusterMembershipError: Error, CustomStringConvertible {
    /// The node holds no lease in the room directory (not yet, or not since it lapsed).
    case notRegistered

    var description: String { "this node is not registered in the room directory" }
}
