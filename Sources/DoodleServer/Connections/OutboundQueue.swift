import DoodleCore
import NIOCore
import Synchronization

/// The bounded outbound buffer of one connection. Rooms and the session push already-encoded
/// frames without waiting; a client that falls too far behind — in frames, in bytes, for too
/// long, or while the server as a whole holds too much — is aborted with 1013 rather than
/// letting its backlog grow or stall the room. `OutboundBacklog` keeps the books.
///
/// Frames go to the socket without a task of their own: the first frame queued after the
/// last drain schedules one drain on the channel's event loop (a room's fan-out gathers its
/// members' drains into one job per loop, `DrainBatch`), which writes every frame queued by then
/// and flushes once. So a burst costs one event-loop job and one `writev` however many
/// frames it holds. A frame counts against the limits until NIO has handed it to the kernel,
/// so a client that reads too slowly still overflows. Large frames are handed over in slices
/// of `writeSliceBytes`, so that a client slowly reading a large snapshot is seen to progress.
final class OutboundQueue: Sendable {
    private struct State {
        var backlog: OutboundBacklog
        /// Told how the connection ends, once.
        var onEnded: (@Sendable (OutboundEnding) -> Void)?
        /// The array the last drain took, emptied and handed back: the queue's next array, so
        /// that queueing a frame after a drain costs no allocation.
        var spareItems: [OutboundBacklog.Item] = []

        /// The callback to call, once the ending is known and can be acted on.
        mutating func readyCallback() -> EndingReport? {
            guard backlog.endingIsReady, let ending = backlog.ending, let onEnded else { return nil }
            self.onEnded = nil
            return EndingReport(callback: onEnded, ending: ending)
        }
    }

    private struct EndingReport {
        let callback: @Sendable (OutboundEnding) -> Void
        let ending: OutboundEnding

        func deliver() { callback(ending) }
    }

    static let writeSliceBytes = 64 * 1024
    /// A drain's array is handed back for reuse only up to this many frames' room, so that one
    /// burst does not keep its memory for the connection's life.
    static let reusedItemCapacity = 64

    let id: UInt64
    /// The connection's event loop, where its frames are written.
    let eventLoop: any EventLoop
    private let sink: FrameSink
    private let budget: OutboundBudget
    let clock: any GameClock
    private let state: Mutex<State>
    private let closing = Atomic<Bool>(false)

    init(limits: OutboundBacklog.Limits, budget: OutboundBudget, clock: any GameClock, eventLoop: any EventLoop, sink: FrameSink) {
        self.id = UInt64.random(in: 1...UInt64.max)
        self.eventLoop = eventLoop
        self.sink = sink
        self.budget = budget
        self.clock = clock
        self.state = Mutex(State(backlog: OutboundBacklog(limits: limits, now: clock.nowMillis())))
    }

    /// Queues a frame; false when the connection is closing or has just overflowed.
    @discardableResult
    func send(_ frame: WireFrame) -> Bool {
        enqueue(frame, isSnapshot: false)
    }

    /// Queues a frame and, if it needs one, leaves its drain to `drains` (a room's fan-out,
    /// which reads the clock once for all its members: `now`).
    @discardableResult
    func send(_ frame: WireFrame, now: Int64, drains: inout DrainBatch) -> Bool {
        enqueue(frame, isSnapshot: false, now: now, drains: &drains)
    }

    /// Queues a `roomState`, unless one is still on its way: that one, with every event after
    /// it, already brings the client up to date. True when queued or coalesced.
    @discardableResult
    func sendSnapshot(_ frame: WireFrame) -> Bool {
        enqueue(frame, isSnapshot: true)
    }

    /// `sendSnapshot`, leaving the drain to `drains`.
    @discardableResult
    func sendSnapshot(_ frame: WireFrame, now: Int64, drains: inout DrainBatch) -> Bool {
        enqueue(frame, isSnapshot: true, now: now, drains: &drains)
    }

    /// Whether a `roomState` is queued or still being written: asking for another is pointless.
    var hasPendingSnapshot: Bool { state.withLock { $0.backlog.hasPendingSnapshot } }

    /// Queues a ping (not refused at the limits: it is tiny and the heartbeat sends few).
    func ping() {
        enqueue(.ping, isSnapshot: false, force: true)
    }

    /// Asks for the socket to be closed with `code` after the frames already queued.
    func close(_ code: CloseCode, reason: String) {
        end(.close(code, reason: reason))
    }

    /// Closes with `code` without waiting for the client: what is queued is dropped, and the
    /// socket closes once the close frame is out (or soon after). For a client that has stopped
    /// reading or answering, whose answer to a close would never come.
    func abort(_ code: CloseCode, reason: String) {
        end(.abort(code, reason: reason))
    }

    /// The client has closed: once what is queued is written, the handler answers its close.
    func answerClientClose() {
        end(.answerClient)
    }

    /// Ends the connection's output without a close frame (the client has gone).
    func finish() {
        end(.finish)
    }

    /// Aborts the connection (1013) when its client has taken nothing of what waits for it for
    /// the stall limit (`OutboundBacklog.checkStalled`). The heartbeat asks every connection
    /// once a second.
    func abortIfStalled(now: Int64) {
        let stalled = state.withLock { $0.backlog.checkStalled(now: now) }
        if stalled { abort(.tryAgainLater, reason: "outbound buffer stalled: the client is not reading") }
    }

    var isClosing: Bool { closing.load(ordering: .relaxed) }

    /// Bytes queued or in the socket's buffers.
    var heldBytes: Int { state.withLock { $0.backlog.heldBytes } }

    /// Calls `onEnded` (once, on any thread) when the connection is ending and — before a close
    /// frame — every frame queued before that has been written, or has failed.
    func whenEnded(_ onEnded: @escaping @Sendable (OutboundEnding) -> Void) {
        let report = state.withLock { state in
            state.onEnded = onEnded
            return state.readyCallback()
        }
        report?.deliver()
    }

    // MARK: - Private

    @discardableResult
    private func enqueue(_ frame: WireFrame, isSnapshot: Bool, force: Bool = false) -> Bool {
        let (queued, needsDrain) = admit(frame, isSnapshot: isSnapshot, force: force, now: clock.nowMillis())
        if needsDrain { eventLoop.execute { self.drainNow(now: self.clock.nowMillis()) } }
        return queued
    }

    private func enqueue(_ frame: WireFrame, isSnapshot: Bool, now: Int64, drains: inout DrainBatch) -> Bool {
        let (queued, needsDrain) = admit(frame, isSnapshot: isSnapshot, force: false, now: now)
        if needsDrain { drains.add(self) }
        return queued
    }

    /// Queues the frame: whether it was queued (or coalesced), and whether the caller must see
    /// to a drain, no drain being on its way yet.
    private func admit(_ frame: WireFrame, isSnapshot: Bool, force: Bool, now: Int64) -> (queued: Bool, needsDrain: Bool) {
        if closing.load(ordering: .relaxed) { return (false, false) }
        let size = frame.bytes.readableBytes
        let admission = state.withLock { state -> OutboundBacklog.Admission in
            if !force, state.backlog.heldBytes >= state.backlog.limits.sizeableBytes, budget.wouldExceed(adding: size) {
                return .overflow(reason: "server outbound budget exhausted: reading too slowly")
            }
            return state.backlog.enqueue(frame, isSnapshot: isSnapshot, force: force, now: now)
        }
        switch admission {
        case .queued(let scheduleDrain):
            budget.add(size)
            return (true, scheduleDrain)
        case .coalesced:
            return (true, false)
        case .overflow(let reason):
            abort(.tryAgainLater, reason: reason)
            return (false, false)
        case .closing:
            return (false, false)
        }
    }

    private func end(_ ending: OutboundEnding) {
        let (accepted, escalated, dropped, report) = state.withLock { state -> (Bool, Bool, Int, EndingReport?) in
            let wasEnding = state.backlog.ending != nil
            let (accepted, dropped) = state.backlog.end(ending)
            return (accepted, wasEnding, dropped, accepted ? state.readyCallback() : nil)
        }
        guard accepted else { return }
        closing.store(true, ordering: .relaxed)
        budget.remove(dropped)
        // A close that had to become an abort was counted when it was decided.
        if !escalated {
            switch ending {
            case .close(let code, _), .abort(let code, _): budget.recordClose(code)
            case .answerClient, .finish: break
            }
        }
        report?.deliver()
    }

    /// On the event loop: writes everything queued, in order, with one flush. `now` is when
    /// the drain's job started (a job drains many queues with one look at the clock).
    func drainNow(now: Int64) {
        var items = state.withLock { state in
            let spare = state.spareItems
            state.spareItems = []
            return state.backlog.takeQueued(leaving: spare)
        }
        guard !items.isEmpty else { return }
        let writer = sink.writerNow
        var part = WrittenPart()
        for item in items {
            var bytes = item.frame.bytes
            while bytes.readableBytes > Self.writeSliceBytes, let slice = bytes.readSlice(length: Self.writeSliceBytes) {
                part.bytes += slice.readableBytes
                if item.isSnapshot { part.snapshotBytes += slice.readableBytes }
                writer.write(slice, promise: reportingPromise(for: part))
                part = WrittenPart()
            }
            part.bytes += bytes.readableBytes
            part.frames += 1
            if item.isSnapshot {
                part.snapshotBytes += bytes.readableBytes
                part.snapshots += 1
            }
            // Writes complete in order, so one promise stands for every write since the last.
            let promise = part.bytes >= Self.writeSliceBytes ? reportingPromise(for: part) : nil
            if promise != nil { part = WrittenPart() }
            writer.write(bytes, promise: promise)
        }
        writer.flush()
        guard !part.isEmpty else { return }
        // Nearly always the socket takes a drain whole, and its frames come off the books at
        // once; a promise per drain (a future, a callback and their generic metadata on every
        // delivery) is kept for a socket that is backing up. Then the emptied array becomes
        // the queue's spare, for the next frames.
        if writer.holdsNothing() {
            items.removeAll(keepingCapacity: items.capacity <= Self.reusedItemCapacity)
            written(part, now: now, handingBack: items)
        } else {
            sink.whenWritten(reportingPromise(for: part))
        }
    }

    /// A promise that, once its write is done (or has failed), takes `part` off the books.
    private func reportingPromise(for part: WrittenPart) -> EventLoopPromise<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        promise.futureResult.whenComplete { _ in self.written(part, now: self.clock.nowMillis()) }
        return promise
    }

    /// Takes `part` off the books; `emptied`, the array a drain took, becomes the spare.
    private func written(_ part: WrittenPart, now: Int64, handingBack emptied: [OutboundBacklog.Item] = []) {
        let report = state.withLock { state in
            state.backlog.written(part, now: now)
            if emptied.capacity > state.spareItems.capacity { state.spareItems = emptied }
            return state.readyCallback()
        }
        budget.remove(part.bytes)
        report?.deliver()
    }
}
