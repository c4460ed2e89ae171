public struct ScoreLine: Sendable, Equatable, Codable {
    public var playerId: PlayerID
    public var gained: Int
    public var total: Int

    public init(playerId: PlayerID, gained: Int, total: Int) {
        self.playerId = playerId
        self.gained = gained
        self.total = total
    }
}

/// One player's line in a finished game's ranking: what `gameOver` tells the room and what the
/// archive stores with the game.
public struct RankLine: Sendable, Equatable {
    public var playerId: PlayerID
    public var name: String
    public var score: Int
    public var rank: Int
    public var avatar: Avatar
    /// A house bot's line: shown on the podium, never counted in anyone's totals.
    public var bot: Bool

    /// - Parameter avatar: nil for the one derived from `playerId`.
    public init(playerId: PlayerID, name: String, score: Int, rank: Int, avatar: Avatar? = nil, bot: Bool = false) {
        self.playerId = playerId
        self.name = name
        self.score = score
        self.rank = rank
        self.avatar = avatar ?? Avatar(derivedFrom: playerId)
        self.bot = bot
    }
}

extension RankLine: Codable {
    private enum CodingKeys: String, CodingKey {
        case playerId, name, score, rank, avatar, bot
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            playerId: try c.decode(PlayerID.self, forKey: .playerId), name: try c.decode(String.self, forKey: .name),
            score: try c.decode(Int.self, forKey: .score), rank: try c.decode(Int.self, forKey: .rank),
            avatar: try c.decodeIfPresent(Avatar.self, forKey: .avatar), bot: try c.decodeIfPresent(Bool.self, forKey: .bot) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(playerId, forKey: .playerId)
        try c.encode(name, forKey: .name)
        try c.encode(score, forKey: .score)
        try c.encode(rank, forKey: .rank)
        try c.encode(avatar, forKey: .avatar)
        if bot { try c.encode(true, forKey: .bot) }
    }
}

public struct TurnSummary: Sendable, Equatable {
    public var word: String?
    public var reason: TurnEndReason
    public var scores: [ScoreLine]
    public var drawingId: String?

    public init(word: String?, reason: TurnEndReason, scores: [ScoreLine], drawingId: String?) {
        self.word = word
        self.reason = reason
        self.scores = scores
        self.drawingId = drawingId
    }
}

public struct GameSummary: Sendable, Equatable {
    public var gameId: String
    public var reason: GameEndReason
    public var ranking: [RankLine]

    public init(gameId: String, reason: GameEndReason, ranking: [RankLine]) {
        self.gameId = gameId
        self.reason = reason
        self.ranking = ranking
    }
}

/// An event the room broadcasts. Room-wide events carry a `seq`; scoped chat does not.
public enum RoomEvent: Sendable, Equatable {
    case playerJoined(PlayerInfo)
    case playerLeft(playerId: PlayerID, reason: LeaveReason)
    case playerConnection(playerId: PlayerID, connected: Bool)
    /// `avatar`: the player's avatar after the rename (absent from servers of earlier revisions).
    case playerRenamed(playerId: PlayerID, name: String, avatar: Avatar? = nil)
    case ownerChanged(ownerId: PlayerID)
    case settingsChanged(SettingsView, locked: Bool)
    case kickVote(targetId: PlayerID, votes: Int, needed: Int)
    /// `guessedOnly` marks chat scoped to the drawer and those who guessed (`"scope":"guessed"`).
    case chat(playerId: PlayerID, text: String, guessedOnly: Bool)
    /// Room-wide chat from a player the recipient muted: its muter's variant of a `chat`
    /// event, sharing its seq and carrying none of its text (`"text":"","muted":true`).
    case mutedChat(playerId: PlayerID)
    case phaseChoosing(round: Int, drawerId: PlayerID, deadline: Int64)
    /// `word` is set only in the drawer's copy.
    case phaseDrawing(deadline: Int64, hint: String, word: String?)
    /// Back in the lobby (after a rematch is set up; scores reset). `startsAt`: when a room
    /// that starts on its own will start its game, null while it waits for players (and always
    /// for a room with an owner, who starts it).
    case phaseLobby(startsAt: Int64?)
    case hint(String)
    case playerGuessed(playerId: PlayerID, gained: Int)
    case drawing(DrawingAction, playerId: PlayerID)
    case turnEnded(TurnSummary)
    case gameEnded(GameSummary)
    /// A watcher joined (by `joinRoom` or quick play with `spectate`); it takes no seat.
    case spectatorJoined(SpectatorInfo)
    /// A watcher left, was kicked, or its reconnect grace ran out.
    case spectatorLeft(playerId: PlayerID)
    /// A member switched between playing and watching.
    case playerSpectating(playerId: PlayerID, spectating: Bool)
    /// A member's reaction to the drawing on screen changed (`none`: taken back); `totals` are
    /// the drawing's counts after it, so a client that joined late need not know who gave what.
    case reaction(playerId: PlayerID, reaction: Reaction, totals: ReactionCounts)
    /// A telephone step began: `kind` is every seat's task this step (each gets its own `task`).
    case stepStarted(step: Int, steps: Int, kind: TelephoneStepKind, deadline: Int64)
    /// A player submitted in this step (or, `submitted` false, took it back); nothing of what.
    case playerSubmitted(playerId: PlayerID, step: Int, submitted: Bool)
    /// The telephone game's last step is over: the chains are shown from now on.
    case phaseReveal
    /// One entry of the reveal, in order, chain by chain.
    case chainEntry(RevealedEntry)

    public var typeName: String {
        switch self {
        case .playerJoined: "playerJoined"
        case .playerLeft: "playerLeft"
        case .playerConnection: "playerConnection"
        case .playerRenamed: "playerRenamed"
        case .ownerChanged: "ownerChanged"
        case .settingsChanged: "settingsChanged"
        case .kickVote: "kickVote"
        case .chat, .mutedChat: "chat"
        case .phaseChoosing, .phaseDrawing, .phaseLobby: "phase"
        case .hint: "hint"
        case .playerGuessed: "playerGuessed"
        case .drawing(let action, _): action.typeName
        case .turnEnded: "turnEnded"
        case .gameEnded: "gameEnded"
        case .spectatorJoined: "spectatorJoined"
        case .spectatorLeft: "spectatorLeft"
        case .playerSpectating: "playerSpectating"
        case .reaction: "reaction"
        case .stepStarted: "stepStarted"
        case .playerSubmitted: "playerSubmitted"
        case .phaseReveal: "phase"
        case .chainEntry: "chainEntry"
        }
    }

    func encodeFields(into c: inout JSONEncodingContainer) throws {
        switch self {
        case .playerJoined(let player): try c.put(player, "player")
        case .playerLeft(let playerId, let reason):
            try c.put(playerId, "playerId")
            try c.put(reason, "reason")
        case .playerConnection(let playerId, let connected):
            try c.put(playerId, "playerId")
            try c.put(connected, "connected")
        case .playerRenamed(let playerId, let name, let avatar):
            try c.put(playerId, "playerId")
            try c.put(name, "name")
            try c.putIfPresent(avatar, "avatar")
        case .ownerChanged(let ownerId): try c.put(ownerId, "ownerId")
        case .settingsChanged(let settings, let locked):
            try c.put(settings, "settings")
            try c.put(locked, "locked")
        case .kickVote(let targetId, let votes, let needed):
            try c.put(targetId, "targetId")
            try c.put(votes, "votes")
            try c.put(needed, "needed")
        case .chat(let playerId, let text, let guessedOnly):
            try c.put(playerId, "playerId")
            try c.put(text, "text")
            if guessedOnly { try c.put("guessed", "scope") }
        case .mutedChat(let playerId):
            try c.put(playerId, "playerId")
            try c.put("", "text")
            try c.put(true, "muted")
        case .phaseChoosing(let round, let drawerId, let deadline):
            try c.put(Phase.choosing, "phase")
            try c.put(round, "round")
            try c.put(drawerId, "drawerId")
            try c.put(deadline, "deadline")
        case .phaseDrawing(let deadline, let hint, let word):
            try c.put(Phase.drawing, "phase")
            try c.put(deadline, "deadline")
            try c.put(hint, "hint")
            try c.putIfPresent(word, "word")
        case .phaseLobby(let startsAt):
            try c.put(Phase.lobby, "phase")
            try c.putNullable(startsAt, "startsAt")
        case .hint(let hint): try c.put(hint, "hint")
        case .playerGuessed(let playerId, let gained):
            try c.put(playerId, "playerId")
            try c.put(gained, "gained")
        case .drawing(let action, let playerId):
            try action.encodeFields(into: &c)
            try c.put(playerId, "playerId")
        case .turnEnded(let summary):
            try c.putNullable(summary.word, "word")
            try c.put(summary.reason, "reason")
            try c.put(summary.scores, "scores")
            try c.putNullable(summary.drawingId, "drawingId")
        case .gameEnded(let summary):
            try c.put(summary.gameId, "gameId")
            try c.put(summary.reason, "reason")
            try c.put(summary.ranking, "ranking")
        case .spectatorJoined(let spectator): try c.put(spectator, "spectator")
        case .spectatorLeft(let playerId): try c.put(playerId, "playerId")
        case .playerSpectating(let playerId, let spectating):
            try c.put(playerId, "playerId")
            try c.put(spectating, "spectating")
        case .reaction(let playerId, let reaction, let totals):
            try c.put(playerId, "playerId")
            try c.put(reaction, "reaction")
            try c.put(totals, "reactions")
        case .stepStarted(let step, let steps, let kind, let deadline):
            try c.put(step, "step")
            try c.put(steps, "steps")
            try c.put(kind, "kind")
            try c.put(deadline, "deadline")
        case .playerSubmitted(let playerId, let step, let submitted):
            try c.put(playerId, "playerId")
            try c.put(step, "step")
            try c.put(submitted, "submitted")
        case .phaseReveal:
            try c.put(Phase.reveal, "phase")
        case .chainEntry(let entry):
            try entry.encodeFields(into: &c)
        }
    }

    static func decode(type: String, from c: JSONDecodingContainer) throws -> RoomEvent? {
        switch type {
        case "playerJoined": return .playerJoined(try c.required("player"))
        case "playerLeft": return .playerLeft(playerId: try c.required("playerId"), reason: try c.required("reason"))
        case "playerConnection":
            return .playerConnection(playerId: try c.required("playerId"), connected: try c.required("connected"))
        case "playerRenamed":
            return .playerRenamed(playerId: try c.required("playerId"), name: try c.required("name"), avatar: try c.optional("avatar"))
        case "ownerChanged": return .ownerChanged(ownerId: try c.required("ownerId"))
        case "settingsChanged": return .settingsChanged(try c.required("settings"), locked: try c.required("locked"))
        case "kickVote":
            return .kickVote(targetId: try c.required("targetId"), votes: try c.required("votes"), needed: try c.required("needed"))
        case "chat":
            if try c.optional("muted") ?? false { return .mutedChat(playerId: try c.required("playerId")) }
            let scope: String? = try c.optional("scope")
            return .chat(playerId: try c.required("playerId"), text: try c.required("text"), guessedOnly: scope == "guessed")
        case "phase":
            let phase: Phase = try c.required("phase")
            switch phase {
            case .choosing:
                return .phaseChoosing(round: try c.required("round"), drawerId: try c.required("drawerId"), deadline: try c.required("deadline"))
            case .drawing:
                return .phaseDrawing(deadline: try c.required("deadline"), hint: try c.required("hint"), word: try c.optional("word"))
            case .lobby:
                return .phaseLobby(startsAt: try c.optional("startsAt"))
            case .reveal:
                return .phaseReveal
            case .turnEnd, .gameOver, .step:
                throw DecodingError.dataCorruptedError(forKey: "phase", in: c, debugDescription: "no phase event for \(phase)")
            }
        case "hint": return .hint(try c.required("hint"))
        case "playerGuessed": return .playerGuessed(playerId: try c.required("playerId"), gained: try c.required("gained"))
        case "turnEnded":
            return .turnEnded(
                TurnSummary(
                    word: try c.optional("word"), reason: try c.required("reason"), scores: try c.required("scores"),
                    drawingId: try c.optional("drawingId")))
        case "gameEnded":
            return .gameEnded(
                GameSummary(gameId: try c.required("gameId"), reason: try c.required("reason"), ranking: try c.required("ranking")))
        case "spectatorJoined": return .spectatorJoined(try c.required("spectator"))
        case "spectatorLeft": return .spectatorLeft(playerId: try c.required("playerId"))
        case "playerSpectating":
            return .playerSpectating(playerId: try c.required("playerId"), spectating: try c.required("spectating"))
        case "reaction":
            return .reaction(playerId: try c.required("playerId"), reaction: try c.required("reaction"), totals: try c.required("reactions"))
        case "stepStarted":
            return .stepStarted(step: try c.required("step"), steps: try c.required("steps"), kind: try c.required("kind"), deadline: try c.required("deadline"))
        case "playerSubmitted":
            return .playerSubmitted(playerId: try c.required("playerId"), step: try c.required("step"), submitted: try c.required("submitted"))
        case "chainEntry":
            return .chainEntry(RevealedEntry(chain: try c.required("chain"), index: try c.required("index"), entry: try ChainEntry(from: c)))
        default:
            guard let action = try DrawingAction.decode(type: type, from: c) else { return nil }
            return .drawing(action, playerId: try c.required("playerId"))
        }
    }
}
