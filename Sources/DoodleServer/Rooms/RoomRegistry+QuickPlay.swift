import DoodleCore
import DoodleStorage
import Logging

/// A public room as the registry knows it: its last told status, and when it opened (quick
/// play's tie-break: the oldest first).
struct PublicRoomEntry: Sendable {
    var status: PublicRoomStatus
    let openedAt: Int64
}

/// What quick play came to for one player.
enum QuickPlayOutcome: Sendable {
    case seated(Room)
    /// The best room is on another node: the client joins it there by its code.
    case elsewhere(ClusterNode, code: String)
    case refused(ProtocolError)
}

/// Quick play and the room list on this node.
///
/// No pile-up: quick play seats the players of one word pack one at a time, each in the
/// fullest room that takes it (or a new one when none does), and a room's join answers only
/// after the room has told its new count here. So N players arriving together fill
/// ceil(N / maxPlayers) rooms, each full before the next opens. A seat is still claimed by the
/// room itself, as for `joinRoom`: an invite-code joiner racing quick play simply finds the
/// room full one way or the other.
///
/// In a cluster the other nodes' rooms count when no room here takes the player: then the
/// fullest one elsewhere that the directory shows with seats to spare is answered with its node,
/// and only with none is a room opened here. Rooms here come first because the directory trails
/// the rooms by a write: weighing every node's rooms alike, a 2,000-player run on two nodes sent
/// players back and forth between two rooms each node saw as fuller than its own. Nodes seat
/// their own arrivals independently, so N players arriving at K nodes at once open at most
/// K − 1 rooms more than one node would.
extension RoomRegistry {
    func publicStatusChanged(_ status: PublicRoomStatus) {
        if status.isPublic || publicRooms[status.code] != nil { pendingPublic?.add(status) }
        defer { metrics.publicRoomsChanged(publicRooms.count) }
        guard status.isPublic, rooms[status.code] != nil else {
            publicRooms[status.code] = nil
            return
        }
        if publicRooms[status.code] != nil {
            publicRooms[status.code]?.status = status
        } else {
            publicRooms[status.code] = PublicRoomEntry(status: status, openedAt: clock.nowMillis())
        }
    }

    /// The public rooms here where a game can go on, most connected players first (ties: the
    /// oldest first).
    func listPublicRooms(wordPack: String?, phase: Phase?, mode: RoomMode? = nil) -> [PublicRoomEntry] {
        publicRooms.values
            .filter { entry in
                entry.status.gameCanGoOn && (wordPack == nil || entry.status.wordPack == wordPack)
                    && (phase == nil || entry.status.phase == phase) && (mode == nil || entry.status.mode == mode)
            }
            .sorted(by: Self.quickPlayOrder)
    }

    /// Seats `player` in the fullest public room of `mode` and `wordPack` that takes it, or
    /// opens one; with `spectate`, watching the fullest public room of that pack, full ones
    /// included, and never opening one.
    func quickPlay(
        _ player: PlayerID, name: String, avatar: Avatar? = nil, wordPack: String, mode: RoomMode = .party, spectate: Bool = false,
        queue: OutboundQueue
    ) async -> QuickPlayOutcome {
        if spectate { return await quickWatch(player, name: name, avatar: avatar, wordPack: wordPack, mode: mode, queue: queue) }
        let turnKey = "\(mode.rawValue)/\(wordPack)"
        await waitForQuickPlayTurn(turnKey)
        defer { endQuickPlayTurn(turnKey) }
        if let placed = await placeInLocalRoom(player, name: name, avatar: avatar, wordPack: wordPack, mode: mode, spectate: false, queue: queue) {
            if case .seated = placed { metrics.quickPlayerSeated(openedRoom: false) }
            return placed
        }
        // No room here takes the player: another node's, if one has seats to spare, else a new one.
        let elsewhere = await remoteCandidates(wordPack: wordPack, mode: mode).first {
            // Other nodes wrote these counts: no value of theirs may trap this node's arithmetic.
            let (free, overflow) = $0.status.maxPlayers.subtractingReportingOverflow($0.status.seats)
            return !overflow && free >= Self.remoteSeatMargin
        }
        if let elsewhere { return .elsewhere(elsewhere.node, code: elsewhere.status.code) }
        do {
            let room = try await create(
                mode: mode, settings: rules.publicRoomSettings(wordPack: wordPack, mode: mode), creator: player, creatorName: name, creatorAvatar: avatar, queue: queue,
                startsOnItsOwn: true)
            metrics.quickPlayerSeated(openedRoom: true)
            return .seated(room)
        } catch {
            logger.error("opening a room for quick play failed", metadata: ["wordPack": "\(wordPack)", "error": "\(error)"])
            return .refused(ProtocolError(.internal, "no room could be opened just now; try again"))
        }
    }

    /// The other nodes' public rooms of the pack that take players (or, `spectating`, watchers),
    /// best first. A directory that cannot be read counts as none: the player is placed here.
    private func remoteCandidates(wordPack: String, mode: RoomMode, spectating: Bool = false) async -> [ListedPublicRoom] {
        guard cluster.isClustered else { return [] }
        do {
            return try await cluster.publicRooms(wordPack: wordPack, phase: nil, mode: mode, limit: Self.remoteCandidateLimit)
                .filter { $0.node.id != cluster.nodeID && (spectating ? $0.status.takesQuickSpectators : $0.status.takesQuickPlayers) }
        } catch {
            logger.warning("quick play could not read the cluster's public rooms", metadata: ["error": "\(error)"])
            return []
        }
    }

    /// Enough to find one that takes players among the fullest.
    private static let remoteCandidateLimit = 20

    /// Free seats another node's room must show in the directory for a player to be sent there.
    /// The directory trails the rooms by a write, so a room shown with one seat left may be full
    /// by the time the player arrives (docs/performance.md, "Quick play": with this margin and
    /// rooms here first, three runs of 2,000 players on two nodes seated every one).
    private static let remoteSeatMargin = 2

    /// A watcher's place in the public room of `wordPack` with the most connected players, full
    /// ones included. Watchers take no seat, so they need no turn in the no-pile-up queue, and
    /// quick play never opens a room for them.
    private func quickWatch(
        _ player: PlayerID, name: String, avatar: Avatar?, wordPack: String, mode: RoomMode, queue: OutboundQueue
    ) async -> QuickPlayOutcome {
        let remote = await remoteCandidates(wordPack: wordPack, mode: mode, spectating: true).first
        let placed = await placeInLocalRoom(player, name: name, avatar: avatar, wordPack: wordPack, mode: mode, spectate: true, queue: queue) { best in
            guard let remote else { return nil }
            let remoteFirst = best.map { PublicRoomStatus.comesFirst(remote.status, openedAt: remote.openedAt, before: $0.status, openedAt: $0.openedAt) }
            return remoteFirst ?? true ? .elsewhere(remote.node, code: remote.status.code) : nil
        }
        return placed ?? .refused(ProtocolError(.roomNotFound, "no public room of that word pack is open to watch"))
    }

    /// Lets the player into this node's best public room of the pack that takes it (as a
    /// watcher with `spectate`), trying the next when one refuses it because it was banned
    /// there, a joiner took the last place, or the room locked or closed meanwhile. Before each
    /// try `elsewhere` may answer instead (given the room about to be tried). Nil when no room
    /// here takes the player.
    private func placeInLocalRoom(
        _ player: PlayerID, name: String, avatar: Avatar?, wordPack: String, mode: RoomMode, spectate: Bool, queue: OutboundQueue,
        elsewhere: (PublicRoomEntry?) -> QuickPlayOutcome? = { _ in nil }
    ) async -> QuickPlayOutcome? {
        var refusedBy: Set<String> = []
        while true {
            let best = publicRooms.values
                .filter { entry in
                    entry.status.wordPack == wordPack && entry.status.mode == mode && !refusedBy.contains(entry.status.code)
                        && (spectate ? entry.status.takesQuickSpectators : entry.status.takesQuickPlayers)
                }
                .min(by: Self.quickPlayOrder)
            if let answer = elsewhere(best) { return answer }
            guard let best, let room = rooms[best.status.code] else { return nil }
            guard let refusal = await room.join(player, name: name, avatar: avatar, spectate: spectate, quickPlay: true, queue: queue) else {
                return .seated(room)
            }
            switch refusal.code {
            case .banned, .roomFull, .roomLocked, .roomNotFound:
                refusedBy.insert(best.status.code)
            default:
                return .refused(refusal)
            }
        }
    }

    /// Quick play's order: most connected players first, then the oldest.
    static func quickPlayOrder(_ a: PublicRoomEntry, _ b: PublicRoomEntry) -> Bool {
        PublicRoomStatus.comesFirst(a.status, openedAt: a.openedAt, before: b.status, openedAt: b.openedAt)
    }

    /// `key`: the mode and pack players are being seated for, one at a time.
    private func waitForQuickPlayTurn(_ key: String) async {
        guard quickPlayWaiters[key] != nil else {
            // Nobody is being seated for this pack: this player's turn is now.
            quickPlayWaiters[key] = []
            return
        }
        await withCheckedContinuation { continuation in
            quickPlayWaiters[key, default: []].append(continuation)
        }
    }

    private func endQuickPlayTurn(_ key: String) {
        guard var waiters = quickPlayWaiters[key], !waiters.isEmpty else {
            quickPlayWaiters[key] = nil
            return
        }
        let next = waiters.removeFirst()
        quickPlayWaiters[key] = waiters
        next.resume()
    }
}
