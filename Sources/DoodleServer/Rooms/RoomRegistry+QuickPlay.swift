import DoodleCore

/// A public room as the registry knows it: its last told status, and when it opened (quick
/// play's tie-break: the oldest first).
struct PublicRoomEntry: Sendable {
    var status: PublicRoomStatus
    let openedAt: Int64
}

/// What quick play came to for one player.
enum QuickPlayOutcome: Sendable {
    case seated(Room)
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
extension RoomRegistry {
    func publicStatusChanged(_ status: PublicRoomStatus) {
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

    /// The public rooms here, most connected players first (ties: the oldest first).
    func listPublicRooms(wordPack: String?, phase: Phase?) -> [PublicRoomEntry] {
        publicRooms.values
            .filter { entry in
                (wordPack == nil || entry.status.wordPack == wordPack) && (phase == nil || entry.status.phase == phase)
            }
            .sorted(by: Self.quickPlayOrder)
    }

    /// Seats `player` in the fullest public room of `wordPack` that takes it, or opens one;
    /// with `spectate`, watching the fullest public room of that pack, full ones included, and
    /// never opening one.
    func quickPlay(_ player: PlayerID, name: String, wordPack: String, spectate: Bool = false, queue: OutboundQueue) async -> QuickPlayOutcome {
        if spectate { return await quickWatch(player, name: name, wordPack: wordPack, queue: queue) }
        await waitForQuickPlayTurn(wordPack)
        defer { endQuickPlayTurn(wordPack) }
        // Rooms that refused this player (it was banned there, or a joiner took the last seat).
        var refusedBy: Set<String> = []
        while true {
            let best = publicRooms.values
                .filter { $0.status.wordPack == wordPack && $0.status.takesQuickPlayers && !refusedBy.contains($0.status.code) }
                .min(by: Self.quickPlayOrder)
            guard let best, let room = rooms[best.status.code] else { break }
            guard let refusal = await room.join(player, name: name, queue: queue) else { return .seated(room) }
            switch refusal.code {
            case .banned, .roomFull, .roomLocked, .roomNotFound:
                refusedBy.insert(best.status.code)
            default:
                return .refused(refusal)
            }
        }
        do {
            let room = try await create(
                mode: .party, settings: rules.publicRoomSettings(wordPack: wordPack), creator: player, creatorName: name, queue: queue,
                startsOnItsOwn: true)
            return .seated(room)
        } catch {
            return .refused(ProtocolError(.internal, "no room could be opened just now; try again"))
        }
    }

    /// A watcher's place in the public room of `wordPack` with the most connected players, full
    /// ones included. Watchers take no seat, so they need no turn in the no-pile-up queue, and
    /// quick play never opens a room for them.
    private func quickWatch(_ player: PlayerID, name: String, wordPack: String, queue: OutboundQueue) async -> QuickPlayOutcome {
        var refusedBy: Set<String> = []
        while true {
            let best = publicRooms.values
                .filter { $0.status.wordPack == wordPack && $0.status.takesQuickSpectators && !refusedBy.contains($0.status.code) }
                .min(by: Self.quickPlayOrder)
            guard let best, let room = rooms[best.status.code] else {
                return .refused(ProtocolError(.roomNotFound, "no public room of that word pack is open to watch"))
            }
            guard let refusal = await room.join(player, name: name, spectate: true, queue: queue) else { return .seated(room) }
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
        if a.status.players != b.status.players { return a.status.players > b.status.players }
        if a.openedAt != b.openedAt { return a.openedAt < b.openedAt }
        return a.status.code < b.status.code
    }

    private func waitForQuickPlayTurn(_ wordPack: String) async {
        guard quickPlayWaiters[wordPack] != nil else {
            // Nobody is being seated for this pack: this player's turn is now.
            quickPlayWaiters[wordPack] = []
            return
        }
        await withCheckedContinuation { continuation in
            quickPlayWaiters[wordPack, default: []].append(continuation)
        }
    }

    private func endQuickPlayTurn(_ wordPack: String) {
        guard var waiters = quickPlayWaiters[wordPack], !waiters.isEmpty else {
            quickPlayWaiters[wordPack] = nil
            return
        }
        let next = waiters.removeFirst()
        quickPlayWaiters[wordPack] = waiters
        next.resume()
    }
}
