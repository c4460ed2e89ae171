import DoodleCore
import Synchronization

/// Each widget token's latest head in memory, so that a `latest-received.png` poll whose
/// picture has not changed is answered without touching the database.
///
/// Whatever changes a player's head calls `invalidate` once the change has committed, before it
/// tells anyone of it: the pair room after storing a drawing for the player, pairing and
/// unpairing for both partners, `DELETE /v1/me`. `LatestHeadTable` makes sure a read racing such
/// a change cannot put the old head back.
///
/// `invalidate` and `invalidateAll` are the whole way in for changes made here. On a node of a
/// cluster they are also queued for the other nodes (`PendingHeadChanges`, announced by
/// `HeadChangeAnnouncer`), whose signals bring theirs in through `changedElsewhere`. Such a node
/// starts suspended and keeps nothing while it cannot hear the others (`suspend`/`resume`,
/// driven by its signal listener): what it missed meanwhile is unknown.
///
/// A lock rather than an actor: the route's lookup is a few hash-table operations, far below the
/// cost of an actor hop, and the pair room invalidates without suspending.
final class LatestHeadCache: Sendable {
    private let table: Mutex<LatestHeadTable>
    /// Where changes made here wait for the other nodes of a cluster; nil alone.
    let announcements: PendingHeadChanges?

    /// - Parameters:
    ///   - capacity: most tokens kept (0 turns the cache off); the least recently polled go first.
    ///   - announcements: on a node of a cluster, where this node's changes are queued for the
    ///     others; the cache then starts suspended, until the node hears the others.
    init(capacity: Int, announcements: PendingHeadChanges? = nil) {
        table = Mutex(LatestHeadTable(capacity: capacity, suspended: announcements != nil))
        self.announcements = announcements
    }

    /// The head for `tokenHash`: from memory, else from `read` (nil: no player holds the token),
    /// which is then kept unless the player changed while it ran.
    func head(tokenHash: String, read: () async throws -> LatestHead?) async throws -> LatestHead? {
        let ticket: LatestHeadTable.ReadTicket
        switch table.withLock({ $0.lookup(tokenHash: tokenHash) }) {
        case .hit(let head): return head
        case .miss(let missTicket): ticket = missTicket
        }
        let head: LatestHead?
        do {
            head = try await read()
        } catch {
            table.withLock { $0.finishRead(ticket, tokenHash: tokenHash, head: nil) }
            throw error
        }
        table.withLock { $0.finishRead(ticket, tokenHash: tokenHash, head: head) }
        return head
    }

    /// The player's head changed here, or may have: the next poll reads storage, here and on
    /// every other node.
    func invalidate(_ player: PlayerID) {
        table.withLock { $0.invalidate(player) }
        announcements?.add(player)
    }

    /// Any head may have changed here.
    func invalidateAll() {
        table.withLock { $0.invalidateAll() }
        announcements?.addEveryone()
    }

    /// These players' heads may have changed (a drawing was deleted) and the other nodes hear
    /// of it by a signal of its own (`drawingDeleted`): forgotten here only, nothing announced.
    func forget(_ players: [PlayerID]) {
        changedElsewhere(players)
    }

    /// Another node changed these players' heads (nil: maybe anyone's).
    func changedElsewhere(_ players: [PlayerID]?) {
        table.withLock { table in
            guard let players else { return table.invalidateAll() }
            for player in players { table.invalidate(player) }
        }
    }

    /// This node can no longer hear of other nodes' changes: keep nothing until `resume`.
    func suspend() {
        table.withLock { $0.suspend() }
    }

    /// This node hears of other nodes' changes again.
    func resume() {
        table.withLock { $0.resume() }
    }

    /// The table's counters and how many tokens it holds now, for `/metrics`.
    var statistics: (counts: LatestHeadTable.Statistics, entries: Int) {
        table.withLock { ($0.statistics, $0.count) }
    }
}
