import Synchronization

/// When a connection last sent anything, pongs included.
final class ConnectionActivity: Sendable {
    private let lastMillis: Atomic<Int64>

    init(now: Int64) {
        lastMillis = Atomic(now)
    }

    func touch(now: Int64) {
        lastMillis.store(now, ordering: .relaxed)
    }

    var last: Int64 { lastMillis.load(ordering: .relaxed) }
}
