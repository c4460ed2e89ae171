import DoodleCore
import Synchronization

/// Every open WebSocket connection: shutdown closes each with 4001, and the heartbeat pings
/// them and closes the silent ones.
final class LiveConnections: Sendable {
    struct Entry: Sendable {
        let queue: OutboundQueue
        let activity: ConnectionActivity
    }

    private let entries = Mutex<[UInt64: Entry]>([:])

    func add(_ queue: OutboundQueue, activity: ConnectionActivity) {
        entries.withLock { $0[queue.id] = Entry(queue: queue, activity: activity) }
    }

    func remove(_ queue: OutboundQueue) {
        entries.withLock { $0[queue.id] = nil }
    }

    var count: Int { entries.withLock { $0.count } }

    /// A copy, so that callers work on the connections without holding the lock.
    var all: [Entry] { entries.withLock { Array($0.values) } }

    func closeAll(_ code: CloseCode, reason: String) {
        for entry in all { entry.queue.close(code, reason: reason) }
    }
}
