import DoodleCore
import Synchronization

/// Every open WebSocket connection: shutdown closes each with 4001 and waits for them to go,
/// and the heartbeat pings them and closes the silent ones.
final class LiveConnections: Sendable {
    struct Entry: Sendable {
        let queue: OutboundQueue
        let activity: ConnectionActivity
        /// The client's address (`ClientAddress`), for closing a banned block's connections.
        let address: String
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        /// Callers of `waitUntilAllClosed`, resumed by whoever removes the last connection.
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
        /// Set by `closeAll`: how a connection that opens after it is closed at once.
        var closing: (code: CloseCode, reason: String)?
    }

    private let state = Mutex(State())

    /// A connection opened. One that opens while the server shuts down (a client back at once
    /// after its 4001) is told the same at once: otherwise it would hold the shutdown up until
    /// the drain's time limit and then be cut off without a word.
    func add(_ queue: OutboundQueue, activity: ConnectionActivity, address: String) {
        let closing = state.withLock { state in
            state.entries[queue.id] = Entry(queue: queue, activity: activity, address: address)
            return state.closing
        }
        if let closing { queue.close(closing.code, reason: closing.reason) }
    }

    func remove(_ queue: OutboundQueue) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.entries[queue.id] = nil
            guard state.entries.isEmpty else { return [] }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        // Resumed outside the lock: a continuation may run its task inline.
        for waiter in released { waiter.resume() }
    }

    var count: Int { state.withLock { $0.entries.count } }

    /// A copy, so that callers work on the connections without holding the lock.
    var all: [Entry] { state.withLock { Array($0.entries.values) } }

    /// Closes the connections from addresses `prefix` holds; how many there were.
    @discardableResult
    func close(from prefix: AddressPrefix, _ code: CloseCode, reason: String) -> Int {
        let entries = all.filter { prefix.contains($0.address) }
        for entry in entries { entry.queue.close(code, reason: reason) }
        return entries.count
    }

    /// Closes every connection, and every one that opens from now on.
    func closeAll(_ code: CloseCode, reason: String) {
        let entries = state.withLock { state in
            state.closing = (code, reason)
            return Array(state.entries.values)
        }
        for entry in entries { entry.queue.close(code, reason: reason) }
    }

    /// Returns once no connection is open (at once if none is), or when the task is cancelled.
    func waitUntilAllClosed() async {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                // Checked under the lock that `remove` and the cancellation handler take, so
                // neither the last close nor a cancellation can slip between check and wait.
                let waitsNow = state.withLock { state in
                    guard !state.entries.isEmpty, !Task.isCancelled else { return false }
                    state.waiters[id] = waiter
                    return true
                }
                if !waitsNow { waiter.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
