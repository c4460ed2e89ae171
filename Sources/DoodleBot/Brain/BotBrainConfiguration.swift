import DoodleCore

/// Who a bot is and how it plays.
public struct BotBrainConfiguration: Sendable {
    /// How the bot gets into its room.
    public enum Entry: Sendable, Equatable {
        /// Create a room with these settings, and start the game as soon as `startWithPlayers`
        /// players are connected.
        case create(SettingsPatch, startWithPlayers: Int)
        /// Join the room with this invite code and wait for its owner to start.
        case join(code: String)
        /// Ask for a public room of this word pack (nil: the server's default) and wait for it
        /// to start on its own: such rooms have no owner.
        case quickPlay(wordPack: String?)
        /// A house bot: the server seated it (``BotBrain/seatedByServer(as:)``) and plays it in
        /// its own room, game after game, with no connection of its own.
        case seatedByServer
    }

    public var name: String
    public var entry: Entry
    /// Chance, per guessing attempt (about one a second and a half), of trying a word that fits
    /// the hint rather than a random one.
    public var skill: Double
    /// Every delay of the bot is divided by this (protocol rate limits are not).
    public var speed: Double
    /// Every `error` from the server is a violation that stops the bot.
    public var strict: Bool
    /// Chance of chatting instead of guessing, and of saying something after a turn.
    public var chattiness: Double
    /// Chance of liking a drawing after guessing it (`react`), as a player who enjoyed it would.
    public var liking: Double
    public var vocabulary: BotVocabulary
    /// The kind of room it creates or asks quick play for; it plays whatever room it is in.
    public var mode: RoomMode

    public init(
        name: String, entry: Entry, skill: Double = 0.6, speed: Double = 1, strict: Bool = false,
        chattiness: Double = 0.08, liking: Double = 0, vocabulary: BotVocabulary, mode: RoomMode = .party
    ) {
        self.mode = mode
        self.name = name
        self.entry = entry
        self.skill = skill
        self.speed = speed
        self.strict = strict
        self.chattiness = chattiness
        self.liking = liking
        self.vocabulary = vocabulary
    }
}

/// The human-like delays of a bot, before scaling by speed, and the rate limits it keeps to.
enum BotTiming {
    static let thinkBeforeChoosing: ClosedRange<Double> = 0.8...2.5
    static let pauseBeforeDrawing = 0.4
    static let thinkBeforeFirstGuess: ClosedRange<Double> = 1.5...4
    static let betweenGuesses: ClosedRange<Double> = 1.2...3
    static let pauseBeforeStart = 0.5
    /// Not scaled: the server allows 5 guesses per 3 s, counted as they arrive. 1 s keeps a bot
    /// at 3, so a sixth guess lands inside one window only if the network or a loaded machine
    /// bunches five gaps by two seconds (at 700 ms and at 800 ms a bot was refused beside the
    /// whole test suite on 2 cores, where a seat has been seen to take 10 s).
    static let minimumGuessGap = Duration.seconds(1)
    /// From a correct guess to the like that may follow it.
    static let pauseBeforeLiking: ClosedRange<Double> = 0.3...1.2
    static let chatPhrases = ["hmm", "no idea", "nice drawing!", "what is that", "so close", "haha", "gg", "wow"]
    /// A telephone step: from its task to the text submitted.
    static let thinkBeforeWriting: ClosedRange<Double> = 1...4
    /// A telephone reveal's owner between two entries.
    static let betweenReveals: ClosedRange<Double> = 1.5...3
}
