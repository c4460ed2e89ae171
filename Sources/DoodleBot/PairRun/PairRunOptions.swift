/// Everything `doodle-bot --pair` can be told.
public struct PairRunOptions: Sendable {
    /// The WebSocket endpoint (see ``BotOptions/webSocketURL(for:)``).
    public var server: String
    /// Pairs of bots, played concurrently.
    public var pairs: Int
    /// Drawings each bot sends.
    public var drawings: Int
    public var skill: Double
    /// Base seed; each bot derives its own. Nil picks one.
    public var seed: UInt64?
    public var speed: Double
    public var offlineChance: Double
    /// Bots are named `<namePrefix><pair>a` (creator) and `<namePrefix><pair>b` (joiner).
    public var namePrefix: String
    /// A pair still going after this long fails, saying what it waits for.
    public var timeLimit: Duration
    public var vocabulary: BotVocabulary
    public var reconnect: ReconnectPolicy

    public init(
        server: String = "ws://127.0.0.1:8080", pairs: Int = 1, drawings: Int = 3, skill: Double = 0.7, seed: UInt64? = nil,
        speed: Double = 1, offlineChance: Double = 0.3, namePrefix: String = "Pair", timeLimit: Duration = .seconds(300),
        vocabulary: BotVocabulary = BotVocabulary(pack: []), reconnect: ReconnectPolicy = ReconnectPolicy()
    ) {
        self.server = server
        self.pairs = pairs
        self.drawings = drawings
        self.skill = skill
        self.seed = seed
        self.speed = speed
        self.offlineChance = offlineChance
        self.namePrefix = namePrefix
        self.timeLimit = timeLimit
        self.vocabulary = vocabulary
        self.reconnect = reconnect
    }

    /// Checks the combination of options; the message names the option.
    public func validate() throws(BotOptionsError) {
        guard (1...5000).contains(pairs) else { throw BotOptionsError("--pair must be 1 to 5000") }
        guard (1...100).contains(drawings) else { throw BotOptionsError("--drawings must be 1 to 100") }
        guard (0...1).contains(skill) else { throw BotOptionsError("--skill must be between 0 and 1") }
        guard (0...1).contains(offlineChance) else { throw BotOptionsError("--offline-chance must be between 0 and 1") }
        try BotOptions.checkSpeed(speed)
        guard timeLimit > .zero else { throw BotOptionsError("--time-limit must be positive") }
        let longestName = namePrefix.count + String(pairs).count + 1
        guard !namePrefix.isEmpty, longestName <= 24 else {
            throw BotOptionsError("--name must be 1 to \(23 - String(pairs).count) characters with --pair \(pairs)")
        }
        _ = try BotOptions.webSocketURL(for: server)
    }
}
