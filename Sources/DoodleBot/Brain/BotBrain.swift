import DoodleClient
import DoodleCore

/// Everything one bot decides, as a value: fed every frame the server sends (``handle(_:at:)``)
/// and asked for what to send at a given time (``dueMessages(at:)``). No socket and no clock
/// inside: the driver passes the time (the bot's age), so tests replay a game in microseconds.
public struct BotBrain: Sendable {
    /// A message waiting for its time.
    struct Outgoing: Sendable {
        enum Lane: Sendable {
            /// Session and room control (join, start, sync, leave): kept across turns.
            case control
            /// This turn's choice, drawing and chat: dropped when the turn changes.
            case turn
        }

        var at: Duration
        var message: ClientMessage
        var lane: Lane
    }

    public let configuration: BotBrainConfiguration
    var random: SeededRandom

    public internal(set) var playerId: PlayerID?
    public internal(set) var token: String?
    public internal(set) var tracker = SequenceTracker()
    public internal(set) var violations: [BotViolation] = []
    /// Why the bot stopped early, if it did.
    public internal(set) var failure: String?
    public internal(set) var stats = BotStats()
    /// The end of the game, once it came.
    public internal(set) var gameSummary: GameSummary?
    /// How many `welcome`s arrived: one per successful (re)connection.
    public internal(set) var welcomes = 0

    // The room as this bot sees it.
    public internal(set) var code: String?
    /// Nil in a room nobody owns (quick play's public rooms start on their own).
    public internal(set) var ownerId: PlayerID?
    /// When a public room's countdown ends (server time, ms); nil when none runs.
    public internal(set) var startsAt: Int64?
    var players: [PlayerInfo] = []
    var phase: Phase?
    var round: Int?
    var rounds = 0
    var revealSeconds = 0
    var drawerId: PlayerID?
    var hint: String?
    var guessedThisTurn = false

    /// A redirect the driver has yet to follow.
    var pendingRedirect: Redirect?
    var entryRequested = false
    var announcedRoom = false
    var startRequested = false
    /// The room a quick play was redirected to, joined by its code on the hosting node.
    var quickPlayRedirectCode: String?

    /// A telephone room's bot (`BotBrain+Telephone`): the room's mode, when the step last
    /// changed, and after a reload the last stroke of its drawing.
    var roomMode: RoomMode?
    var stepChangedAt: Duration?
    var telephoneLastStrokeId: Int?
    /// When the last frame arrived.
    var lastFrameAt: Duration = .zero

    var leakDetector = WordLeakDetector()
    var planner: GuessPlanner
    var nextGuessAt: Duration?
    var lastGuessSentAt: Duration?
    var lastDrawingSentAt: Duration?
    var outbox: [Outgoing] = []

    public init(configuration: BotBrainConfiguration, seed: UInt64) {
        self.configuration = configuration
        self.random = SeededRandom(seed: seed)
        self.planner = GuessPlanner(vocabulary: configuration.vocabulary, skill: configuration.skill)
    }

    // MARK: Driving

    /// A connection is open: the `hello` to send first. After a drop it carries the token and
    /// the last `seq` seen, so the server re-seats the bot and replays what it missed.
    public mutating func connectionOpened(at now: Duration) -> ClientMessage {
        // Whatever this turn still had to send belongs to a turn the server has moved past.
        clearTurn()
        let resuming = token != nil && code != nil
        return .hello(
            protocol: ServerMessage.protocolVersion, name: configuration.name, token: token,
            lastSeq: resuming ? tracker.lastSeq : nil)
    }

    /// A house bot: the server gave it the seat `playerId`, and the room's frames reach it from
    /// now on, starting with its `roomState`. It sends no `hello` and asks for no room.
    public mutating func seatedByServer(as playerId: PlayerID) {
        self.playerId = playerId
        entryRequested = true
    }

    /// The messages due at `now`, in order. Drawing messages keep at least the pacing's
    /// minimum gap in real time, so a bot that fell behind does not burst past the rate limit.
    public mutating func dueMessages(at now: Duration) -> [ClientMessage] {
        var due: [ClientMessage] = []
        while let first = outbox.first, first.at <= now {
            if case .draw = first.message, let last = lastDrawingSentAt, now < last + Self.drawingGap { break }
            outbox.removeFirst()
            switch first.message {
            case .draw:
                lastDrawingSentAt = now
                stats.drawingMessagesSent += 1
            case .guess:
                // Only chat travels through the outbox; it shares the guess rate limit.
                if let last = lastGuessSentAt, now < last + BotTiming.minimumGuessGap { continue }
                lastGuessSentAt = now
                stats.chatsSent += 1
            case .party(.react):
                stats.reactionsSent += 1
            default:
                break
            }
            due.append(first.message)
        }
        if let guess = dueGuess(at: now) { due.append(guess) }
        return due
    }

    /// When the bot next has something to send, if ever (until a message arrives).
    public var nextWakeUp: Duration? {
        var times: [Duration] = []
        if let first = outbox.first {
            if case .draw = first.message, let last = lastDrawingSentAt {
                times.append(max(first.at, last + Self.drawingGap))
            } else {
                times.append(first.at)
            }
        }
        if let next = nextGuessAt {
            times.append(lastGuessSentAt.map { max(next, $0 + BotTiming.minimumGuessGap) } ?? next)
        }
        return times.min()
    }

    /// True once the game has ended and the goodbye is sent, or the bot failed.
    public var isFinished: Bool {
        failure != nil || (gameSummary != nil && outbox.isEmpty)
    }

    /// The node to reconnect to, when the server sent the bot elsewhere; taking it clears it.
    public mutating func takeRedirect() -> Redirect? {
        defer { pendingRedirect = nil }
        return pendingRedirect
    }

    /// The driver is about to reconnect after losing the connection.
    public mutating func noteReconnect() {
        stats.reconnects += 1
    }

    /// Stops the bot for a reason found outside the brain (the connection cannot be restored).
    public mutating func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }

    // MARK: Helpers

    static let drawingGap = StrokePacing.human(speed: 1).minimumMessageGap

    var isDrawer: Bool { drawerId != nil && drawerId == playerId }

    /// `seconds` of human time at this bot's speed.
    func scaled(_ seconds: Double) -> Duration {
        .seconds(seconds / configuration.speed)
    }

    mutating func scaled(_ range: ClosedRange<Double>) -> Duration {
        scaled(Double.random(in: range, using: &random))
    }

    mutating func schedule(_ message: ClientMessage, at time: Duration, lane: Outgoing.Lane) {
        let index = outbox.firstIndex { $0.at > time } ?? outbox.endIndex
        outbox.insert(Outgoing(at: time, message: message, lane: lane), at: index)
    }

    mutating func clearTurn() {
        outbox.removeAll { $0.lane == .turn }
        nextGuessAt = nil
    }

    mutating func record(_ violation: BotViolation, into notices: inout [BotNotice]) {
        violations.append(violation)
        notices.append(.violation(violation))
    }

    var progress: RoomProgress {
        RoomProgress(
            code: code ?? "?", phase: phase ?? .lobby, round: round, rounds: rounds,
            drawerName: drawerId.flatMap { id in players.first { $0.id == id }?.name },
            scores: players.map { RoomProgress.Score(name: $0.name, score: $0.score) })
    }
}
