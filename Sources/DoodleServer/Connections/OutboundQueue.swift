import DoodleCore
import NIOCore
import Synchronization

/// How a connection's outbound side ends, once everything queued before it has been written.
enum OutboundEnding: Sendable, Equatable {
    /// Send a close frame with this code.
    case close(CloseCode, reason: String)
    /// The client has gone: no close frame.
    case finish
}

/// The bounded outbound buffer of one connection. Rooms and the session push already-encoded
/// frames without waiting; a client that falls `limit` frames behind is closed (1013) rather
/// than letting its backlog grow without bound or stall the room.
///
/// Frames go to the socket without a task of their own: the first frame queued after the
/// last drain schedules one drain on the channel's event loop, which writes every frame queued
/// by then and flushes once. So a burst costs one event-loop job and one `writev` however many
/// frames it holds, and no task wakes up per frame. A frame counts against `limit` until NIO
/// has handed it to the kernel, so a client that reads too slowly still overflows.
final class OutboundQueue: Sendable {
    private struct State {
        var items: [WireFrame] = []
        /// Frames handed to the channel whose write has not completed yet.
        var inFlight = 0
        var drainScheduled = false
        var ending: OutboundEnding?
        /// Told how the connection ends, once.
        var onEnded: (@Sendable (OutboundEnding) -> Void)?

        /// Frames queued or still in NIO's buffers.
        var backlog: Int { items.count + inFlight }

        /// The callback to call, once the ending is known and — before a close frame — everything
        /// queued before it is written. Without a close frame there is nothing to wait for: what
        /// is queued still goes out, the connection just need not stay open for it.
        mutating func readyCallback() -> EndingReport? {
            guard let ending, let onEnded else { return nil }
            if case .close = ending, !items.isEmpty || inFlight > 0 { return nil }
            self.onEnded = nil
            return EndingReport(callback: onEnded, ending: ending)
        }
    }

    private struct EndingReport {
        let callback: @Sendable (OutboundEnding) -> Void
        let ending: OutboundEnding

        func deliver() { callback(ending) }
    }

    let id: UInt64
    private let limit: Int
    /// The connection's event loop, where its frames are written.
    let eventLoop: any EventLoop
    private let sink: FrameSink
    private let state = Mutex(State())
    private let closing = Atomic<Bool>(false)

    init(limit: Int, eventLoop: any EventLoop, sink: FrameSink) {
        self.id = UInt64.random(in: 1...UInt64.max)
        self.limit = limit
        self.eventLoop = eventLoop
        self.sink = sink
    }

    /// Queues a frame; false when the connection is closing or has just overflowed.
    @discardableResult
    func send(_ frame: WireFrame) -> Bool {
        if closing.load(ordering: .relaxed) { return false }
        enum Outcome { case queued(schedule: Bool), overflow, closing }
        let outcome = state.withLock { state -> Outcome in
            if state.ending != nil { return .closing }
            if state.backlog >= limit { return .overflow }
            state.items.append(frame)
            return .queued(schedule: scheduleDrain(&state))
        }
        switch outcome {
        case .queued(let schedule):
            if schedule { eventLoop.execute { self.drain() } }
            return true
        case .overflow:
            close(.tryAgainLater, reason: "outbound buffer overflow: reading too slowly")
            return false
        case .closing:
            return false
        }
    }

    /// Queues a ping (not refused at the limit: it is tiny and the heartbeat sends few).
    func ping() {
        let schedule = state.withLock { state -> Bool in
            guard state.ending == nil else { return false }
            state.items.append(.ping)
            return scheduleDrain(&state)
        }
        if schedule { eventLoop.execute { self.drain() } }
    }

    /// Asks for the socket to be closed with `code` after the frames already queued.
    func close(_ code: CloseCode, reason: String) {
        end(.close(code, reason: reason))
    }

    /// Ends the connection's output without a close frame (the client has gone).
    func finish() {
        end(.finish)
    }

    var isClosing: Bool { closing.load(ordering: .relaxed) }

    /// Calls `onEnded` (once, on any thread) when the connection is closing and every frame
    /// queued before that has been written, or has failed.
    func whenEnded(_ onEnded: @escaping @Sendable (OutboundEnding) -> Void) {
        let report = state.withLock { state in
            state.onEnded = onEnded
            return state.readyCallback()
        }
        report?.deliver()
    }

    // MARK: - Private

    private func end(_ ending: OutboundEnding) {
        let report = state.withLock { state -> EndingReport? in
            guard state.ending == nil else { return nil }
            state.ending = ending
            return state.readyCallback()
        }
        closing.store(true, ordering: .relaxed)
        report?.deliver()
    }

    private func scheduleDrain(_ state: inout State) -> Bool {
        if state.drainScheduled { return false }
        state.drainScheduled = true
        return true
    }

    /// On the event loop: writes everything queued, in order, with one flush.
    private func drain() {
        let items = state.withLock { state -> [WireFrame] in
            state.drainScheduled = false
            var items: [WireFrame] = []
            swap(&items, &state.items)
            state.inFlight += items.count
            return items
        }
        guard !items.isEmpty else { return }
        let promise = eventLoop.makePromise(of: Void.self)
        sink.write(items, promise: promise)
        // Writes complete in order, so the last one's promise stands for the whole batch.
        promise.futureResult.whenComplete { _ in
            let report = self.state.withLock { state in
                state.inFlight = max(0, state.inFlight - items.count)
                return state.readyCallback()
            }
            report?.deliver()
        }
    }
}
