import DoodleCore

/// `doodle-load --quick-play`: strangers arriving at a steady rate, each asking for a public room.
public struct QuickPlayLoadConfiguration: Sendable, Codable, Equatable {
    /// Players in all.
    public var players: Int
    /// Arrivals per second, spread evenly.
    public var rate: Int
    /// The pack each player asks for; nil: the server's default.
    public var wordPack: String?
    /// How long every player stays seated after the last arrival, counting room events (the
    /// first rooms' games start meanwhile, so events flow).
    public var holdSeconds: Int
    /// The longest a player waits for `welcome` or its seat before it counts as an error.
    public var answerTimeoutSeconds: Int
    /// The share of rooms, 0–1, whose players all close their connections once the room's game
    /// is under way (tabs closed mid-game): later arrivals must not be seated there.
    public var abandon: Double

    public init(players: Int, rate: Int, wordPack: String? = nil, holdSeconds: Int = 10, answerTimeoutSeconds: Int = 10, abandon: Double = 0) {
        self.abandon = abandon
        self.players = players
        self.rate = rate
        self.wordPack = wordPack
        self.holdSeconds = holdSeconds
        self.answerTimeoutSeconds = answerTimeoutSeconds
    }

    /// What is wrong with the configuration, if anything: the run is bounded in count and time.
    public var violation: String? {
        guard (1...20_000).contains(players) else { return "--arrivals must be 1–20000" }
        guard (1...2_000).contains(rate) else { return "--arrival-rate must be 1–2000 per second" }
        guard (0...600).contains(holdSeconds) else { return "--quick-hold must be 0–600 seconds" }
        guard (1...60).contains(answerTimeoutSeconds) else { return "the answer timeout must be 1–60 seconds" }
        guard (0...1).contains(abandon) else { return "--abandon must be a share from 0 to 1" }
        if let wordPack, wordPack.isEmpty { return "--word-pack must not be empty" }
        return nil
    }

    /// Whether the players of the room `code` leave it mid-game: the same answer for each of
    /// them, from the code alone (FNV-1a), so a room is left by all its players or by none.
    func abandons(_ code: String) -> Bool {
        guard abandon > 0 else { return false }
        return Double(FNV1aHash.of(code) % 10_000) < abandon * 10_000
    }

    /// Seconds from the first arrival to the last.
    var arrivalSeconds: Double { Double(players - 1) / Double(rate) }
}
