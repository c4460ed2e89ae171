import DoodleClient
import DoodleCore
import DoodleTestSupport
import Synchronization

/// What a drawer sent in one turn: the record the server must have stored under its drawing id.
struct SentDrawing: Sendable, Equatable {
    var word: String
    var actions: [DrawingAction]
}

/// Shared between the rooms playing and the test: the drawings the games produced, which of them
/// the server acknowledged as saved, and what went wrong before the server was killed.
final class DurabilityLedger: Sendable {
    private struct State {
        var sent: [String: SentDrawing] = [:]
        /// Drawing ids in turn-end order, so acknowledgements are looked for oldest first.
        var order: [String] = []
        var acknowledged: Set<String> = []
        var killed = false
        var runningRooms = 0
        var failures: [String] = []
        var closures: [ConnectionClosure?] = []
    }

    private let state = Mutex(State())

    func roomStarted() { state.withLock { $0.runningRooms += 1 } }

    /// A room's driver has returned; `error` is a failure unless the server was killed first.
    func roomStopped(_ index: Int, error: (any Error)?) {
        state.withLock { state in
            state.runningRooms -= 1
            if let error, !state.killed {
                state.failures.append("room \(index): \(error)")
            }
        }
    }

    func turnEnded(drawingId: String, _ drawing: SentDrawing) {
        state.withLock { state in
            state.sent[drawingId] = drawing
            state.order.append(drawingId)
        }
    }

    /// How the connections of a room that stopped playing ended (nil: not seen in time).
    func connectionsEnded(_ closures: [ConnectionClosure?]) {
        state.withLock { $0.closures += closures }
    }

    var closures: [ConnectionClosure?] { state.withLock { $0.closures } }

    /// The server is being stopped: what ends the rooms from now on is expected.
    func markKilled() { state.withLock { $0.killed = true } }

    func acknowledge(_ id: String) { state.withLock { _ = $0.acknowledged.insert(id) } }

    /// Ids of the drawings whose turn ended and that the server has not yet answered for.
    var unacknowledged: [String] { drawings(acknowledged: false).map(\.id) }

    /// The drawings whose turn ended, acknowledged or not, in turn-end order, each with what
    /// its drawer sent.
    func drawings(acknowledged: Bool) -> [(id: String, drawing: SentDrawing)] {
        state.withLock { state in
            state.order.compactMap { id in
                guard state.acknowledged.contains(id) == acknowledged, let sent = state.sent[id] else { return nil }
                return (id, sent)
            }
        }
    }

    var acknowledgedCount: Int { state.withLock { $0.acknowledged.count } }
    var turnsEnded: Int { state.withLock { $0.order.count } }
    var runningRooms: Int { state.withLock { $0.runningRooms } }
    var failures: [String] { state.withLock { $0.failures } }
}
