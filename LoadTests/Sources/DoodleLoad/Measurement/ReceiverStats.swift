import Histogram
import Synchronization

/// What one receiving connection saw: its totals over the run, and its deliveries in its room's
/// current measurement window (``RoomWindow``), which the coordinator takes at the end of each.
public final class ReceiverStats: Sendable {
    /// Counts and latencies of one measurement window (or of the whole run).
    public struct Window: Sendable {
        /// Drawer→receiver latency in microseconds, guessers only.
        public var latency = Histogram<UInt64>(highestTrackableValue: 120_000_000, numberOfSignificantValueDigits: .three)
        /// Drawing messages delivered to guessers.
        public var deliveredToGuessers = 0
        /// Drawing messages delivered back to their drawer (its acknowledgement).
        public var echoes = 0
        /// Chat lines (the guessers' wrong guesses) delivered, to anyone.
        public var chatLines = 0

        public init() {}

        public mutating func add(_ other: Window) {
            latency.add(other.latency)
            deliveredToGuessers += other.deliveredToGuessers
            echoes += other.echoes
            chatLines += other.chatLines
        }

        public var delivered: Int { deliveredToGuessers + echoes }
    }

    /// Counts over the whole run, never reset.
    public struct Totals: Sendable {
        public var received = 0
        /// Messages whose content was not the next one expected, or whose `seq` repeated or went back.
        public var outOfOrder = 0
        /// `seq` gaps (messages the server never delivered).
        public var seqGaps = 0
        /// Messages that were not one of the drawer's, by content.
        public var unrecognised = 0
        /// `error` messages from the server (a drawer over the rate limit, an invalid stroke).
        public var serverErrors = 0
        /// The same `error` messages, by their `code`.
        public var serverErrorCodes: [String: Int] = [:]
        /// How the connection failed, if it did.
        public var failure: String?
    }

    /// The window this member's deliveries count in: its room's.
    let window: RoomWindow
    /// Drawing messages received, counted apart from the rarely written totals.
    private let received = Atomic<Int>(0)
    private let state = Mutex(Totals())

    public init(window: RoomWindow) {
        self.window = window
    }

    /// A drawing message this member received; `echo`: one it sent itself, as the drawer.
    func recordDelivery(latencyMicroseconds: UInt64?, echo: Bool) {
        received.add(1, ordering: .relaxed)
        window.recordDelivery(latencyMicroseconds: latencyMicroseconds, echo: echo)
    }

    func recordChatLine() { window.recordChatLine() }
    func recordOutOfOrder() { state.withLock { $0.outOfOrder += 1 } }
    func recordGap() { state.withLock { $0.seqGaps += 1 } }
    func recordUnrecognised() { state.withLock { $0.unrecognised += 1 } }
    func recordServerError(code: String) {
        state.withLock { totals in
            totals.serverErrors += 1
            totals.serverErrorCodes[code, default: 0] += 1
        }
    }

    func recordFailure(_ description: String) {
        state.withLock { totals in
            if totals.failure == nil { totals.failure = description }
        }
    }

    public var totals: Totals {
        var totals = state.withLock { $0 }
        totals.received = received.load(ordering: .relaxed)
        return totals
    }
}

/// The current measurement window of one room, shared by its members' ``ReceiverStats``.
///
/// One per room, not one per member: a stroke reaches a room's members one after another, so
/// the room's histogram stays in the cache over its deliveries. With one per member, the first
/// touch of each member's histogram missed the cache (half of the generator's recording cost in
/// a profile at 250 rooms).
public final class RoomWindow: Sendable {
    private let window = Mutex(ReceiverStats.Window())

    public init() {}

    func recordDelivery(latencyMicroseconds: UInt64?, echo: Bool) {
        window.withLock { window in
            if echo {
                window.echoes += 1
            } else {
                window.deliveredToGuessers += 1
                if let latencyMicroseconds { _ = window.latency.record(latencyMicroseconds) }
            }
        }
    }

    func recordChatLine() { window.withLock { $0.chatLines += 1 } }

    /// Returns the window so far and starts a new one.
    public func take() -> ReceiverStats.Window {
        window.withLock { window in
            defer { window = ReceiverStats.Window() }
            return window
        }
    }
}
