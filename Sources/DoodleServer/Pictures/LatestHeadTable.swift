import DoodleCore

/// Who a widget's token belongs to, and which picture `latest-received.png` shows it now.
struct LatestHead: Sendable, Equatable {
    var playerId: PlayerID
    /// The newest drawing the player received in its current pair; nil: the starter drawing.
    var drawing: Drawing?

    struct Drawing: Sendable, Equatable {
        var id: String
        var sentAt: Int64
    }
}

/// The bookkeeping of `LatestHeadCache`, as a value without locks or I/O: heads by token hash,
/// bounded by `capacity` and evicted by the clock algorithm (an approximation of least recently
/// used that costs O(1) per hit: a hit only sets a bit), and invalidated by player.
///
/// A head read from storage must never be cached once it may be stale. A read is therefore
/// bracketed: `lookup` hands out a `ReadTicket` on a miss, before storage is asked, and
/// `finishRead` stores what was read only if the player was not invalidated since that ticket
/// (nor everything was). So a read that saw the database before a drawing committed, and comes
/// back after the room's invalidation, cannot put the old head back.
struct LatestHeadTable {
    /// A miss's claim to store what storage answers: the invalidation generation it began at.
    struct ReadTicket: Sendable, Equatable {
        fileprivate let generation: UInt64
    }

    enum Lookup: Equatable {
        case hit(LatestHead)
        /// Read storage, then hand the ticket back to `finishRead`, whatever the read gave.
        case miss(ReadTicket)
    }

    struct Statistics: Sendable, Equatable {
        var hits = 0
        var misses = 0
        var evictions = 0
        var invalidations = 0
        /// Reads whose answer was not stored because the player changed while they ran.
        var refusedStale = 0
    }

    private struct Slot {
        var tokenHash: String
        var head: LatestHead
        /// Set by a hit, cleared as the clock hand passes: an entry is evicted only after a
        /// whole turn of the hand without a hit.
        var referenced: Bool
    }

    /// Most heads kept; 0 keeps none (every poll reads storage).
    let capacity: Int
    private var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    private var hand = 0
    private var slotByToken: [String: Int] = [:]
    private var tokenByPlayer: [PlayerID: String] = [:]

    /// Counts invalidations; a ticket carries the value it began at.
    private var generation: UInt64 = 0
    /// Open tickets by generation, so that the records below are kept only while a read that
    /// began before them is still out.
    private var openReads: [UInt64: Int] = [:]
    /// The generation each player was last invalidated at, while reads that began earlier are out.
    private var invalidatedAt: [PlayerID: UInt64] = [:]
    private var everythingInvalidatedAt: UInt64 = 0
    /// While true nothing is kept: a node of a cluster that cannot hear of other nodes' changes.
    private(set) var isSuspended: Bool
    private(set) var statistics = Statistics()

    init(capacity: Int, suspended: Bool = false) {
        self.capacity = max(capacity, 0)
        self.isSuspended = suspended
    }

    var count: Int { slotByToken.count }

    mutating func lookup(tokenHash: String) -> Lookup {
        if let index = slotByToken[tokenHash], let slot = slots[index] {
            slots[index]?.referenced = true
            statistics.hits += 1
            return .hit(slot.head)
        }
        statistics.misses += 1
        openReads[generation, default: 0] += 1
        return .miss(ReadTicket(generation: generation))
    }

    /// Ends a miss's read. `head` is what storage answered for `tokenHash`: nil for a token no
    /// player holds (never cached, so a token saved a moment later works at once) or a failed read.
    mutating func finishRead(_ ticket: ReadTicket, tokenHash: String, head: LatestHead?) {
        defer { closeRead(ticket) }
        guard let head, capacity > 0, !isSuspended else { return }
        guard everythingInvalidatedAt <= ticket.generation, (invalidatedAt[head.playerId] ?? 0) <= ticket.generation else {
            statistics.refusedStale += 1
            return
        }
        store(head, for: tokenHash)
    }

    /// The player's head may have changed (a drawing stored for it, its pair formed or ended, the
    /// player deleted): its entry goes, and reads already under way will not store theirs.
    mutating func invalidate(_ player: PlayerID) {
        generation += 1
        statistics.invalidations += 1
        if !openReads.isEmpty { invalidatedAt[player] = generation }
        if let tokenHash = tokenByPlayer[player] { remove(tokenHash: tokenHash) }
    }

    /// Every head may have changed: all entries go, and no read under way stores its answer.
    mutating func invalidateAll() {
        generation += 1
        statistics.invalidations += 1
        everythingInvalidatedAt = generation
        invalidatedAt.removeAll()
        slots.removeAll()
        freeSlots.removeAll()
        slotByToken.removeAll()
        tokenByPlayer.removeAll()
        hand = 0
    }

    /// Heads may change unheard of from now on: everything goes, and nothing is kept until
    /// `resume`.
    mutating func suspend() {
        invalidateAll()
        isSuspended = true
    }

    /// Changes are heard of again. What was missed meanwhile is unknown, so reads that began
    /// while suspended store nothing either.
    mutating func resume() {
        invalidateAll()
        isSuspended = false
    }

    // MARK: - Private

    private mutating func closeRead(_ ticket: ReadTicket) {
        if let open = openReads[ticket.generation], open > 1 {
            openReads[ticket.generation] = open - 1
        } else {
            openReads[ticket.generation] = nil
        }
        guard !invalidatedAt.isEmpty else { return }
        // A record at generation g only matters to reads that began before g.
        guard let oldest = openReads.keys.min() else {
            invalidatedAt.removeAll(keepingCapacity: true)
            return
        }
        invalidatedAt = invalidatedAt.filter { $0.value > oldest }
    }

    private mutating func store(_ head: LatestHead, for tokenHash: String) {
        if let index = slotByToken[tokenHash], let previous = slots[index] {
            if previous.head.playerId != head.playerId { tokenByPlayer[previous.head.playerId] = nil }
            slots[index] = Slot(tokenHash: tokenHash, head: head, referenced: true)
        } else {
            // One token per player: a player's earlier token (if one was ever replaced) goes.
            if let earlier = tokenByPlayer[head.playerId] { remove(tokenHash: earlier) }
            let index = freeSlot()
            slots[index] = Slot(tokenHash: tokenHash, head: head, referenced: false)
            slotByToken[tokenHash] = index
        }
        tokenByPlayer[head.playerId] = tokenHash
    }

    /// A free slot: a hole left by a removal, a new one below capacity, else the clock's victim.
    private mutating func freeSlot() -> Int {
        if let index = freeSlots.popLast() { return index }
        if slots.count < capacity {
            slots.append(nil)
            return slots.count - 1
        }
        while true {
            let index = hand
            hand = (hand + 1) % slots.count
            guard let slot = slots[index] else { return index }
            if slot.referenced {
                slots[index]?.referenced = false
            } else {
                slotByToken[slot.tokenHash] = nil
                tokenByPlayer[slot.head.playerId] = nil
                slots[index] = nil
                statistics.evictions += 1
                return index
            }
        }
    }

    private mutating func remove(tokenHash: String) {
        guard let index = slotByToken.removeValue(forKey: tokenHash), let slot = slots[index] else { return }
        tokenByPlayer[slot.head.playerId] = nil
        slots[index] = nil
        freeSlots.append(index)
    }
}
