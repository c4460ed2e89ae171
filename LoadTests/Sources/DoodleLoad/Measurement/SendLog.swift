import Synchronization

/// The send times of a room's drawing messages, by ordinal, and which member sent each (in a
/// room that plays turn after turn the drawer changes), shared with the room's receivers.
///
/// The drawer notes the time just before writing a message, so a receiver that gets it always
/// finds its entry. One lock per room: one writer and a handful of readers at tens of messages
/// per second never contend for long.
public final class SendLog: Sendable {
    private struct State {
        var times: [UInt64] = []
        var senders: [UInt8] = []
        var finished = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Notes that message `times.count` leaves now from member `sender` (a room has at most
    /// 16); returns its ordinal.
    @discardableResult
    public func noteSend(at time: UInt64, by sender: Int = 0) -> Int {
        state.withLock { state in
            state.times.append(time)
            state.senders.append(UInt8(clamping: sender))
            return state.times.count - 1
        }
    }

    /// When `ordinal` was sent and by which member; nil if it was never sent.
    public func send(of ordinal: Int) -> (time: UInt64, sender: Int)? {
        state.withLock { state in
            ordinal >= 0 && ordinal < state.times.count ? (state.times[ordinal], Int(state.senders[ordinal])) : nil
        }
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
