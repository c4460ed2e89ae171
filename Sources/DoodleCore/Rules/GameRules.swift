/// Bounds and default of one integer setting.
public struct IntSettingRule: Sendable, Equatable, Codable {
    public var `default`: Int
    public var min: Int
    public var max: Int

    public init(default: Int, min: Int, max: Int) {
        self.default = `default`
        self.min = min
        self.max = max
    }

    public func contains(_ value: Int) -> Bool { (min...max).contains(value) }
}

/// Bounds of an integer setting whose default is not a number.
public struct IntBounds: Sendable, Equatable, Codable {
    public var min: Int
    public var max: Int

    public func contains(_ value: Int) -> Bool { (min...max).contains(value) }
}

public struct SettingRules: Sendable, Equatable, Codable {
    public var maxPlayers: IntSettingRule
    public var rounds: IntSettingRule
    public var drawSeconds: IntSettingRule
    public var chooseSeconds: IntSettingRule
    public var revealSeconds: IntSettingRule
    public var wordChoices: IntSettingRule
    public var hints: IntSettingRule
    public var wordPack: String
    public var customWordsOnly: Bool
    public var lateJoin: Bool
    /// Default of the room setting `filter`: chat shown with blocked words masked.
    public var filter: Bool
    public var customWordsMaxCount: Int
    public var customWordMaxLength: Int
}

/// Points: see GameRules/README.md, "Scoring", for the formulas these constants feed.
public struct ScoringRules: Sendable, Equatable, Codable {
    /// What every correct party guess earns at least.
    public var guesserBase: Int
    /// Added in proportion to the drawing time left when the guess lands.
    public var guesserTimeBonus: Int
    /// What the drawer earns when every guesser guessed; less in proportion otherwise.
    public var drawerMax: Int
}

public struct RateLimitRule: Sendable, Equatable, Codable {
    public var count: Int
    public var windowMilliseconds: Int64
}

public struct RateLimitRules: Sendable, Equatable, Codable {
    public var guess: RateLimitRule
    public var drawing: RateLimitRule
    public var joinRoom: RateLimitRule
    public var other: RateLimitRule
    /// Sign-in, registration and link-code attempts over HTTP, per client address (a lockout
    /// per email alone would let one address try a password on every email).
    public var signIn: RateLimitRule
    /// Attempts beyond `count × floodMultiplier` within one window close the connection (1008).
    public var floodMultiplier: Int
}

public struct TimingRules: Sendable, Equatable, Codable {
    public var reconnectGraceSeconds: Int
    /// How long a drawer whose connection dropped keeps its turn: a reload must not end it
    /// (PROTOCOL.md rev 4, "A reload is not a departure").
    public var drawerGraceSeconds: Int
    public var emptyRoomGraceSeconds: Int
    public var pingIntervalSeconds: Int
    public var idleTimeoutSeconds: Int
    /// A connection whose client has taken none of its unwritten output for this long is
    /// closed (1013).
    public var outboundStallSeconds: Int
    /// Strokes (and hints, reactions and the like) reach a live room's checkpoint at most this
    /// long after they were applied; a change of phase, seat, owner, settings or score reaches
    /// it at once (PROTOCOL.md rev 5, "Rooms outlive their server"). Chat lines alone may take
    /// up to `RoomCheckpointer.chatIntervals` times as long.
    public var checkpointMillis: Int
}

public struct LimitRules: Sendable, Equatable, Codable {
    public var maxFrameBytes: Int
    public var canvasWidth: Int
    public var canvasHeight: Int
    public var minStrokeWidth: Int
    public var maxStrokeWidth: Int
    public var maxPointsPerMessage: Int
    public var maxItemsPerDrawing: Int
    public var maxPointsPerDrawing: Int
    public var maxNameLength: Int
    public var maxGuessLength: Int
    /// Room events kept for replay to a reconnecting player (`hello.lastSeq`).
    public var replayBufferEvents: Int
    /// Bytes of room events kept for replay: whichever bound is reached first evicts the oldest.
    public var replayBufferBytes: Int
    /// Frames queued for one slow connection before it is dropped.
    public var outboundBufferFrames: Int
    /// Bytes queued for one connection (beyond its one pending `roomState`) before it is dropped.
    public var outboundBufferBytes: Int
    /// Bytes queued for all connections together before the most backed-up ones are dropped.
    public var serverOutboundBytes: Int
    /// Watchers one party room admits besides its seats.
    public var maxSpectators: Int
    /// Open WebSocket connections one client address may hold; the next upgrade gets 429.
    public var connectionsPerAddress: Int
    /// Reports one player may file in an hour, from rooms and over HTTP together.
    public var reportsPerHour: Int
    /// A reported player's latest chat lines in the room that a report carries.
    public var reportChatLines: Int

    /// The backlog below which a connection is never dropped for the server's budget: a few
    /// events' worth, which any live client takes within a round trip.
    public var sizeableBacklogBytes: Int { 64 * 1024 }
}

/// Rooms that quick play opens (GameRules/README.md, "Public rooms"): their settings, and when
/// they start on their own, having no owner to do it.
public struct PublicRoomRules: Sendable, Equatable, Codable {
    public var maxPlayers: Int
    public var rounds: Int
    public var drawSeconds: Int
    public var lateJoin: Bool
    /// Strangers meet in these rooms: their chat is masked with the blocklist.
    public var filter: Bool
    /// Connected players in the lobby that start the countdown.
    public var autoStartPlayers: Int
    /// From the countdown's start to the game's.
    public var autoStartSeconds: Int
    /// How long the only player of a public lobby waits before it may call in house bots.
    public var botAfterSeconds: Int
    /// Players (the caller and house bots) the room holds once house bots are called in.
    public var houseBotsFillTo: Int
}

/// Telephone rooms (GameRules/README.md, "Telephone"): their settings' defaults and bounds, and
/// the pace of a reveal in a room without an owner.
public struct TelephoneRules: Sendable, Equatable, Codable {
    public var maxPlayers: IntSettingRule
    public var writeSeconds: IntSettingRule
    public var drawSeconds: IntSettingRule
    /// Bounds of `steps`; its default is null (as many steps as players).
    public var steps: IntBounds
    public var start: TelephoneStart
    /// Players a game needs, connected at its start.
    public var minPlayers: Int
    /// The longest text, in characters after trimming.
    public var maxTextLength: Int
    /// The pace of the reveal in a room without an owner.
    public var revealSeconds: Int
}

/// Everything in `GameRules/rules.json`: the single source of defaults, bounds and constants.
public struct GameRules: Sendable, Equatable, Codable {
    public var settings: SettingRules
    public var scoring: ScoringRules
    public var pair: PairRules
    public var rateLimits: RateLimitRules
    public var timing: TimingRules
    public var limits: LimitRules
    public var publicRoom: PublicRoomRules
    public var telephone: TelephoneRules

    public var defaultSettings: RoomSettings {
        RoomSettings(
            maxPlayers: settings.maxPlayers.default, rounds: settings.rounds.default,
            drawSeconds: settings.drawSeconds.default, chooseSeconds: settings.chooseSeconds.default,
            revealSeconds: settings.revealSeconds.default, wordChoices: settings.wordChoices.default,
            hints: settings.hints.default, wordPack: settings.wordPack, customWords: [],
            customWordsOnly: settings.customWordsOnly, lateJoin: settings.lateJoin, filter: settings.filter)
    }

    /// A telephone room's defaults (GameRules `telephone`); the party fields keep theirs, unused.
    public var defaultTelephoneSettings: RoomSettings {
        var result = defaultSettings
        result.maxPlayers = telephone.maxPlayers.default
        result.drawSeconds = telephone.drawSeconds.default
        result.writeSeconds = telephone.writeSeconds.default
        result.start = telephone.start
        result.steps = nil
        result.lateJoin = false
        return result
    }

    /// The defaults of a room of `mode`.
    public func defaultSettings(for mode: RoomMode) -> RoomSettings {
        mode == .telephone ? defaultTelephoneSettings : defaultSettings
    }

    /// The settings of a room quick play opens for `wordPack`: the defaults, with
    /// `publicRoom`'s on top.
    public func publicRoomSettings(wordPack: String, mode: RoomMode = .party) -> RoomSettings {
        if mode == .telephone {
            var result = defaultTelephoneSettings
            result.filter = publicRoom.filter
            result.wordPack = wordPack
            result.isPublic = true
            return result
        }
        var result = defaultSettings
        result.maxPlayers = publicRoom.maxPlayers
        result.rounds = publicRoom.rounds
        result.drawSeconds = publicRoom.drawSeconds
        result.lateJoin = publicRoom.lateJoin
        result.filter = publicRoom.filter
        result.wordPack = wordPack
        result.isPublic = true
        return result
    }
}
