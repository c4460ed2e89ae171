import DoodleCore

/// A correct guess on a stored drawing. In JSON the player's fields are inline:
/// `{"playerId","name","deleted","gained","atMilliseconds"}`.
public struct GuessLine: Sendable, Equatable, Encodable {
    public var player: PlayerReference
    public var gained: Int
    /// Milliseconds after the drawing phase began.
    public var atMilliseconds: Int64

    public init(player: PlayerReference, gained: Int, atMilliseconds: Int64) {
        self.player = player
        self.gained = gained
        self.atMilliseconds = atMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case gained, atMilliseconds
    }

    public func encode(to encoder: any Encoder) throws {
        try player.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(gained, forKey: .gained)
        try container.encode(atMilliseconds, forKey: .atMilliseconds)
    }
}

/// A stored drawing with its full stroke record: `GET /v1/drawings/{id}`.
///
/// `actions` is the record in arrival order; in JSON each action has the shape of the drawing
/// message that carried it (`{"type":"strokeBegin","strokeId":7,"tool":"pen",…}`), so a client
/// replays it with the code it uses for live drawing.
public struct DrawingDetails: Sendable, Equatable, Encodable {
    public var id: String
    /// A party game's turn, or a telephone chain's entry (whose `word` is the prompt its drawer
    /// was given, and which has no guessers).
    public var kind: DrawingKind
    public var gameId: String
    public var roomCode: String
    public var word: String
    public var drawer: PlayerReference
    /// The drawer's face as players see it now (chosen, or derived from its id); nil once the
    /// drawer deleted itself.
    public var drawerAvatar: Avatar?
    public var drawerGained: Int
    public var guessers: [GuessLine]
    /// How many members like and dislike it now (PROTOCOL.md, "Moderation").
    public var reactions: ReactionCounts
    /// Milliseconds since 1970.
    public var startedAt: Int64
    public var endedAt: Int64
    public var actions: [DrawingAction]

    public init(
        id: String, gameId: String, roomCode: String, word: String, drawer: PlayerReference, drawerGained: Int,
        guessers: [GuessLine], reactions: ReactionCounts, startedAt: Int64, endedAt: Int64, actions: [DrawingAction], drawerAvatar: Avatar? = nil,
        kind: DrawingKind = .party
    ) {
        self.kind = kind
        self.drawerAvatar = drawerAvatar
        self.id = id
        self.gameId = gameId
        self.roomCode = roomCode
        self.word = word
        self.drawer = drawer
        self.drawerGained = drawerGained
        self.guessers = guessers
        self.reactions = reactions
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.actions = actions
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, gameId, roomCode, word, drawer, drawerAvatar, drawerGained, guessers, reactions, startedAt, endedAt, actions
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(gameId, forKey: .gameId)
        try container.encode(roomCode, forKey: .roomCode)
        try container.encode(word, forKey: .word)
        try container.encode(drawer, forKey: .drawer)
        try container.encode(drawerAvatar, forKey: .drawerAvatar)
        try container.encode(drawerGained, forKey: .drawerGained)
        try container.encode(guessers, forKey: .guessers)
        try container.encode(reactions, forKey: .reactions)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(endedAt, forKey: .endedAt)
        try container.encode(actions, forKey: .actions)
    }
}
