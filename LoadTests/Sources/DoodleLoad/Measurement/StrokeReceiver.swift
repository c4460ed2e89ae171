import DoodleClient
import DoodleCore

/// Checks and times the frames one connection receives while its room's drawer streams.
///
/// Identity comes from content (``StrokePlan/ordinal(of:)``): the next drawing message must be
/// ordinal `expected`; anything else is out of order. Room `seq`s must be consecutive
/// (``SequenceTracker``). The latency of a guesser's message is its receive time minus the
/// drawer's noted send time, both on the run's ``LoadClock``; a message the member sent itself
/// is its echo, counted apart.
///
/// A class, so that a reader on an event loop checks frames in place with no copy of its state.
final class StrokeReceiver {
    let plan: StrokePlan
    let sendLog: SendLog
    let clock: LoadClock
    let stats: ReceiverStats
    /// The member's index in its room, as the send log names senders.
    let member: Int
    private var tracker: SequenceTracker
    /// The ordinal the next drawing message should have.
    private(set) var expected = 0
    /// Drawing messages received.
    private(set) var received = 0

    init(plan: StrokePlan, sendLog: SendLog, clock: LoadClock, stats: ReceiverStats, member: Int, lastSeq: Int) {
        self.plan = plan
        self.sendLog = sendLog
        self.clock = clock
        self.stats = stats
        self.member = member
        self.tracker = SequenceTracker(lastSeq: lastSeq)
    }

    /// Checks one frame; returns its message when it is neither a drawing message, a chat line
    /// nor undecodable, for a caller that follows the game (``LeanTurns``).
    @discardableResult
    func receive(_ frame: ServerFrame) -> ServerMessage? {
        let now = clock.nanoseconds()
        if let scan = StreamFrameScan(frame.text) { return receive(scan, at: now) }
        return decoded(frame, at: now)
    }

    /// The same for a text frame's payload in the reader's buffer, received at `now`: drawing
    /// events and chat lines, nearly every frame, are read from the bytes; the rest are decoded.
    @discardableResult
    func receive(text payload: UnsafeRawBufferPointer, at now: UInt64) -> ServerMessage? {
        if let scan = StreamFrameScan(bytes: payload) { return receive(scan, at: now) }
        return decoded(ServerFrame(receivedText: String(decoding: payload, as: UTF8.self)), at: now)
    }

    /// A frame the scan declined, decoded whole.
    private func decoded(_ frame: ServerFrame, at now: UInt64) -> ServerMessage? {
        guard let message = frame.message else { return nil }
        note(tracker.observe(message))
        if case .error(let error) = message { stats.recordServerError(code: error.code.rawValue) }
        if case .event(.chat, _) = message { stats.recordChatLine() }
        guard case .event(.drawing(let action, _), _) = message else { return message }
        delivered(ordinal: plan.ordinal(of: action), at: now)
        return nil
    }

    private func receive(_ scan: StreamFrameScan, at now: UInt64) -> ServerMessage? {
        if scan.kind == .chat {
            note(tracker.observe(seq: scan.seq, messageType: "chat"))
            stats.recordChatLine()
        } else {
            note(tracker.observe(seq: scan.seq, messageType: "drawing"))
            delivered(ordinal: plan.ordinal(of: scan), at: now)
        }
        return nil
    }

    private func note(_ violation: SequenceTracker.Violation?) {
        switch violation?.kind {
        case .gap: stats.recordGap()
        case .duplicate, .regression, .noBaseline: stats.recordOutOfOrder()
        case nil: break
        }
    }

    private func delivered(ordinal: Int?, at now: UInt64) {
        received += 1
        guard let ordinal else {
            stats.recordUnrecognised()
            return
        }
        if ordinal != expected { stats.recordOutOfOrder() }
        expected = max(expected, ordinal + 1)
        let send = sendLog.send(of: ordinal)
        let latency = send.map { now >= $0.time ? (now - $0.time) / 1000 : 0 }
        stats.recordDelivery(latencyMicroseconds: latency, echo: send?.sender == member)
    }
}
