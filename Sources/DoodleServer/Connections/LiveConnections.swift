import DoodleCore
import Synchronization

/// Every open WebSocket connection, so that shutdown can close each with 4001.
final class LiveConnections: Sendable {
    private let queues = Mutex<[UInt64: OutboundQueue]>([:])

    func add(_ queue: OutboundQueue) {
        queues.withLock { $0[queue.id] = queue }
    }

    func remove(_ queue: OutboundQueue) {
        queues.withLock { $0[queue.id] = nil }
    }

    var count: Int { queues.withLock { $0.count } }

    func closeAll(_ code: CloseCode, reason: String) {
        let all = queues.withLock { Array($0.values) }
        for queue in all { queue.close(code, reason: reason) }
    }
}
