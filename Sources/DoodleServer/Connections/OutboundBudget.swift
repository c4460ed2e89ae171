import DoodleCore
import Synchronization

/// What every connection's outbound buffer holds together, against one ceiling for the whole
/// server, and how many connections the server closed, by code.
///
/// Each connection is bounded on its own; this bounds their sum, so that many slow readers at
/// once cannot add up to more memory than the server is willing to spend on them. Over the
/// ceiling, a connection that still holds a sizeable backlog is closed (1013) when more is
/// queued for it, while connections that keep up are served as usual.
final class OutboundBudget: Sendable {
    let ceiling: Int
    private let total = Atomic<Int>(0)
    private let closes = Mutex<[CloseCode: Int]>([:])

    init(ceiling: Int) {
        self.ceiling = ceiling
    }

    /// Bytes held in every connection's outbound buffer.
    var heldBytes: Int { total.load(ordering: .relaxed) }

    func add(_ bytes: Int) {
        if bytes != 0 { total.add(bytes, ordering: .relaxed) }
    }

    func remove(_ bytes: Int) {
        if bytes != 0 { total.subtract(bytes, ordering: .relaxed) }
    }

    /// Whether `bytes` more would take the server past its ceiling.
    func wouldExceed(adding bytes: Int) -> Bool {
        heldBytes + bytes > ceiling
    }

    func recordClose(_ code: CloseCode) {
        closes.withLock { $0[code, default: 0] += 1 }
    }

    /// Connections closed by the server so far, by close code.
    var closesByCode: [CloseCode: Int] { closes.withLock { $0 } }
}
