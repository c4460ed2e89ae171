import DoodleCore

/// What one bot saw and did.
public struct BotReport: Sendable, Equatable, Codable {
    public var name: String
    public var playerId: PlayerID?
    public var roomCode: String?
    public var gameId: String?
    public var endReason: GameEndReason?
    /// The game's final ranking, as this bot received it; empty if the game did not end for it.
    public var ranking: [RankLine]
    public var violations: [BotViolation]
    /// Why the bot stopped before the game ended, if it did.
    public var failure: String?
    public var stats: BotStats

    public init(brain: BotBrain) {
        name = brain.configuration.name
        playerId = brain.playerId
        roomCode = brain.code
        gameId = brain.gameSummary?.gameId
        endReason = brain.gameSummary?.reason
        ranking = brain.gameSummary?.ranking ?? []
        violations = brain.violations
        failure = brain.failure
        stats = brain.stats
    }

    /// The game ended for this bot, and it saw nothing wrong.
    public var succeeded: Bool { failure == nil && violations.isEmpty && gameId != nil }
}

/// One room's game.
public struct RoomReport: Sendable, Equatable, Codable {
    /// 1-based, in the order rooms were started.
    public var room: Int
    public var code: String?
    public var gameId: String?
    public var endReason: GameEndReason?
    public var ranking: [RankLine]
    public var bots: [BotReport]
    public var succeeded: Bool

    public init(room: Int, bots: [BotReport]) {
        self.room = room
        self.bots = bots
        let reporter = bots.first { $0.gameId != nil } ?? bots.first
        code = bots.lazy.compactMap(\.roomCode).first
        gameId = reporter?.gameId
        endReason = reporter?.endReason
        ranking = reporter?.ranking ?? []
        succeeded = !bots.isEmpty && bots.allSatisfy(\.succeeded)
    }

    public var violations: [BotViolation] { bots.flatMap(\.violations) }
}

/// The result of a whole run: `succeeded` decides the exit status of `doodle-bot`.
public struct BotRunReport: Sendable, Equatable, Codable {
    public var rooms: [RoomReport]
    public var succeeded: Bool
    public var violationCount: Int
    public var seed: UInt64
    public var elapsedSeconds: Double

    public init(rooms: [RoomReport], seed: UInt64, elapsed: Duration) {
        self.rooms = rooms
        self.seed = seed
        succeeded = !rooms.isEmpty && rooms.allSatisfy(\.succeeded)
        violationCount = rooms.reduce(0) { $0 + $1.violations.count }
        let parts = elapsed.components
        elapsedSeconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
