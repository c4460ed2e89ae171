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
/// `invalidate` and `invalidateAll` are the whole way in for changes. With several nodes on one
/// database (issue 13), a change committed on another node reaches this one by calling the same
/// `invalidate` from whatever carries the other node's message, and `invalidateAll` is what a
/// node does when it may have missed messages (a reconnect to the bus).
///
/// A lock rather than an actor: the route's lookup is a few hash-table operations, far below the
/// cost of an actor hop, and the pair room invalidates without suspending.
final class LatestHeadCache: Sendable {
    private let table: Mutex<LatestHeadTable>

    /// - Parameter capacity: most tokens kept (0 turns the cache off); the least recently polled go first.
    init(capacity: Int) {
        table = Mutex(LatestHeadTable(capacity: capacity))
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

    /// The player's head changed, or may have: the next poll reads storage.
    func invalidate(_ player: PlayerID) {
        table.withLock { $0.invalidate(player) }
    }

    func invalidateAll() {
        table.withLock { $0.invalidateAll() }
    }

    /// The table's counters and how many tokens it holds now, for `/metrics`.
    var statistics: (counts: LatestHeadTable.Statistics, entries: Int) {
        table.withLock { ($0.statistics, $0.count) }
    }
}
