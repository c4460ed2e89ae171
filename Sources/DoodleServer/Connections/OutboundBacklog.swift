import DoodleCore
import NIOCore

/// How a connection's outbound side ends.
enum OutboundEnding: Sendable, Equatable {
    /// Send a close frame with this code, once everything queued before it has been written.
    case close(CloseCode, reason: String)
    /// The client reads too slowly to keep: what was not yet handed to the socket is dropped,
    /// a close frame with this code goes out behind what was, and the socket is closed
    /// without waiting for the client's answer, so its memory is released at once.
    case abort(CloseCode, reason: String)
    /// The client closed first: once everything queued before now is written, the connection
    /// sends its answer to that close (the handler holds it).
    case answerClient
    /// The client has gone: no close frame.
    case finish
}

/// The bookkeeping of one connection's outbound buffer, without I/O: what is queued, what the
/// socket still holds, when the client last took anything, and when to give up on it.
///
/// A connection holds at most `limits.frames` frames and `limits.bytes` bytes, not counting one
/// pending `roomState`: a snapshot asked for while another is still on its way adds nothing (the
/// one on its way, followed by every event after it, brings the client to the same state), so
/// asking again and again cannot multiply the largest answer the server gives.
struct OutboundBacklog: Sendable {
    struct Limits: Sendable {
        /// Frames queued or in the socket's buffers.
        var frames: Int
        /// Bytes queued or in the socket's buffers, beyond the one pending snapshot.
        var bytes: Int
        /// How long a client may take nothing of what is waiting for it.
        var stallMillis: Int64
        /// How many of the heartbeat's checks (one a second) in a row must also have seen no
        /// progress: a clock that jumps (a paused machine, a test's manual clock) or a server
        /// too busy to check is then never taken for a client that stopped reading.
        var stallChecks: Int { max(1, Int(stallMillis / 1000)) }
        /// A backlog this large is "sizeable": over the server's budget, such a connection is
        /// closed when more is queued for it.
        var sizeableBytes: Int

        init(frames: Int, bytes: Int, stallMillis: Int64, sizeableBytes: Int) {
            self.frames = frames
            self.bytes = bytes
            self.stallMillis = stallMillis
            self.sizeableBytes = sizeableBytes
        }

        /// The limits `GameRules/rules.json` sets.
        init(rules: GameRules) {
            self.init(
                frames: rules.limits.outboundBufferFrames, bytes: rules.limits.outboundBufferBytes,
                stallMillis: Int64(rules.timing.outboundStallSeconds) * 1000, sizeableBytes: rules.limits.sizeableBacklogBytes)
        }
    }

    /// What became of a frame offered to the backlog.
    enum Admission: Equatable {
        /// Queued; `scheduleDrain` when no drain is waiting to pick it up yet.
        case queued(scheduleDrain: Bool)
        /// A snapshot while another is pending: nothing was queued, nothing needs to be.
        case coalesced
        /// Past a limit: the connection must be aborted.
        case overflow(reason: String)
        /// The connection is ending: nothing more is queued.
        case closing
    }

    /// A queued frame, and whether it is a `roomState` snapshot.
    struct Item: Sendable {
        var frame: WireFrame
        var isSnapshot: Bool
    }

    let limits: Limits
    private(set) var queued: [Item] = []
    private(set) var queuedBytes = 0
    private var queuedSnapshots = 0
    private var queuedSnapshotBytes = 0
    private(set) var inFlightFrames = 0
    private(set) var inFlightBytes = 0
    private var inFlightSnapshots = 0
    private var inFlightSnapshotBytes = 0
    private var drainScheduled = false
    /// When the backlog last moved: it became non-empty, or the socket took some of it.
    private(set) var lastProgress: Int64
    /// Counts every such move; a stall check compares it with what the check before saw (a
    /// time would not do: on a clock that stands still, a move leaves it as it was).
    private var progressCount: UInt64 = 0
    private var progressCountAtLastCheck: UInt64 = 0
    /// Stall checks in a row that found bytes waiting and no move since the check before.
    private var checksWithoutProgress = 0
    private(set) var ending: OutboundEnding?

    init(limits: Limits, now: Int64) {
        self.limits = limits
        self.lastProgress = now
    }

    /// Every byte this connection holds, queued or in the socket's buffers.
    var heldBytes: Int { queuedBytes + inFlightBytes }

    var frameCount: Int { queued.count + inFlightFrames }

    /// Whether a `roomState` is queued or still being written.
    var hasPendingSnapshot: Bool { queuedSnapshots + inFlightSnapshots > 0 }

    /// The bytes that count against `limits.bytes`.
    private var countedBytes: Int { heldBytes - queuedSnapshotBytes - inFlightSnapshotBytes }

    /// Offers a frame. `force` skips the limits (a tiny ping the heartbeat sends).
    mutating func enqueue(_ frame: WireFrame, isSnapshot: Bool = false, force: Bool = false, now: Int64) -> Admission {
        if ending != nil { return .closing }
        let size = frame.bytes.readableBytes
        if isSnapshot, hasPendingSnapshot { return .coalesced }
        if !force {
            if frameCount >= limits.frames {
                return .overflow(reason: "outbound buffer overflow: more than \(limits.frames) frames waiting")
            }
            if !isSnapshot, countedBytes + size > limits.bytes {
                return .overflow(reason: "outbound buffer overflow: more than \(limits.bytes) bytes waiting")
            }
        }
        if heldBytes == 0 { progressed(now: now) }
        queued.append(Item(frame: frame, isSnapshot: isSnapshot))
        queuedBytes += size
        if isSnapshot {
            queuedSnapshots += 1
            queuedSnapshotBytes += size
        }
        if drainScheduled { return .queued(scheduleDrain: false) }
        drainScheduled = true
        return .queued(scheduleDrain: true)
    }

    /// Takes every queued frame, in order, for one write to the socket. `emptied` becomes the
    /// queue, so that a drain that hands back the array it took last time (emptied, with its
    /// room) costs no allocation for the next frames.
    mutating func takeQueued(leaving emptied: [Item] = []) -> [Item] {
        precondition(emptied.isEmpty, "the array left for the queue must be empty")
        drainScheduled = false
        let batch = queued
        inFlightFrames += queued.count
        inFlightBytes += queuedBytes
        inFlightSnapshots += queuedSnapshots
        inFlightSnapshotBytes += queuedSnapshotBytes
        emptyQueue(leaving: emptied)
        return batch
    }

    private mutating func emptyQueue(leaving emptied: [Item] = []) {
        queued = emptied
        queuedBytes = 0
        queuedSnapshots = 0
        queuedSnapshotBytes = 0
    }

    /// The socket took (or, the connection being gone, dropped) part of what was taken.
    mutating func written(_ part: WrittenPart, now: Int64) {
        inFlightFrames = max(0, inFlightFrames - part.frames)
        inFlightBytes = max(0, inFlightBytes - part.bytes)
        inFlightSnapshots = max(0, inFlightSnapshots - part.snapshots)
        inFlightSnapshotBytes = max(0, inFlightSnapshotBytes - part.snapshotBytes)
        progressed(now: now)
    }

    private mutating func progressed(now: Int64) {
        lastProgress = now
        progressCount &+= 1
    }

    /// One of the heartbeat's checks, made once a second: whether the client has taken nothing
    /// of what waits for it for `limits.stallMillis`, and through `limits.stallChecks` checks in
    /// a row. However little waits, a client that reads nothing is never going to. A close still
    /// waiting for what was queued before it can stall too: it would never be sent.
    mutating func checkStalled(now: Int64) -> Bool {
        defer { progressCountAtLastCheck = progressCount }
        guard isOpenOrDraining, heldBytes > 0 else {
            checksWithoutProgress = 0
            return false
        }
        checksWithoutProgress = progressCount == progressCountAtLastCheck ? checksWithoutProgress + 1 : 0
        return now - lastProgress >= limits.stallMillis && checksWithoutProgress >= limits.stallChecks
    }

    /// Not ending, or ending with a close that waits for the queue to drain.
    private var isOpenOrDraining: Bool {
        switch ending {
        case .none, .close, .answerClient: true
        case .abort, .finish: false
        }
    }

    /// Records how the connection ends; false when it was already ending — except that an abort
    /// replaces a close still waiting for the queue (its client stopped reading). An abort drops
    /// what was not yet handed to the socket and returns how many bytes that freed.
    mutating func end(_ how: OutboundEnding) -> (accepted: Bool, droppedBytes: Int) {
        guard case .abort = how else {
            guard ending == nil else { return (false, 0) }
            ending = how
            return (true, 0)
        }
        // A close already acted on (the queue drained) is not taken back.
        guard ending == nil || (isOpenOrDraining && !endingIsReady) else { return (false, 0) }
        ending = how
        let dropped = queuedBytes
        emptyQueue()
        return (true, dropped)
    }

    /// Whether the connection's ending can be acted on now: a close frame waits for everything
    /// queued before it; an abort or a finish waits for nothing.
    var endingIsReady: Bool {
        switch ending {
        case .none: false
        case .close, .answerClient: queued.isEmpty && inFlightFrames == 0
        case .abort, .finish: true
        }
    }
}

/// A stretch of taken frames that the socket has written: the frames that ended in it, its
/// bytes, and the snapshots that ended in it and the snapshot bytes it held.
struct WrittenPart: Sendable, Equatable {
    var frames = 0
    var bytes = 0
    var snapshots = 0
    var snapshotBytes = 0

    var isEmpty: Bool { bytes == 0 && frames == 0 }
}
