import DoodleCore

/// What one pair bot saw and did.
public struct PairBotReport: Sendable, Equatable, Codable {
    public var name: String
    public var playerId: PlayerID?
    public var pairId: String?
    public var violations: [BotViolation]
    public var failure: String?
    public var stats: PairBotStats
    /// The drawings the server acknowledged to this bot.
    public var sentDrawingIds: [String]
    /// The drawings delivered to this bot, live or in its inbox.
    public var receivedDrawingIds: [String]
    /// Every `submitDrawing` → `drawingSent` time, milliseconds.
    public var acknowledgementMilliseconds: [Double]
    public var unpaired: Bool

    public init(brain: PairBotBrain) {
        name = brain.configuration.name
        playerId = brain.playerId
        pairId = brain.pairId
        violations = brain.violations
        failure = brain.failure
        stats = brain.stats
        sentDrawingIds = brain.acknowledged.values.sorted()
        receivedDrawingIds = brain.received.sorted()
        acknowledgementMilliseconds = brain.acknowledgementMilliseconds
        unpaired = brain.isUnpaired
    }

    public var succeeded: Bool { failure == nil && violations.isEmpty && unpaired }
}

/// One pair: its two bots, and what only the two together can tell — every drawing one was
/// told is stored reached the other.
public struct PairReport: Sendable, Equatable, Codable {
    /// 1-based, in the order pairs were started.
    public var pair: Int
    public var code: String?
    public var bots: [PairBotReport]
    /// Drawings acknowledged to a sender that never reached its partner.
    public var undelivered: [String]
    public var succeeded: Bool

    public init(pair: Int, code: String?, bots: [PairBotReport]) {
        self.pair = pair
        self.code = code
        self.bots = bots
        var undelivered: [String] = []
        if bots.count == 2 {
            for (sender, recipient) in [(bots[0], bots[1]), (bots[1], bots[0])] {
                let received = Set(recipient.receivedDrawingIds)
                undelivered += sender.sentDrawingIds.filter { !received.contains($0) }
            }
        }
        self.undelivered = undelivered
        succeeded = bots.count == 2 && bots.allSatisfy(\.succeeded) && undelivered.isEmpty
    }

    public var violationCount: Int { bots.reduce(0) { $0 + $1.violations.count } + undelivered.count }
}

/// The result of a `--pair` run: `succeeded` decides the exit status of `doodle-bot`.
public struct PairRunReport: Sendable, Equatable, Codable {
    public var pairs: [PairReport]
    public var succeeded: Bool
    public var violationCount: Int
    public var drawingsSent: Int
    public var seed: UInt64
    public var elapsedSeconds: Double

    public init(pairs: [PairReport], seed: UInt64, elapsed: Duration) {
        self.pairs = pairs
        self.seed = seed
        succeeded = !pairs.isEmpty && pairs.allSatisfy(\.succeeded)
        violationCount = pairs.reduce(0) { $0 + $1.violationCount }
        drawingsSent = pairs.reduce(0) { $0 + $1.bots.reduce(0) { $0 + $1.stats.drawingsSent } }
        elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
