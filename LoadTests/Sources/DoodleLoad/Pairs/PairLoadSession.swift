import DoodleClient
import DoodleCore
import Histogram
import Logging

/// One partner's stretch online: `hello` with its token (the server re-seats it in its pair
/// room, as it was gone for less than the reconnect grace; else it enters with `createRoom`),
/// then, while `playing`, one guess at a time at what waits in its inbox and one drawing at a
/// time until its turn ends; a drawing in flight is waited for before it leaves.
struct PairLoadSession {
    private(set) var partner: PairLoadPair.Partner
    /// drawingId → word, for every drawing this pair sent.
    private(set) var words: [String: String]
    let configuration: PairLoadConfiguration
    let timeline: PairLoadPair.Timeline
    let turnEnd: ContinuousClock.Instant
    let playing: Bool
    private var random: SeededRandom

    private var tracker = SequenceTracker()
    private var entered = false
    private var guessQueue: [String] = []
    /// Drawings guessed wrong once already (the next guess is right).
    private var missedOnce: Set<String> = []
    private var lastGuess: ContinuousClock.Instant?
    private var awaitingResult = false
    /// The drawing in flight: its clientDrawingId, word, and when its submit was written.
    private var inFlight: (clientDrawingId: String, word: String, submittedAt: UInt64)?
    private var nextDrawing: ContinuousClock.Instant

    /// The guess rate limit is 5 per 3 s per connection; a second apart leaves room for the
    /// bunching a loaded machine adds on the way.
    static let guessGap = Duration.seconds(1)
    /// How long a resumed player waits to be re-seated before it enters by itself.
    static let seatWait = Duration.seconds(2)
    /// How long a drawing in flight at the end of the turn is waited for.
    static let drainWait = Duration.seconds(10)

    init(
        partner: PairLoadPair.Partner, words: [String: String], configuration: PairLoadConfiguration, timeline: PairLoadPair.Timeline,
        turnEnd: ContinuousClock.Instant, playing: Bool, seed: UInt64
    ) {
        self.partner = partner
        self.words = words
        self.configuration = configuration
        self.timeline = timeline
        self.turnEnd = turnEnd
        self.playing = playing
        self.random = SeededRandom(seed: seed &+ timeline.clock.nanoseconds())
        self.nextDrawing = ContinuousClock.now
    }

    mutating func run(url: String, logger: Logger, stats: inout PairLoadStats) async {
        do {
            try await DoodleClient.withConnection(to: url, configuration: PairLoadPair.clientConfiguration, logger: logger) { connection in
                try await play(on: connection, stats: &stats)
            }
        } catch {
            stats.failedSessions += 1
            if stats.failures.count < 10 { stats.failures.append("\(partner.name): \(error)") }
        }
    }

    private mutating func play(on connection: DoodleConnection, stats: inout PairLoadStats) async throws {
        let helloAt = timeline.clock.nanoseconds()
        try await connection.send(.hello(protocol: ServerMessage.protocolVersion, name: partner.name, token: partner.token, lastSeq: nil))
        var seatDeadline: ContinuousClock.Instant? = ContinuousClock.now + Self.seatWait
        let giveUpAt = turnEnd + Self.drainWait
        while true {
            let now = ContinuousClock.now
            if now >= giveUpAt { throw PairLoadError("\(partner.name): drawing \(inFlight?.clientDrawingId ?? "?") never acknowledged") }
            if now >= turnEnd && inFlight == nil && entered { return }
            if let deadline = seatDeadline, now >= deadline, !entered {
                seatDeadline = nil
                stats.entriesByCreateRoom += 1
                try await connection.send(.createRoom(mode: .pair, settings: SettingsPatch()))
            }
            if entered && playing { try await act(on: connection, now: now, stats: &stats) }
            let frame: ServerFrame
            do {
                frame = try await connection.receiveFrame(timeout: max(nextWake(now: now, seatDeadline: seatDeadline) - now, .milliseconds(1)))
            } catch DoodleClientError.timedOut {
                continue
            }
            handle(frame, helloAt: helloAt, stats: &stats)
        }
    }

    private func nextWake(now: ContinuousClock.Instant, seatDeadline: ContinuousClock.Instant?) -> ContinuousClock.Instant {
        var wake = min(turnEnd, now + .seconds(1))
        if let seatDeadline { wake = min(wake, seatDeadline) }
        if entered && playing {
            if inFlight == nil { wake = min(wake, nextDrawing) }
            if !guessQueue.isEmpty && !awaitingResult { wake = min(wake, (lastGuess ?? now) + Self.guessGap) }
        }
        return max(wake, now)
    }

    /// A guess if one is due, and the next drawing if it is time.
    private mutating func act(on connection: DoodleConnection, now: ContinuousClock.Instant, stats: inout PairLoadStats) async throws {
        if let drawingId = guessQueue.first, !awaitingResult, lastGuess.map({ now >= $0 + Self.guessGap }) ?? true {
            lastGuess = now
            awaitingResult = true
            stats.guesses += 1
            if let word = words[drawingId] {
                let wrong = !missedOnce.contains(drawingId) && Double.random(in: 0..<1, using: &random) < configuration.wrongGuessChance
                if wrong { missedOnce.insert(drawingId) }
                try await connection.send(.pairGuess(drawingId: drawingId, text: wrong ? "xq" : word))
            } else {
                try await connection.send(.giveUp(drawingId: drawingId))
            }
        }
        if inFlight == nil, now >= nextDrawing, now < turnEnd {
            try await sendDrawing(on: connection, stats: &stats)
        }
    }

    private mutating func sendDrawing(on connection: DoodleConnection, stats: inout PairLoadStats) async throws {
        let clientDrawingId = "c_" + String(random.next(), radix: 36)
        let word = Self.words.randomElement(using: &random) ?? "kite"
        try await connection.send(.beginDrawing(clientDrawingId: clientDrawingId, word: word))
        for stroke in 0..<configuration.strokesPerDrawing {
            var points = PointList()
            points.reserveCapacity(configuration.pointsPerStroke * 2)
            for point in 0..<configuration.pointsPerStroke {
                points.append(100 + (point * 37 + stroke * 101) % 1400)
                points.append(100 + (point * 53 + stroke * 211) % 1000)
            }
            try await connection.send(
                .draw(.strokeBegin(StrokeBegin(strokeId: stroke + 1, tool: .pen, color: "#224466", width: 6, points: points))))
            try await connection.send(.draw(.strokeEnd(strokeId: stroke + 1)))
        }
        try await connection.send(.submitDrawing(clientDrawingId: clientDrawingId))
        inFlight = (clientDrawingId, word, timeline.clock.nanoseconds())
        stats.submits += 1
    }

    private mutating func handle(_ frame: ServerFrame, helloAt: UInt64, stats: inout PairLoadStats) {
        let message: PairServerMessage
        do {
            message = try frame.pairMessage()
        } catch {
            stats.undecodable += 1
            return
        }
        if tracker.observe(message) != nil { stats.sequenceViolations += 1 }
        let now = timeline.clock.nanoseconds()
        switch message {
        case .welcome:
            break
        case .roomState(let snapshot):
            guard snapshot.phase == .paired else {
                stats.errors["roomState \(snapshot.phase)", default: 0] += 1
                return
            }
            if !entered {
                entered = true
                stats.entries += 1
                if inWindow(now) { _ = stats.entry.record((now - helloAt) / 1000) }
            }
            for item in snapshot.inbox { receive(item.drawingId) }
        case .pair(let event):
            handle(event, at: now, stats: &stats)
        }
    }

    private mutating func handle(_ event: PairMessage, at now: UInt64, stats: inout PairLoadStats) {
        switch event {
        case .drawingSent(let clientDrawingId, let drawingId, let seq):
            guard seq != nil, let flight = inFlight, flight.clientDrawingId == clientDrawingId else {
                stats.errors["drawingSent not awaited", default: 0] += 1
                return
            }
            inFlight = nil
            words[drawingId] = flight.word
            partner.acknowledged.insert(drawingId)
            stats.saves += 1
            if inWindow(now) {
                stats.savesInWindow += 1
                _ = stats.acknowledgement.record((now - flight.submittedAt) / 1000)
            }
            nextDrawing = ContinuousClock.now + .milliseconds(configuration.thinkMilliseconds)
        case .drawingReceived(let item, _):
            receive(item.drawingId)
        case .guessResult(let drawingId, let correct, _, _):
            awaitingResult = false
            if correct { guessQueue.removeAll { $0 == drawingId } }
        case .drawingGuessed(let resolution, _), .drawingRevealed(let resolution, _):
            // Both partners hear it; only the recipient's copy counts.
            guard partner.seen.contains(resolution.drawingId), partner.resolved.insert(resolution.drawingId).inserted else { return }
            guessQueue.removeAll { $0 == resolution.drawingId }
            awaitingResult = false
            stats.resolved += 1
        case .error(let error):
            stats.errors[error.code.rawValue, default: 0] += 1
            if error.ref == "guess" || error.ref == "giveUp" {
                awaitingResult = false
                if !guessQueue.isEmpty { guessQueue.removeFirst() }
            }
            if error.ref == "submitDrawing" { inFlight = nil }
        case .playerConnection, .chat, .wordSuggestions, .unpaired:
            break
        }
    }

    private mutating func receive(_ drawingId: String) {
        partner.seen.insert(drawingId)
        if playing, !partner.resolved.contains(drawingId), !guessQueue.contains(drawingId) { guessQueue.append(drawingId) }
    }

    private func inWindow(_ nanoseconds: UInt64) -> Bool {
        nanoseconds >= timeline.windowStart && nanoseconds < timeline.windowEnd
    }

    static let words = ["kite", "pear", "tent", "boat", "moon", "apple", "house", "tree", "cloud", "star"]
}
