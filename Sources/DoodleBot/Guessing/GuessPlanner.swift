import DoodleCore

/// Picks a guesser's next guess for one turn.
///
/// With probability `skill` the bot thinks it through and tries a word that fits the hint and
/// has not been tried; otherwise it blurts a plausible word from the pack that does not fit.
/// Every hint narrows the candidates, so a skilled bot converges as letters are revealed.
public struct GuessPlanner: Sendable, Equatable {
    public let vocabulary: BotVocabulary
    public let skill: Double
    /// Normalised guesses already made this turn.
    public private(set) var tried: Set<String> = []

    public init(vocabulary: BotVocabulary, skill: Double) {
        self.vocabulary = vocabulary
        self.skill = min(max(skill, 0), 1)
    }

    public mutating func startTurn() {
        tried = []
    }

    /// The next guess for `hint`, or nil when the bot has run out of ideas.
    public mutating func nextGuess(hint: String, using random: inout some RandomNumberGenerator) -> String? {
        let pattern = HintPattern(hint)
        let thinksItThrough = Double.random(in: 0..<1, using: &random) < skill
        if thinksItThrough {
            let fresh = vocabulary.candidates(matching: pattern).filter { !tried.contains(GuessNormalizer.normalize($0)) }
            if let pick = fresh.randomElement(using: &random) { return remember(pick) }
        }
        // A plausible wrong word: a real word of the game, of the wrong shape.
        for _ in 0..<20 {
            guard let word = vocabulary.pack.randomElement(using: &random) else { break }
            if !pattern.matches(word) && !tried.contains(GuessNormalizer.normalize(word)) { return remember(word) }
        }
        return nil
    }

    private mutating func remember(_ word: String) -> String {
        tried.insert(GuessNormalizer.normalize(word))
        return word
    }
}
