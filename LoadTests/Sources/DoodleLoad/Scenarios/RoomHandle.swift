import Synchronization

/// The shared measurement state of one room: the drawing's send log and every member's stats.
final class RoomHandle: Sendable {
    /// Unique over the run: rooms that replace ended ones get new numbers.
    let index: Int
    let sendLog = SendLog()
    let receivers: [ReceiverStats]
    /// The members' deliveries in the current measurement window.
    let window: RoomWindow
    /// Wrong guesses the room's guessers sent.
    let guessesSent = Atomic<Int>(0)
    /// Turns the room's members drew (1 unless it plays turn after turn).
    let turnsDrawn = Atomic<Int>(0)
    /// The drawer's ticks that fell between turns, when nobody drew.
    let ticksBetweenTurns = Atomic<Int>(0)

    init(index: Int, players: Int) {
        self.index = index
        let window = RoomWindow()
        self.window = window
        receivers = (0..<players).map { _ in ReceiverStats(window: window) }
    }
}

/// Every room of a run, the ones still playing and the ones that ended, so that a window and
/// the final totals count each delivery once; and the setup failures of rooms that replaced
/// ended ones (the first rooms report theirs to the step that waits for them).
final class RoomHandles: Sendable {
    private struct State {
        var handles: [RoomHandle] = []
        var failures: [String] = []
    }

    private let state = Mutex(State())

    /// A new room's handle, registered.
    func open(players: Int) -> RoomHandle {
        state.withLock { state in
            let handle = RoomHandle(index: state.handles.count, players: players)
            state.handles.append(handle)
            return handle
        }
    }

    var all: [RoomHandle] { state.withLock { $0.handles } }

    func recordFailure(_ description: String) {
        state.withLock { state in
            if state.failures.count < 10 { state.failures.append(description) }
        }
    }

    var failures: [String] { state.withLock { $0.failures } }
}

/// How a room's setup went, reported once per room.
enum RoomSetupOutcome: Sendable {
    /// `redirects`: joins sent to another node first and followed there (cluster targets).
    case ready(index: Int, connections: Int, redirects: Int)
    case failed(index: Int, reason: String)
}
