import DoodleCore

/// How a pair bot tries to guess one drawing: like a person, from the hint's shape and the
/// words it knows — never from its partner. Mostly words that fit, sometimes a wrong one,
/// sometimes a slip of the fingers; it gives up when its patience or its ideas run out.
public struct PairGuessPlanner: Sendable, Equatable {
    /// One attempt.
    public enum Move: Sendable, Equatable {
        case guess(String)
        case giveUp
    }

    /// Words that fit the hint, likeliest first, not yet tried.
    private var candidates: [String]
    private let wrongWords: [String]
    private let skill: Double
    /// Attempts the bot makes before giving up.
    public let patience: Int
    public private(set) var attempts = 0

    /// - Parameters:
    ///   - likely: words the bot expects first (what bots draw), tried before the pack's.
    public init(hint: String, likely: [String], vocabulary: BotVocabulary, skill: Double, using random: inout some RandomNumberGenerator) {
        let pattern = HintPattern(hint)
        let fromLikely = likely.filter(pattern.matches).shuffled(using: &random)
        let seen = Set(fromLikely.map(GuessNormalizer.normalize))
        let fromPack = vocabulary.pack.filter { pattern.matches($0) && !seen.contains(GuessNormalizer.normalize($0)) }.shuffled(using: &random)
        self.candidates = fromLikely + fromPack
        self.wrongWords = vocabulary.pack.filter { !pattern.matches($0) }
        self.skill = min(max(skill, 0), 1)
        self.patience = Int.random(in: 4...12, using: &random)
    }

    /// The next attempt.
    public mutating func next(using random: inout some RandomNumberGenerator) -> Move {
        guard attempts < patience, !candidates.isEmpty else { return .giveUp }
        attempts += 1
        if Double.random(in: 0..<1, using: &random) >= skill, let wrong = wrongWords.randomElement(using: &random) {
            return .guess(wrong)
        }
        let candidate = candidates.removeFirst()
        // A slip: one letter dropped. Close when the candidate was right, so the bot tries it
        // properly next.
        if candidate.count > 3, Double.random(in: 0..<1, using: &random) < 0.15 {
            candidates.insert(candidate, at: 0)
            return .guess(String(candidate.dropLast()))
        }
        return .guess(candidate)
    }

    /// The last guess was close: the word is near it, so the bot tries that candidate now.
    public mutating func heardClose(to guess: String) {
        if let index = candidates.firstIndex(where: { $0.hasPrefix(guess) }), index > 0 {
            candidates.insert(candidates.remove(at: index), at: 0)
        }
    }
}
