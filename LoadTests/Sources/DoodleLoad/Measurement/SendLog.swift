import Synchronization

/// The send times of one drawer's messages, by ordinal, shared with the room's receivers.
///
/// The drawer notes the time just before writing a message, so a receiver that gets it always
/// finds its entry. One lock per room: one writer and a handful of readers at tens of messages
/// per second never contend for long.
public final class SendLog: Sendable {
    private struct State {
        var times: [UInt64] = []
        var finished = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Notes that message `times.count` leaves now; returns its ordinal.
    @discardableResult
    public func noteSend(at time: UInt64) -> Int {
        state.withLock { state in
            state.times.append(time)
            return state.times.count - 1
        }
    }

    /// The send time of `ordinal`, nil if it was never sent.
    public func sendTime(of ordinal: Int) -> UInt64? {
        state.withLock { state in ordinal >= 0 && ordinal < state.times.count ? state.times[ordinal] : nil }
    }

    /// The drawer has stopped; `count` is final from now on.
    public func finish() {
        state.withLock { $0.finished = true }
    }

    /// How many messages were sent, and whether that number is final.
    public var progress: (count: Int, finished: Bool) {
        state.withLock { ($0.times.count, $0.finished) }
    }
}
