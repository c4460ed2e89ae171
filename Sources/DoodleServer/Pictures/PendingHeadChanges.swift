import DoodleCore
import Synchronization

/// The widget-head changes made on this node that the other nodes of its cluster have yet to
/// hear of (``HeadChangeAnnouncer`` tells them). Changes wait here coalesced, one entry per
/// player however often it changed, so a slow database costs memory in proportion to the
/// players changed, not to the changes.
final class PendingHeadChanges: Sendable {
    /// What one announcement carries: some players, or everyone.
    enum Batch: Sendable, Equatable {
        case players([PlayerID])
        case everyone
    }

    private struct Pending {
        var players: Set<PlayerID> = []
        var everyone = false
    }

    private let pending = Mutex(Pending())
    private let wakeups: AsyncStream<Void>.Continuation
    /// Yields whenever changes were added (several additions may yield once).
    let added: AsyncStream<Void>

    init() {
        (added, wakeups) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func add(_ player: PlayerID) {
        pending.withLock { _ = $0.players.insert(player) }
        wakeups.yield()
    }

    func addEveryone() {
        pending.withLock { $0.everyone = true }
        wakeups.yield()
    }

    /// Takes up to `limit` pending players (all of them, as `.everyone`, if everyone changed),
    /// or nil when nothing is pending.
    func take(upTo limit: Int) -> Batch? {
        pending.withLock { pending in
            if pending.everyone {
                pending = Pending()
                return .everyone
            }
            guard !pending.players.isEmpty else { return nil }
            var batch: [PlayerID] = []
            while batch.count < limit, let player = pending.players.popFirst() { batch.append(player) }
            return .players(batch)
        }
    }
}
