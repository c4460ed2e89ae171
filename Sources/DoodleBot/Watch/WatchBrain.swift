import DoodleClient
import DoodleCore

/// What a watching bot (`doodle-bot --join CODE --spectate`) makes of the frames it receives:
/// lines saying what happens in the room, and violations. A watcher must never receive the
/// word before the turn ends, so every raw frame of a turn is kept (`WordLeakDetector`) and
/// checked once `turnEnded` reveals it. A pure value: feed it frames with ``handle(_:)``.
public struct WatchBrain: Sendable {
    public let name: String
    public private(set) var playerId: PlayerID?
    public private(set) var code: String?
    public private(set) var violations: [BotViolation] = []
    public private(set) var turnsWatched = 0
    public private(set) var gameSummary: GameSummary?
    private var tracker = SequenceTracker()
    private var leakDetector = WordLeakDetector()
    private var names: [PlayerID: String] = [:]
    private var strokesThisTurn = 0

    public init(name: String) {
        self.name = name
    }

    /// The game this watcher saw end, if it did.
    public var sawGameEnd: Bool { gameSummary != nil }

    /// Checks one frame and returns what to print about it.
    public mutating func handle(_ frame: ServerFrame) -> [String] {
        leakDetector.record(frame.text)
        guard let message = frame.message else {
            violations.append(BotViolation(.malformedMessage, frame.decodingFailure ?? "undecodable frame"))
            return []
        }
        if message.seq != nil || message.typeName == "roomState", let violation = tracker.observe(message) {
            violations.append(BotViolation(.sequence, violation.description))
        }
        switch message {
        case .welcome(let welcome):
            playerId = welcome.playerId
            return []
        case .roomState(let snapshot):
            return watch(snapshot)
        case .event(let event, _):
            return watch(event, frame: frame)
        case .error(let error):
            return ["error \(error.code.rawValue): \(error.message)"]
        case .guessResult(let result) where result.correct:
            violations.append(BotViolation(.wordLeaked, "a watcher was told its guess was correct"))
            return []
        case .guessResult:
            return ["(a near miss)"]
        case .chooseWord:
            violations.append(BotViolation(.wordLeaked, "a watcher was offered words to choose"))
            return []
        case .task:
            violations.append(BotViolation(.wordLeaked, "a watcher was given a telephone task"))
            return []
        case .drawingReceived, .redirect, .muted, .reported:
            return []
        case .roomClosed(let reason):
            return ["room closed by an operator: \(reason)"]
        }
    }

    private mutating func watch(_ snapshot: RoomSnapshot) -> [String] {
        code = snapshot.code
        for player in snapshot.players { names[player.id] = player.name }
        for spectator in snapshot.spectators { names[spectator.id] = spectator.name }
        if snapshot.word != nil, snapshot.phase == .choosing || snapshot.phase == .drawing {
            violations.append(BotViolation(.wordLeaked, "a watcher's roomState shows the word during \(snapshot.phase.rawValue)"))
        }
        // Joining mid-turn: the rest of the turn is checked.
        if snapshot.phase == .choosing || snapshot.phase == .drawing { leakDetector.begin() }
        return [
            "watching \(snapshot.code): \(snapshot.players.count) players, \(snapshot.spectators.count) watching, \(snapshot.phase.rawValue)"
        ]
    }

    private mutating func watch(_ event: RoomEvent, frame: ServerFrame) -> [String] {
        switch event {
        case .playerJoined(let player):
            names[player.id] = player.name
            return ["\(player.name) joined"]
        case .spectatorJoined(let spectator):
            names[spectator.id] = spectator.name
            return ["\(spectator.name) is watching"]
        case .playerLeft(let id, let reason):
            return ["\(label(id)) left (\(reason.rawValue))"]
        case .spectatorLeft(let id):
            return ["\(label(id)) stopped watching"]
        case .playerSpectating(let id, let spectating):
            return ["\(label(id)) \(spectating ? "now watches" : "now plays")"]
        case .phaseChoosing(let round, let drawerId, _):
            leakDetector.begin()
            strokesThisTurn = 0
            return ["round \(round): \(label(drawerId)) chooses a word"]
        case .phaseDrawing(_, let hint, let word):
            if let word { violations.append(BotViolation(.wordLeaked, "phase drawing carries the word '\(word)' for a watcher")) }
            return ["drawing: \(hint)"]
        case .hint(let hint):
            return ["hint: \(hint)"]
        case .drawing:
            strokesThisTurn += 1
            return []
        case .chat(let id, let text, _):
            return ["\(label(id)): \(text)"]
        case .playerGuessed(let id, let gained):
            return ["\(label(id)) guessed it (+\(gained))"]
        case .turnEnded(let summary):
            turnsWatched += 1
            if leakDetector.isCollecting, let word = summary.word {
                // The turnEnded frame itself carries the word rightfully: it was recorded last.
                if let leak = leakDetector.frames.dropLast().first(where: { WordLeakDetector.frame($0, leaks: word) }) {
                    violations.append(BotViolation(.wordLeaked, "'\(word)' reached a watcher before the turn ended: \(leak.prefix(300))"))
                }
            }
            leakDetector.stop()
            return ["turn over (\(summary.reason.rawValue)): the word was \(summary.word ?? "-"), \(strokesThisTurn) drawing messages"]
        case .gameEnded(let summary):
            leakDetector.stop()
            gameSummary = summary
            let ranking = summary.ranking.map { "\($0.rank). \($0.name) \($0.score)" }.joined(separator: ", ")
            return ["game over (\(summary.reason.rawValue)): \(ranking)"]
        case .stepStarted(let step, let steps, let kind, _):
            return ["step \(step + 1)/\(steps): \(kind.rawValue)"]
        case .playerSubmitted(let id, _, let submitted):
            return ["\(label(id)) \(submitted ? "submitted" : "took it back")"]
        case .phaseReveal:
            return ["the reveal begins"]
        case .chainEntry(let shown):
            let what = shown.entry.kind == .draw ? "a drawing" : "“\(shown.entry.text ?? "")”"
            return ["chain \(shown.chain + 1), entry \(shown.index + 1): \(label(shown.entry.playerId)) — \(what)"]
        case .phaseLobby, .playerConnection, .playerRenamed, .ownerChanged, .settingsChanged, .kickVote, .mutedChat, .reaction:
            return []
        }
    }

    private func label(_ id: PlayerID) -> String { names[id] ?? id }
}
