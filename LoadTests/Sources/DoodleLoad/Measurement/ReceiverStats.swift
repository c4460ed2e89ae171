import Histogram
import Synchronization

/// What one receiving connection saw. The receiver records under a lock it almost never shares;
/// the coordinator takes the current window at the end of each measurement window.
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

    private struct State {
        var window = Window()
        var totals = Totals()
    }

    private let state = Mutex(State())

    public init() {}

    /// A drawing message this member received; `echo`: one it sent itself, as the drawer.
    func recordDelivery(latencyMicroseconds: UInt64?, echo: Bool) {
        state.withLock { state in
            state.totals.received += 1
            if echo {
                state.window.echoes += 1
            } else {
                state.window.deliveredToGuessers += 1
                if let latencyMicroseconds { _ = state.window.latency.record(latencyMicroseconds) }
            }
        }
    }

    func recordChatLine() { state.withLock { $0.window.chatLines += 1 } }
    func recordOutOfOrder() { state.withLock { $0.totals.outOfOrder += 1 } }
    func recordGap() { state.withLock { $0.totals.seqGaps += 1 } }
    func recordUnrecognised() { state.withLock { $0.totals.unrecognised += 1 } }
    func recordServerError(code: String) {
        state.withLock { state in
            state.totals.serverErrors += 1
            state.totals.serverErrorCodes[code, default: 0] += 1
        }
    }

    func recordFailure(_ description: String) {
        state.withLock { state in
            if state.totals.failure == nil { state.totals.failure = description }
        }
    }

    /// Returns the window so far and starts a new one.
    public func takeWindow() -> Window {
        state.withLock { state in
            defer { state.window = Window() }
            return state.window
        }
    }

    public var totals: Totals { state.withLock { $0.totals } }
}
