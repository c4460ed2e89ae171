/// One telephone game (PROTOCOL.md rev 5, "Telephone mode") as a value: its steps, every seat's
/// task and submission, the chains, and the reveal. Like `RoomStateMachine` it reads no clock
/// and performs no I/O: every event carries `now`, and the result is a list of outputs.
///
/// The room around it (`RoomStateMachine` in a telephone room) keeps what every mode shares —
/// seats, owner, moderation, watchers, chat — and turns these outputs into its effects: a
/// `broadcast` gets the room's next `seq` and goes to every member, a `send` goes to one player
/// without one. Secrecy lives here: nothing of one chain is ever addressed to anyone but the
/// seat working on it, until the reveal.
public struct TelephoneStateMachine: Sendable, Equatable {
    public enum Output: Sendable, Equatable {
        /// A room event for every member, with the room's next seq.
        case broadcast(RoomEvent)
        /// A message for one player alone, without seq.
        case send(PlayerID, ServerMessage)
        /// A draw entry with something drawn, to be archived as a `telephone` drawing.
        case saveDrawing(FinishedDrawing)
        /// The reveal is over: the room ends the game.
        case ended
    }

    /// Where the game is.
    public enum Stage: String, Sendable, Codable, Equatable {
        case step
        case reveal
        case over
    }

    /// A seat of the game, fixed at its start: the rotation needs every seat, gone or not.
    struct Player: Sendable, Codable, Equatable {
        var id: PlayerID
        var name: String
        /// Left the room, or its reconnect grace ran out: it counts as submitted, with nothing.
        var gone = false
    }

    public let gameId: String
    let roomCode: String
    var players: [Player]
    let start: TelephoneStart
    public let steps: Int
    let writeMillis: Int64
    let drawMillis: Int64
    /// The reveal's pace in a room without an owner; nil where the owner presses Next.
    let autoRevealMillis: Int64?
    let maxTextLength: Int
    let limits: LimitRules
    /// With `start: words`, chain c begins with `words[c]`.
    let words: [String]
    var random: SeededRandom

    public internal(set) var stage: Stage = .step
    /// The step under way (0-based), or `steps` once they are over.
    public internal(set) var step = 0
    /// The step's end, or in an owner-less reveal the next entry's (or the game's end).
    public internal(set) var deadline: Int64?
    var stepStartedAt: Int64 = 0
    var chains: [[ChainEntry]]
    /// This step's submissions: who has submitted now, and each player's last submitted text
    /// (kept after `unsubmit`: it counts at the step's end unless replaced).
    var submitted: Set<PlayerID> = []
    var texts: [PlayerID: String] = [:]
    /// This step's drawings, by drawer.
    var boards: [PlayerID: DrawingBoard] = [:]
    /// The last drawing of each chain, for the describe step after it.
    var previousDrawings: [Int: [CanvasItem]] = [:]
    /// Entries shown so far in the reveal, counted chain by chain.
    public internal(set) var revealed = 0

    /// A new game of `players` (the connected players at its start, in seat order); its first
    /// step starts at once (in `outputs`).
    public static func start(
        gameId: String, roomCode: String, players: [(id: PlayerID, name: String)], settings: RoomSettings, rules: TelephoneRules,
        limits: LimitRules, words: [String], ownerless: Bool, seed: UInt64, now: Int64
    ) -> (machine: TelephoneStateMachine, outputs: [Output]) {
        let count = players.count
        var machine = TelephoneStateMachine(
            gameId: gameId, roomCode: roomCode, players: players.map { Player(id: $0.id, name: $0.name) }, start: settings.start,
            steps: min(settings.steps ?? count, count), writeMillis: Int64(settings.writeSeconds) * 1000,
            drawMillis: Int64(settings.drawSeconds) * 1000, autoRevealMillis: ownerless ? Int64(rules.revealSeconds) * 1000 : nil,
            maxTextLength: rules.maxTextLength, limits: limits, words: words, random: SeededRandom(seed: seed),
            chains: Array(repeating: [], count: count))
        var outputs: [Output] = []
        machine.beginStep(now: now, into: &outputs)
        return (machine, outputs)
    }

    // MARK: - Queries

    /// What every seat does in step `step`: both starts alternate drawing and describing after
    /// their first step.
    public func kind(ofStep step: Int) -> TelephoneStepKind {
        switch start {
        case .write: step == 0 ? .write : (step % 2 == 1 ? .draw : .describe)
        case .words: step % 2 == 0 ? .draw : .describe
        }
    }

    /// The step's kind while a step runs.
    public var currentKind: TelephoneStepKind? { stage == .step ? kind(ofStep: step) : nil }

    /// Seat j works on chain (j − s) mod n at step s.
    func chain(ofSeat seat: Int, step: Int) -> Int {
        let count = players.count
        return ((seat - step) % count + count) % count
    }

    func seat(of player: PlayerID) -> Int? { players.firstIndex { $0.id == player } }

    /// Players of the game who are still in it.
    var activeIDs: [PlayerID] { players.filter { !$0.gone }.map(\.id) }

    /// Whether `player` plays in this game and has not gone.
    public func isActive(_ player: PlayerID) -> Bool { seat(of: player).map { !players[$0].gone } ?? false }

    /// The player's task in the step under way; nil outside a step or for anyone not in it.
    public func task(for player: PlayerID) -> TelephoneTask? {
        guard stage == .step, let seat = seat(of: player), !players[seat].gone else { return nil }
        let chain = chain(ofSeat: seat, step: step)
        let kind = kind(ofStep: step)
        switch kind {
        case .write:
            return TelephoneTask(step: step, chain: chain, kind: .write)
        case .draw:
            let prompt = step == 0 ? words.indices.contains(chain) ? words[chain] : "" : chains[chain].last?.text ?? ""
            return TelephoneTask(step: step, chain: chain, kind: .draw, prompt: prompt)
        case .describe:
            return TelephoneTask(step: step, chain: chain, kind: .describe, drawing: previousDrawings[chain] ?? [])
        }
    }

    /// Every entry in reveal order: chain by chain, each in order.
    var entriesInRevealOrder: [RevealedEntry] {
        chains.enumerated().flatMap { chain, entries in
            entries.enumerated().map { RevealedEntry(chain: chain, index: $0.offset, entry: $0.element) }
        }
    }

    /// The entries the reveal has shown so far (all of them once the game is over).
    public var shownEntries: [RevealedEntry] {
        switch stage {
        case .step: []
        case .reveal: Array(entriesInRevealOrder.prefix(revealed))
        case .over: entriesInRevealOrder
        }
    }

    /// What `roomState` shows of the game to anyone: never a prompt, text or stroke before the
    /// reveal.
    public var view: TelephoneRoomView {
        TelephoneRoomView(
            step: stage == .step ? step : nil, steps: steps, kind: currentKind,
            submitted: stage == .step ? players.filter { submitted.contains($0.id) }.map(\.id) : [], entries: shownEntries)
    }

    /// The player's own drawing of this draw step, as it is now (for its `roomState` after a
    /// reload).
    public func ownDrawing(of player: PlayerID) -> DrawingBoard? {
        guard currentKind == .draw else { return nil }
        return boards[player]
    }

    /// Every drawing archived for this game, in chain order.
    public var drawingIds: [String] { chains.flatMap { $0.compactMap(\.drawingId) } }

    /// The chains so far, for the stored game.
    public var chainEntries: [[ChainEntry]] { chains }
}
