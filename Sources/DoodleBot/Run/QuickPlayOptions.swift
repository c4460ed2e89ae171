import DoodleCore

/// `doodle-bot --quick-play`: the bots ask the server for public rooms instead of creating or
/// joining one, and the server decides how many rooms they fill.
public struct QuickPlayOptions: Sendable, Equatable {
    /// The pack sent with `quickPlay`; nil lets the server use its default.
    public var wordPack: String?
    /// A bot the server left alone in a room never sees a game start (a room needs two players
    /// connected): past this, the run stops and such bots are reported as failed.
    public var timeLimit: Duration

    public init(wordPack: String? = nil, timeLimit: Duration = .seconds(3600)) {
        self.wordPack = wordPack
        self.timeLimit = timeLimit
    }

    func validate(rooms: Int) throws(BotOptionsError) {
        // The server chooses the rooms; asking for several independent runs of them means nothing.
        guard rooms == 1 else { throw BotOptionsError("--rooms does not work with --quick-play: the server chooses the rooms (use --count for more bots)") }
        guard timeLimit > .zero else { throw BotOptionsError("--time-limit must be positive") }
        if let wordPack, wordPack.trimmingWhitespace().isEmpty { throw BotOptionsError("--word-pack must not be empty") }
    }
}
