/// Everything about one room — seats, phases, turns, guesses, scores, hints, stroke checks —
/// as a value. It performs no I/O and reads no clock: every event carries `now` (milliseconds
/// since 1970), and the result is the list of effects for the room actor to carry out.
/// `nextDeadline` says when `tick(now:)` must be called next.
public struct RoomStateMachine: Sendable {
    public let code: String
    public let mode: RoomMode
    let rules: GameRules
    let packs: [String: WordPack]
    /// What names, custom words and (with `settings.filter`) chat may not contain.
    let blocklist: Blocklist
    let scoring: Scoring
    let validator: SettingsValidator
    var random: SeededRandom

    public internal(set) var settings: RoomSettings
    /// Nil in a room that starts on its own, and in an emptied room until someone is back.
    public internal(set) var ownerId: PlayerID?
    /// A room quick play opened: no owner, and its games start on their own
    /// (`RoomStateMachine+AutoStart`).
    public let startsOnItsOwn: Bool
    public internal(set) var locked = false
    /// The seq of the latest room event.
    public internal(set) var seq = 0
    var seats: [Seat] = []
    /// Watchers (`RoomStateMachine+Spectators`): members without a seat, in the order they came.
    var spectators: [Spectator] = []
    /// Switches asked for mid-turn, in the order asked; they take effect when the turn ends.
    var pendingSwitches: [PendingSwitch] = []
    /// Every member's id — seats in join order, then watchers — cached because every broadcast
    /// is addressed to it.
    public internal(set) var memberIDs: [PlayerID] = []
    var banned: Set<PlayerID> = []
    var kickVotes: [PlayerID: Set<PlayerID>] = [:]
    public internal(set) var phase: Phase = .lobby
    var phaseDeadline: Int64?
    var round: Int?
    var drawerQueue: [PlayerID] = []
    var offeredWords: Set<String> = []
    var turn: Turn?
    var game: GameProgress?
    var emptySince: Int64?
    /// The seats house bots hold (`RoomStateMachine+HouseBots`).
    var houseBots: Set<PlayerID> = []
    /// A telephone room's game (`RoomStateMachine+Telephone`): the one running, or the last one
    /// until the next begins (its chains stay on screen at game over).
    var telephone: TelephoneStateMachine?
    /// Reactions to the drawing the reveal shows.
    var revealReactions = TurnReactions()
    /// Whether this server runs house bots (`--house-bots`); set by the room's actor.
    public var houseBotsAllowed = false
    /// Each muter's muted members (`RoomStateMachine+Moderation`); a muter's entry goes when it
    /// leaves.
    var mutes: [PlayerID: Set<PlayerID>] = [:]
    /// Members' recent chat, for reports.
    var chatHistory: ChatHistory
    /// The id of the latest drawing this room handed to storage, in any game.
    var lastSavedDrawingId: String?
    /// Names this life of the room: a new one at every restore from a checkpoint, so a client
    /// told a new one knows its own picture of the room is void (`roomState.epoch`).
    public internal(set) var epoch: String

    struct Seat: Sendable, Codable, Equatable {
        var id: PlayerID
        var name: String
        /// Nil: the one derived from the id (and in checkpoints of earlier servers).
        var avatar: Avatar?
        /// When it took this seat (nil in checkpoints of earlier servers): how long it has waited.
        var seatedAt: Int64?
        var score = 0
        var connected = true
        var guessed = false
        var disconnectedAt: Int64?
    }

    struct Turn: Sendable {
        var drawerId: PlayerID
        var drawerName: String
        var choices: [String]
        var word: String?
        var normalizedWord = ""
        var hint = HintMask(word: "")
        var drawingStartedAt: Int64 = 0
        /// Given when the drawing starts; the drawing is stored under it if it has content.
        var drawingId: String?
        var revealTimes: [Int64] = []
        var board: DrawingBoard
        var guesses: [GuessRecord] = []
        /// Scores and drawing handed over; the turn is only kept for the snapshot now.
        var settled = false
        /// Set when the turn handed a drawing to storage (not for an empty canvas).
        var savedDrawingId: String?
        var reactions = TurnReactions()
    }

    struct GameProgress: Sendable, Codable, Equatable {
        var id: String
        var startedAt: Int64
        var drawingIds: [String] = []
    }

    /// Creates a room with its creator seated. The creator's `roomState` (seq 0) is in `effects`.
    public init(
        code: String, mode: RoomMode, settings: RoomSettings, creator: PlayerID, creatorName: String, creatorAvatar: Avatar? = nil,
        rules: GameRules, packs: [String: WordPack], blocklist: Blocklist, seed: UInt64, startsOnItsOwn: Bool = false, createdAt: Int64? = nil
    ) {
        self.code = code
        self.mode = mode
        self.rules = rules
        self.packs = packs
        self.blocklist = blocklist
        self.scoring = Scoring(rules: rules.scoring)
        self.validator = SettingsValidator(rules: rules, packNames: Set(packs.keys), blocklist: blocklist)
        self.chatHistory = ChatHistory(linesPerPlayer: rules.limits.reportChatLines)
        self.random = SeededRandom(seed: seed)
        self.epoch = Self.makeEpoch(seed: seed)
        self.settings = settings
        self.startsOnItsOwn = startsOnItsOwn
        self.ownerId = startsOnItsOwn ? nil : creator
        seats.append(Seat(id: creator, name: creatorName, avatar: creatorAvatar, seatedAt: createdAt))
        memberIDs = [creator]
        chatHistory.remember(creator)
    }

    /// The creator's first `roomState`.
    public func creationEffects() -> [RoomEffect] {
        memberIDs.map { creator in .send(to: [creator], .roomState(snapshot(for: creator))) }
    }

    // MARK: - Queries

    /// No member left, watchers included: a watched room is not empty (its empty-room grace
    /// starts when the last member goes).
    public var isEmpty: Bool { seats.isEmpty && spectators.isEmpty }
    public var playerCount: Int { seats.count }
    public var connectedCount: Int { seats.reduce(0) { $0 + ($1.connected ? 1 : 0) } }
    public var isGameRunning: Bool {
        switch phase {
        case .choosing, .drawing, .turnEnd, .step, .reveal: true
        case .lobby, .gameOver: false
        }
    }

    /// Seated or watching.
    public func isMember(_ player: PlayerID) -> Bool { seatIndex(player) != nil || spectatorIndex(player) != nil }

    func seatIndex(_ player: PlayerID) -> Int? { seats.firstIndex { $0.id == player } }

    /// The players' ids in join order: who draws, round after round.
    var seatIDs: [PlayerID] { seats.map(\.id) }

    /// When `tick(now:)` must next run: the phase deadline, the next hint, an absent drawer's
    /// grace or a reconnect grace running out, or the empty-room grace (or an unattended public
    /// room's) running out — whichever comes first.
    public var nextDeadline: Int64? {
        var earliest: Int64?
        func consider(_ candidate: Int64) {
            if earliest.map({ candidate < $0 }) ?? true { earliest = candidate }
        }
        if let phaseDeadline { consider(phaseDeadline) }
        if phase == .drawing, let reveal = turn?.revealTimes.first { consider(reveal) }
        // While choosing, the drawer's grace is looked at only at the choosing deadline.
        if phase == .drawing, let drawerGraceEnd { consider(drawerGraceEnd) }
        let grace = Int64(rules.timing.reconnectGraceSeconds) * 1000
        for seat in seats { if let at = seat.disconnectedAt { consider(at + grace) } }
        for watcher in spectators { if let at = watcher.disconnectedAt { consider(at + grace) } }
        if let emptySince { consider(emptySince + Int64(rules.timing.emptyRoomGraceSeconds) * 1000) }
        if let unattendedRoomDeadline { consider(unattendedRoomDeadline) }
        return earliest
    }

    /// `nextDeadline`, for a room that asks after every message. `mutating` though it changes
    /// nothing: a machine held in an actor is then passed in place, where reading the property
    /// made the caller copy the whole machine (every array and string in it retained and
    /// released) first.
    public mutating func nextDeadlineInPlace() -> Int64? {
        nextDeadline
    }

    // MARK: - Effect helpers

    /// Broadcasts a room event to every member with the next seq.
    mutating func broadcast(_ event: RoomEvent, into effects: inout [RoomEffect]) {
        seq += 1
        effects.append(.send(to: memberIDs, .event(event, seq: seq)))
    }

    /// Broadcasts one event whose content differs for some members; every variant shares one seq.
    mutating func broadcast(variants: [(recipients: [PlayerID], event: RoomEvent)], into effects: inout [RoomEffect]) {
        seq += 1
        for variant in variants where !variant.recipients.isEmpty {
            effects.append(.send(to: variant.recipients, .event(variant.event, seq: seq)))
        }
    }

    func error(_ code: ErrorCode, _ message: String, to player: PlayerID, ref: String?) -> RoomEffect {
        .send(to: [player], .error(ProtocolError(code, message, ref: ref)))
    }

    func playerInfo(_ seat: Seat) -> PlayerInfo {
        PlayerInfo(
            id: seat.id, name: seat.name, score: seat.score, connected: seat.connected, guessed: seat.guessed, avatar: seat.avatar,
            bot: houseBots.contains(seat.id))
    }

    /// An epoch from its own generator: the room's `random` draws the same ids with or without it.
    static func makeEpoch(seed: UInt64) -> String {
        var generator = SeededRandom(seed: seed ^ 0x5EED_E90C)
        return generator.makeID(prefix: "e_")
    }

    mutating func rebuildMemberIDs() {
        memberIDs = seats.map(\.id) + spectators.map(\.id)
    }
}
