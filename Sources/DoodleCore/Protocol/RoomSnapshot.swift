/// A player as every member sees it.
public struct PlayerInfo: Sendable, Equatable {
    public var id: PlayerID
    public var name: String
    public var score: Int
    public var connected: Bool
    public var guessed: Bool
    public var avatar: Avatar
    /// A house bot: a seat the server plays (`"bot":true`, absent for people).
    public var bot: Bool

    /// - Parameter avatar: nil for the one derived from `id`.
    public init(id: PlayerID, name: String, score: Int, connected: Bool, guessed: Bool, avatar: Avatar? = nil, bot: Bool = false) {
        self.id = id
        self.name = name
        self.score = score
        self.connected = connected
        self.guessed = guessed
        self.avatar = avatar ?? Avatar(derivedFrom: id)
        self.bot = bot
    }
}

extension PlayerInfo: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, score, connected, guessed, avatar, bot
    }

    /// A server of an earlier revision sends no `avatar`: the derived one stands in.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try c.decode(PlayerID.self, forKey: .id), name: try c.decode(String.self, forKey: .name),
            score: try c.decode(Int.self, forKey: .score), connected: try c.decode(Bool.self, forKey: .connected),
            guessed: try c.decode(Bool.self, forKey: .guessed), avatar: try c.decodeIfPresent(Avatar.self, forKey: .avatar),
            bot: try c.decodeIfPresent(Bool.self, forKey: .bot) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(score, forKey: .score)
        try c.encode(connected, forKey: .connected)
        try c.encode(guessed, forKey: .guessed)
        try c.encode(avatar, forKey: .avatar)
        if bot { try c.encode(true, forKey: .bot) }
    }
}

/// A watcher as every member sees it: it has no score, and its connection is not shown.
public struct SpectatorInfo: Sendable, Equatable, Codable {
    public var id: PlayerID
    public var name: String

    public init(id: PlayerID, name: String) {
        self.id = id
        self.name = name
    }
}

/// The full `roomState` of one room, as one member may see it (the word and the choices are
/// filled in only for those allowed to see them).
public struct RoomSnapshot: Sendable, Equatable {
    public var seq: Int
    public var code: String
    public var mode: RoomMode
    /// Null in a room that starts on its own (quick play's): nobody may change its settings.
    public var ownerId: PlayerID?
    public var locked: Bool
    public var settings: SettingsView
    public var players: [PlayerInfo]
    /// Watchers, in the order they came; never in `players`.
    public var spectators: [SpectatorInfo]
    public var phase: Phase
    public var round: Int?
    public var rounds: Int
    public var drawerId: PlayerID?
    public var deadline: Int64?
    public var hint: String?
    public var word: String?
    public var choices: [String]?
    public var strokes: [CanvasItem]
    /// In the lobby of a room that starts on its own: when its game starts, or null while it
    /// waits for players. Absent from other rooms' snapshots.
    public var startsAt: Int64?
    /// While a drawing is under way: the highest `strokeId` begun in it, undone strokes
    /// included, so a drawer back from a reload numbers its next stroke above it.
    public var lastStrokeId: Int?
    /// During `drawing` and `turnEnd` of a turn with a word: how members reacted to its drawing
    /// so far. Absent otherwise.
    public var reactions: ReactionCounts?
    /// The recipient's own reaction to that drawing (`myReaction`), when it has one.
    public var ownReaction: Reaction?
    /// Changes every time the room is restored from its checkpoint (rev 5): a client that sees
    /// a new one takes this state as it is and forgets what it had. Nil from a server older
    /// than rev 5.
    public var epoch: String?
    /// A telephone room's game: the step under way and, in the reveal, the entries shown so far.
    public var telephone: TelephoneRoomView?

    public init(
        seq: Int, code: String, mode: RoomMode, ownerId: PlayerID?, locked: Bool, settings: SettingsView,
        players: [PlayerInfo], phase: Phase, round: Int?, rounds: Int, drawerId: PlayerID?, deadline: Int64?,
        hint: String?, word: String?, choices: [String]?, strokes: [CanvasItem], startsAt: Int64? = nil, lastStrokeId: Int? = nil,
        spectators: [SpectatorInfo] = [], reactions: ReactionCounts? = nil, ownReaction: Reaction? = nil, epoch: String? = nil,
        telephone: TelephoneRoomView? = nil
    ) {
        self.telephone = telephone
        self.seq = seq
        self.code = code
        self.mode = mode
        self.ownerId = ownerId
        self.locked = locked
        self.settings = settings
        self.players = players
        self.spectators = spectators
        self.phase = phase
        self.round = round
        self.rounds = rounds
        self.drawerId = drawerId
        self.deadline = deadline
        self.hint = hint
        self.word = word
        self.choices = choices
        self.strokes = strokes
        self.startsAt = startsAt
        self.lastStrokeId = lastStrokeId
        self.reactions = reactions
        self.ownReaction = ownReaction
        self.epoch = epoch
    }

    func encodeFields(into c: inout JSONEncodingContainer) throws {
        try c.put(seq, "seq")
        try c.put(code, "code")
        try c.put(mode, "mode")
        try c.putNullable(ownerId, "ownerId")
        try c.put(locked, "locked")
        try c.put(settings, "settings")
        try c.put(players, "players")
        try c.put(spectators, "spectators")
        try c.put(phase, "phase")
        try c.putNullable(round, "round")
        try c.put(rounds, "rounds")
        try c.putNullable(drawerId, "drawerId")
        try c.putNullable(deadline, "deadline")
        try c.putNullable(hint, "hint")
        try c.putIfPresent(word, "word")
        try c.putIfPresent(choices, "choices")
        try c.put(strokes, "strokes")
        try c.putIfPresent(startsAt, "startsAt")
        try c.putIfPresent(lastStrokeId, "lastStrokeId")
        try c.putIfPresent(reactions, "reactions")
        try c.putIfPresent(ownReaction, "myReaction")
        try c.putIfPresent(epoch, "epoch")
        if let telephone {
            try c.putNullable(telephone.step, "step")
            try c.putIfPresent(telephone.steps, "steps")
            try c.putNullable(telephone.kind, "kind")
            try c.put(telephone.submitted, "submitted")
            try c.put(telephone.entries, "entries")
        }
    }

    init(from c: JSONDecodingContainer) throws {
        let mode: RoomMode = try c.required("mode")
        self.init(
            seq: try c.required("seq"), code: try c.required("code"), mode: mode,
            ownerId: try c.optional("ownerId"), locked: try c.required("locked"), settings: try c.required("settings"),
            players: try c.required("players"), phase: try c.required("phase"), round: try c.optional("round"),
            rounds: try c.required("rounds"), drawerId: try c.optional("drawerId"), deadline: try c.optional("deadline"),
            hint: try c.optional("hint"), word: try c.optional("word"), choices: try c.optional("choices"),
            strokes: try c.required("strokes"), startsAt: try c.optional("startsAt"), lastStrokeId: try c.optional("lastStrokeId"),
            // Absent from servers older than rev 4's spectators: nobody watching.
            spectators: try c.optional("spectators") ?? [], reactions: try c.optional("reactions"),
            ownReaction: try c.optional("myReaction"), epoch: try c.optional("epoch"),
            telephone: mode == .telephone ? try TelephoneRoomView(from: c) : nil)
    }
}
