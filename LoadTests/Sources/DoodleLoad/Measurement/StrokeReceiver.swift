import DoodleClient
import DoodleCore

/// Checks and times the frames one connection receives while its room's drawer streams.
///
/// Identity comes from content (``StrokePlan/ordinal(of:)``): the next drawing message must be
/// ordinal `expected`; anything else is out of order. Room `seq`s must be consecutive
/// (``SequenceTracker``). The latency of a guesser's message is its receive time minus the
/// drawer's noted send time, both on the run's ``LoadClock``.
struct StrokeReceiver {
    let plan: StrokePlan
    let sendLog: SendLog
    let clock: LoadClock
    let stats: ReceiverStats
    private var tracker: SequenceTracker
    /// The ordinal the next drawing message should have.
    private(set) var expected = 0
    /// Drawing messages received.
    private(set) var received = 0

    init(plan: StrokePlan, sendLog: SendLog, clock: LoadClock, stats: ReceiverStats, lastSeq: Int) {
        self.plan = plan
        self.sendLog = sendLog
        self.clock = clock
        self.stats = stats
        self.tracker = SequenceTracker(lastSeq: lastSeq)
    }

    mutating func receive(_ frame: ServerFrame) {
        let now = clock.nanoseconds()
        // Drawing events, nearly every frame, are read from the text; the rest are decoded.
        if let scan = DrawingFrameScan(frame.text) {
            note(tracker.observe(seq: scan.seq, messageType: "drawing"))
            return delivered(ordinal: plan.ordinal(of: scan), at: now)
        }
        guard let message = frame.message else { return }
        note(tracker.observe(message))
        if case .error(let error) = message { stats.recordServerError(code: error.code.rawValue) }
        if case .event(.chat, _) = message { stats.recordChatLine() }
        guard case .event(.drawing(let action, _), _) = message else { return }
        delivered(ordinal: plan.ordinal(of: action), at: now)
    }

    private func note(_ violation: SequenceTracker.Violation?) {
        switch violation?.kind {
        case .gap: stats.recordGap()
        case .duplicate, .regression, .noBaseline: stats.recordOutOfOrder()
        case nil: break
        }
    }

    private mutating func delivered(ordinal: Int?, at now: UInt64) {
        received += 1
        guard let ordinal else {
            stats.recordUnrecognised()
            return
        }
        if ordinal != expected { stats.recordOutOfOrder() }
        expected = max(expected, ordinal + 1)
        let latency = sendLog.sendTime(of: ordinal).map { now >= $0 ? (now - $0) / 1000 : 0 }
        stats.recordDelivery(latencyMicroseconds: latency)
    }
}
