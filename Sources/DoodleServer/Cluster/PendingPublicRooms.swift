import DoodleCore
import Synchronization

/// Public rooms' status changes on this node that the cluster's directory has yet to hear of
/// (``PublicRoomPublisher`` writes them). Changes wait here coalesced, the latest status per
/// room, so a burst of joins costs one row write per room, not one per join.
final class PendingPublicRooms: Sendable {
    private let pending = Mutex([String: PublicRoomStatus]())
    private let wakeups: AsyncStream<Void>.Continuation
    /// Yields whenever changes were added (several additions may yield once).
    let added: AsyncStream<Void>

    init() {
        (added, wakeups) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func add(_ status: PublicRoomStatus) {
        pending.withLock { $0[status.code] = status }
        wakeups.yield()
    }

    /// Takes every pending change: the statuses of public rooms, and the codes of rooms that
    /// turned private. Nil when nothing is pending.
    func take() -> (statuses: [PublicRoomStatus], turnedPrivate: [String])? {
        let taken = pending.withLock { pending in
            defer { pending = [:] }
            return pending
        }
        guard !taken.isEmpty else { return nil }
        let statuses = taken.values.filter(\.isPublic)
        return (statuses, taken.values.filter { !$0.isPublic }.map(\.code))
    }
}
