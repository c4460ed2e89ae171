import DoodleClient
import DoodleCore

/// Everything one pair bot decides, as a value: fed every frame (``handle(_:at:)``) and asked
/// what to do at a given time (``dueActions(at:)``). No socket and no clock inside; the driver
/// passes the bot's age, so tests replay a whole pair in microseconds.
///
/// A bot sends its drawings one after another, guesses the ones its partner sends (oldest
/// first), sometimes goes offline between drawings and comes back with its token, and the
/// creator unpairs once both sides' drawings are all resolved.
public struct PairBotBrain: Sendable {
    struct Outgoing: Sendable {
        var at: Duration
        var action: PairBotAction
    }

    /// The drawing being made.
    struct OpenDrawing: Sendable {
        var clientDrawingId: String
        var word: String?
        /// When `submitDrawing` went out, once it did.
        var submittedAt: Duration?
    }

    /// A drawing sent to this bot and not yet resolved.
    struct WaitingDrawing: Sendable {
        var drawingId: String
        var planner: PairGuessPlanner
        var lastGuess: String?
        /// A guess or give-up was sent: the drawing may be resolved by it even if the answer
        /// never arrived (the connection dropped first).
        var answered = false
        /// A guess went out and its `guessResult` has not come back: the next attempt waits for
        /// it, since a right guess still in flight resolves the drawing (a busy machine can hold
        /// the answer back longer than the bot's pause between guesses).
        var awaitingResult = false
    }

    public let configuration: PairBotConfiguration
    var random: SeededRandom

    public internal(set) var playerId: PlayerID?
    public internal(set) var token: String?
    public internal(set) var welcomes = 0
    public internal(set) var tracker = SequenceTracker()
    public internal(set) var violations: [BotViolation] = []
    public internal(set) var failure: String?
    public internal(set) var stats = PairBotStats()
    /// The code this bot opened (creator) or joined with.
    public internal(set) var code: String?
    public internal(set) var pairId: String?
    public internal(set) var isUnpaired = false

    /// Drawings the server acknowledged to this bot: clientDrawingId → drawingId.
    public internal(set) var acknowledged: [String: String] = [:]
    /// Drawings delivered to this bot, live or in a `roomState`'s inbox.
    public internal(set) var received: Set<String> = []
    /// This bot's acknowledged drawings not yet guessed or given up.
    public internal(set) var unresolvedOwn: Set<String> = []
    /// Drawings delivered to this bot that it guessed or gave up.
    public internal(set) var resolvedReceived: Set<String> = []
    /// Every `submitDrawing` latency in milliseconds, in order.
    public internal(set) var acknowledgementMilliseconds: [Double] = []

    var entryRequested = false
    var inPairRoom = false
    var connected = false
    /// Set after a `welcome` that resumes: the room is expected to re-seat the bot by then.
    var seatDeadline: Duration?
    var drawingsStarted = 0
    var openDrawing: OpenDrawing?
    var awaitingSuggestions = false
    /// The clientDrawingIds submitted again, with the drawingId their first answer gave.
    var repeatedSubmits: [String: String] = [:]
    var inbox: [WaitingDrawing] = []
    var nextGuessAt: Duration?
    /// When the next drawing starts, once planned.
    var nextDrawingAt: Duration?
    var lastGuessSentAt: Duration?
    var lastDrawingSentAt: Duration?
    var unpairRequested = false
    var resumeWithLastSeq = false
    var outbox: [Outgoing] = []
    var leakWatch = PairLeakWatch()

    public init(configuration: PairBotConfiguration, seed: UInt64) {
        self.configuration = configuration
        self.random = SeededRandom(seed: seed)
    }

    // MARK: Driving

    /// A connection is open: the `hello` to send first. A bot coming back carries its token, and
    /// the last `seq` it saw when it wants the replay rather than a fresh `roomState`.
    public mutating func connectionOpened(at now: Duration) -> ClientMessage {
        connected = true
        inPairRoom = false
        let resuming = token != nil && entryRequested
        if resuming {
            if resumeWithLastSeq { stats.resumesWithLastSeq += 1 } else { stats.resumesWithSnapshot += 1 }
        }
        if !resuming || !resumeWithLastSeq {
            // A fresh roomState follows: it is the baseline.
            tracker = SequenceTracker()
        }
        return .hello(
            protocol: ServerMessage.protocolVersion, name: configuration.name, token: token,
            lastSeq: resuming && resumeWithLastSeq ? tracker.lastSeq : nil)
    }

    /// The connection ended (the driver closed it to go offline, or it dropped): whatever was
    /// scheduled for the room waits for the next connection.
    public mutating func connectionLost() {
        connected = false
        inPairRoom = false
        seatDeadline = nil
        nextGuessAt = nil
        // An answer lost with the connection: the roomState on return says where each drawing stands.
        for index in inbox.indices { inbox[index].awaitingResult = false }
        outbox.removeAll {
            if case .goOffline = $0.action { return false }
            return true
        }
        if let open = openDrawing, open.submittedAt == nil {
            // The draft is the server's to keep; this bot starts that drawing again on return.
            openDrawing = nil
            drawingsStarted -= 1
        }
        awaitingSuggestions = false
        nextDrawingAt = nil
        // Repeats still to go or unanswered, and a pending unpair, are planned again on return.
        repeatedSubmits = [:]
        unpairRequested = false
    }

    /// What is due at `now`, in order. Drawing messages keep the pacing's minimum real gap and
    /// guesses the rate limit's, so a bot that fell behind does not burst.
    public mutating func dueActions(at now: Duration) -> [PairBotAction] {
        var due: [PairBotAction] = []
        if let deadline = seatDeadline, now >= deadline, connected, !inPairRoom {
            // Not re-seated: the grace period had run out; enter as a client would.
            seatDeadline = nil
            due.append(.send(.createRoom(mode: .pair, settings: SettingsPatch())))
        }
        while let first = outbox.first, first.at <= now {
            if case .send(.draw) = first.action, let last = lastDrawingSentAt, now < last + Self.drawingGap { break }
            outbox.removeFirst()
            switch first.action {
            case .send(.draw):
                lastDrawingSentAt = now
                stats.drawingMessagesSent += 1
            case .send(.pair(.submitDrawing(let clientDrawingId))):
                if openDrawing?.clientDrawingId == clientDrawingId { openDrawing?.submittedAt = now }
            case .goOffline:
                stats.offlinePeriods += 1
                resumeWithLastSeq = Bool.random(using: &random)
            default:
                break
            }
            due.append(first.action)
            if case .goOffline = first.action { return due }
        }
        if let at = nextDrawingAt, at <= now, inPairRoom, connected, let start = startDrawing(at: now) { due.append(start) }
        if let move = dueGuess(at: now) { due.append(.send(move)) }
        return due
    }

    /// When the bot next has something to do, if ever (until a message arrives).
    public var nextWakeUp: Duration? {
        var times: [Duration] = []
        if let first = outbox.first {
            if case .send(.draw) = first.action, let last = lastDrawingSentAt {
                times.append(max(first.at, last + Self.drawingGap))
            } else {
                times.append(first.at)
            }
        }
        if let next = nextGuessAt {
            times.append(lastGuessSentAt.map { max(next, $0 + PairBotTiming.minimumGuessGap) } ?? next)
        }
        if let seatDeadline { times.append(seatDeadline) }
        if let nextDrawingAt, inPairRoom { times.append(nextDrawingAt) }
        return times.min()
    }

    /// True once the pair has ended for this bot (or it failed).
    public var isFinished: Bool { failure != nil || isUnpaired }

    /// Stops the bot for a reason found outside the brain.
    public mutating func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }

    /// What the bot is still waiting for: said when a run's time runs out.
    public var waitingFor: String {
        var parts: [String] = []
        if !inPairRoom { parts.append(code == nil ? "its pair room" : "its partner or its room (code \(code ?? "?"))") }
        if let open = openDrawing { parts.append(open.submittedAt == nil ? "to finish drawing \(open.clientDrawingId)" : "drawingSent for \(open.clientDrawingId)") }
        if drawingsStarted < configuration.drawings { parts.append("to send \(configuration.drawings - drawingsStarted) more drawings") }
        if !unresolvedOwn.isEmpty { parts.append("its partner to resolve \(unresolvedOwn.sorted())") }
        if !inbox.isEmpty { parts.append("to resolve \(inbox.map(\.drawingId))") }
        if received.count < configuration.drawings { parts.append("\(configuration.drawings - received.count) drawings from its partner") }
        if unpairRequested { parts.append("its unpaired") }
        return parts.isEmpty ? "its partner to unpair" : parts.joined(separator: "; ")
    }

    // MARK: Helpers

    static let drawingGap = StrokePacing.human(speed: 1).minimumMessageGap

    func scaled(_ seconds: Double) -> Duration {
        .seconds(seconds / configuration.speed)
    }

    mutating func scaled(_ range: ClosedRange<Double>) -> Duration {
        scaled(Double.random(in: range, using: &random))
    }

    mutating func schedule(_ action: PairBotAction, at time: Duration) {
        let index = outbox.firstIndex { $0.at > time } ?? outbox.endIndex
        outbox.insert(Outgoing(at: time, action: action), at: index)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    mutating func record(_ violation: BotViolation, into notices: inout [PairBotNotice]) {
        violations.append(violation)
        notices.append(.violation(violation))
    }
}
