import Synchronization

/// The messages of one connection, handled one at a time and in order by a task that exists
/// only while there is something to handle.
///
/// The connection's handler posts from its event loop without waiting. The first post to an
/// idle inbox asks the `SessionRunner` for a task; that task handles everything posted until
/// the inbox is empty and then ends. An idle connection therefore holds no task at all — a
/// task keeps the memory of its deepest await for as long as it lives, and that was most of
/// what an idle connection used to cost.
final class SessionInbox: Sendable {
    enum Item: Sendable {
        case text(String)
        case binary
        /// The socket has closed: release the seat. Always the last item.
        case ended
    }

    private struct State {
        var items: [Item] = []
        /// Here while no task is handling messages; the running task holds it otherwise.
        var session: ClientSession?
        var running = false
    }

    private let state: Mutex<State>
    private let runner: SessionRunner

    init(session: ClientSession, runner: SessionRunner) {
        self.state = Mutex(State(session: session))
        self.runner = runner
    }

    func post(_ item: Item) {
        let start = state.withLock { state -> Bool in
            state.items.append(item)
            if state.running { return false }
            state.running = true
            return true
        }
        if start { runner.schedule(self) }
    }

    /// Handles everything posted, in order, until the inbox is empty.
    func drain() async {
        guard var session = state.withLock({ state in state.session.take() }) else { return }
        while true {
            let batch = state.withLock { state -> [Item] in
                if state.items.isEmpty {
                    state.session = session
                    state.running = false
                }
                return state.items.take()
            }
            if batch.isEmpty { return }
            for item in batch {
                switch item {
                case .text(let text):
                    // Once the connection is closing, what the client still sends is moot.
                    if !session.isClosing { await session.receive(text: text) }
                case .binary:
                    if !session.isClosing { session.receiveBinary() }
                case .ended:
                    await session.ended()
                }
            }
        }
    }
}

extension Array {
    /// The elements, leaving the array empty.
    fileprivate mutating func take() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        return taken
    }
}
