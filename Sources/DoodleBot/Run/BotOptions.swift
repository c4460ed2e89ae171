import DoodleCore

/// A bad option or option value, with a message for the person who typed it.
public struct BotOptionsError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Everything `doodle-bot` can be told.
public struct BotOptions: Sendable {
    public enum Mode: Sendable, Equatable {
        /// One bot per room creates it with these settings; the others join; the creator starts.
        case create(SettingsPatch)
        /// Every bot joins the room with this code (one room only).
        case join(code: String)
        /// Every bot asks for a public room (QuickPlayOptions.swift); the server picks the rooms.
        case quickPlay(QuickPlayOptions)
    }

    /// The WebSocket endpoint, e.g. `ws://127.0.0.1:8080/v1/ws` (see ``webSocketURL(for:)``).
    public var server: String
    /// Where the bots that join connect first, e.g. another node of a cluster (a node that does
    /// not host the room redirects them). Nil: `server`.
    public var joinServer: String?
    public var mode: Mode
    /// Bots per room.
    public var count: Int
    /// Independent rooms, played concurrently (create mode only).
    public var rooms: Int
    public var skill: Double
    /// Chance of liking a drawing after guessing it.
    public var liking: Double
    /// Base seed; each bot derives its own from it, its room and its place. Nil picks one.
    public var seed: UInt64?
    public var speed: Double
    /// The speeds `--speed` takes.
    public static let speeds: ClosedRange<Double> = 0.01...1000

    /// `--speed` for both kinds of run. Every delay is divided by it into a Duration: 1e-25 would
    /// ask for more attoseconds than Duration holds and trap, 1e30 would round every wait to nothing.
    static func checkSpeed(_ speed: Double) throws(BotOptionsError) {
        guard speeds.contains(speed) else { throw BotOptionsError("--speed must be a number from \(speeds.lowerBound) to \(Int(speeds.upperBound))") }
    }
    public var strict: Bool
    public var vocabulary: BotVocabulary
    /// Bots are named `<namePrefix><n>`.
    public var namePrefix: String
    public var reconnect: ReconnectPolicy
    /// The rooms the bots create or quick-play: party or telephone (`--telephone`).
    public var roomMode: RoomMode

    public init(
        server: String = "ws://127.0.0.1:8080", mode: Mode, count: Int = 4, rooms: Int = 1, skill: Double = 0.6,
        seed: UInt64? = nil, speed: Double = 1, strict: Bool = false, vocabulary: BotVocabulary = BotVocabulary(pack: []),
        namePrefix: String = "Bot", reconnect: ReconnectPolicy = ReconnectPolicy(), joinServer: String? = nil, liking: Double = 0.5,
        roomMode: RoomMode = .party
    ) {
        self.roomMode = roomMode
        self.server = server
        self.joinServer = joinServer
        self.mode = mode
        self.count = count
        self.rooms = rooms
        self.skill = skill
        self.liking = liking
        self.seed = seed
        self.speed = speed
        self.strict = strict
        self.vocabulary = vocabulary
        self.namePrefix = namePrefix
        self.reconnect = reconnect
    }

    /// Checks the combination of options; the message names the option.
    public func validate() throws(BotOptionsError) {
        guard count >= 1 else { throw BotOptionsError("--count must be at least 1") }
        guard rooms >= 1 else { throw BotOptionsError("--rooms must be at least 1") }
        guard (0...1).contains(skill) else { throw BotOptionsError("--skill must be between 0 and 1") }
        guard (0...1).contains(liking) else { throw BotOptionsError("--liking must be between 0 and 1") }
        try BotOptions.checkSpeed(speed)
        guard !namePrefix.isEmpty, namePrefix.count + String(count).count <= 24 else {
            throw BotOptionsError("--name must be 1 to \(24 - String(count).count) characters")
        }
        switch mode {
        case .create:
            guard count >= 2 else { throw BotOptionsError("--create needs --count of at least 2: a game needs two players") }
            guard roomMode != .telephone || count >= 3 else {
                throw BotOptionsError("--create --telephone needs --count of at least 3: a telephone game needs three players")
            }
        case .join(let code):
            guard rooms == 1 else { throw BotOptionsError("--rooms only works with --create: --join fills one room") }
            guard !code.trimmingWhitespace().isEmpty else { throw BotOptionsError("--join needs an invite code") }
        case .quickPlay(let quickPlay):
            try quickPlay.validate(rooms: rooms)
        }
        guard roomMode != .pair else { throw BotOptionsError("pair mode is --pair N") }
        _ = try Self.webSocketURL(for: server)
        if let joinServer { _ = try Self.webSocketURL(for: joinServer, option: "--join-server") }
    }

    /// `server` as a WebSocket URL: `ws://` or `wss://` (`http(s)://` is accepted and converted),
    /// with `/v1/ws` added when no path is given.
    public static func webSocketURL(for server: String, option: String = "--server") throws(BotOptionsError) -> String {
        var url = server.trimmingWhitespace()
        if url.hasPrefix("http://") { url = "ws://" + url.dropFirst("http://".count) }
        if url.hasPrefix("https://") { url = "wss://" + url.dropFirst("https://".count) }
        guard let schemeEnd = url.firstRange(of: "://"), url.hasPrefix("ws://") || url.hasPrefix("wss://") else {
            throw BotOptionsError("\(option) must be a ws:// or wss:// URL, got '\(server)'")
        }
        let rest = url[schemeEnd.upperBound...]
        guard !rest.isEmpty, !rest.hasPrefix("/") else { throw BotOptionsError("\(option) has no host: '\(server)'") }
        if !rest.contains("/") { url += "/v1/ws" }
        return url
    }
}
