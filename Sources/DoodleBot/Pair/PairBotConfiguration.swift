import DoodleCore

/// Who a pair bot is and how it plays.
public struct PairBotConfiguration: Sendable {
    /// How the bot finds its partner.
    public enum Role: Sendable, Equatable {
        /// Opens its pair code, waits for the partner, and unpairs once everything is resolved.
        case creator
        /// Joins with the creator's code, and stops once the creator unpairs.
        case joiner(code: String)
    }

    public var name: String
    public var role: Role
    /// Drawings this bot sends; its partner sends as many.
    public var drawings: Int
    /// Chance, per attempt, of guessing a word that fits the hint rather than a wrong one.
    public var skill: Double
    /// Every delay of the bot is divided by this (protocol rate limits are not).
    public var speed: Double
    /// Chance, after each drawing the server acknowledged, of going offline for a while.
    public var offlineChance: Double
    /// Chance, after each acknowledged drawing, of submitting it again (it must answer the same
    /// `drawingSent`, without `seq`).
    public var repeatSubmitChance: Double
    public var vocabulary: BotVocabulary

    public init(
        name: String, role: Role, drawings: Int = 3, skill: Double = 0.7, speed: Double = 1, offlineChance: Double = 0.3,
        repeatSubmitChance: Double = 0.15, vocabulary: BotVocabulary
    ) {
        self.name = name
        self.role = role
        self.drawings = drawings
        self.skill = skill
        self.speed = speed
        self.offlineChance = offlineChance
        self.repeatSubmitChance = repeatSubmitChance
        self.vocabulary = vocabulary
    }
}

/// The human-like delays of a pair bot in seconds, before scaling by speed.
enum PairBotTiming {
    static let thinkBeforeDrawing: ClosedRange<Double> = 1...3
    static let pauseBetweenDrawings: ClosedRange<Double> = 2...5
    static let thinkBeforeFirstGuess: ClosedRange<Double> = 1.5...4
    static let betweenGuesses: ClosedRange<Double> = 1.2...3
    static let offline: ClosedRange<Double> = 3...10
    static let pauseBeforeUnpair = 1.0
    /// Not scaled: a resumed player is re-seated right after `welcome`; after this long without
    /// its room, the bot enters with `createRoom` (its grace period had run out).
    static let seatWait = Duration.seconds(2)
    /// Not scaled: the server allows 5 guesses per 3 s; a second apart leaves room for the
    /// bunching a busy machine adds on the way.
    static let minimumGuessGap = Duration.seconds(1)
    /// Not scaled: after a refused guess, a whole window of the limit.
    static let rateLimitBackOff = Duration.seconds(3)
}
