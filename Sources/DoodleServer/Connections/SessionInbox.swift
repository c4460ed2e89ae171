import Synchronization

/// The messages of one connection, handled one at a time and in order by a task that exists
/// only while there is something to handle.
///
/// The connection's handler posts from its event loop without waiting. The first post to an
/// idle inbox asks the `SessionRunner` for a task; that task handles everything posted until
/// the inbox is empty and then ends. An idle connection therefore holds no task at all — a
/// task keeps the memory of its deepest await for as long as it lives, and that was most of
/// what an idle connection used to cost.
///
/// A client that sends faster than its messages are handled is not buffered without end: past
/// `pauseAt` waiting messages the inbox stops reading the socket (TCP pushes back on the
/// client) until its task has caught up.
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
        var readingPaused = false
    }

    /// Turns reading from the socket off or on.
    typealias ReadSwitch = @Sendable (_ reading: Bool) -> Void

    private let state: Mutex<State>
    private let runner: SessionRunner
    private let pauseAt: Int
    private let switchReading: ReadSwitch

    init(session: ClientSession, runner: SessionRunner, pauseAt: Int = 64, switchReading: @escaping ReadSwitch) {
        self.state = Mutex(State(session: session))
        self.runner = runner
        self.pauseAt = pauseAt
        self.switchReading = switchReading
    }

    /// Call on the connection's event loop, so that a pause takes effect before the task that
    /// will lift it can.
    func post(_ item: Item) {
        let (start, pause) = state.withLock { state -> (Bool, Bool) in
            state.items.append(item)
            let pause = !state.readingPaused && state.items.count >= pauseAt
            if pause { state.readingPaused = true }
            if state.running { return (false, pause) }
            state.running = true
            return (true, pause)
        }
        if pause { switchReading(false) }
        if start { runner.schedule(self) }
    }

    /// Posts a text message — or, when nothing is waiting and it is a drawing message, hands it
    /// straight to its room (`ClientSession.receiveDrawing`). Call on the connection's event loop.
    func post(text: String) {
        // The session is swapped out and back, never copied: a copy of the struct retains and
        // releases everything in it, on every drawing message. (So the session is reached only
        // through one mutating call: even `session != nil` copied it.)
        var session: ClientSession?
        let idle = state.withLock { state -> Bool in
            guard !state.running, state.items.isEmpty else { return false }
            swap(&session, &state.session)
            return true
        }
        guard idle else { return post(.text(text)) }
        // Nothing else can touch the session meanwhile: only this event loop posts, and no
        // task is running for this inbox.
        let handled = session?.receiveDrawing(text: text) ?? false
        state.withLock { state in swap(&session, &state.session) }
        if !handled { post(.text(text)) }
    }

    /// Handles everything posted, in order, until the inbox is empty.
    func drain() async {
        guard var session = state.withLock({ state in state.session.take() }) else { return }
        while true {
            let (batch, resume) = state.withLock { state -> ([Item], Bool) in
                if state.items.isEmpty {
                    state.session = session
                    state.running = false
                }
                let resume = state.readingPaused
                state.readingPaused = false
                return (state.items.take(), resume)
            }
            if resume { switchReading(true) }
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

extension SessionInbox: MessageInbox {
    func receive(_ message: InboundMessage) {
        switch message {
        case .text(let text):
            post(text: text)
        case .binary:
            // The game has no binary messages: the session only refuses them.
            post(.binary)
        }
    }

    func connectionEnded() {
        post(.ended)
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
