/// The `pair` section of GameRules/rules.json (GameRules/README.md, "Pair mode"): scoring, the
/// guess cap per drawing, and what a secret word may be.
public struct PairRules: Sendable, Equatable, Codable {
    /// The guesser's points for a drawing guessed at the first attempt, plus `attemptPenalty`.
    public var guesserBase: Int
    /// Taken off the guesser's points for every attempt, the correct one included.
    public var attemptPenalty: Int
    /// The guesser never gets less than this for a drawing it guessed.
    public var guesserMin: Int
    /// The drawer's points when its partner guesses its drawing.
    public var drawer: Int
    /// A drawing still not guessed after this many attempts is revealed, as on a give-up.
    public var maxGuessesPerDrawing: Int
    /// The longest secret word, in Unicode code points after NFC and trimming.
    public var wordMaxLength: Int
    /// How many words `suggestWords` offers, drawn from the default word pack.
    public var wordSuggestions: Int
    /// How many of one partner's drawings may wait for the other's guess at once; past it a
    /// submit or upload is refused with `rate_limited` until one is guessed or given up. It
    /// bounds what one player can make a pair room hold in memory and in every `roomState`.
    public var maxWaitingPerSender: Int

    public init(
        guesserBase: Int, attemptPenalty: Int, guesserMin: Int, drawer: Int, maxGuessesPerDrawing: Int, wordMaxLength: Int,
        wordSuggestions: Int, maxWaitingPerSender: Int = 100
    ) {
        self.guesserBase = guesserBase
        self.attemptPenalty = attemptPenalty
        self.guesserMin = guesserMin
        self.drawer = drawer
        self.maxGuessesPerDrawing = maxGuessesPerDrawing
        self.wordMaxLength = wordMaxLength
        self.wordSuggestions = wordSuggestions
        self.maxWaitingPerSender = maxWaitingPerSender
    }

    /// The guesser's points for a drawing guessed at attempt number `attempts` (1 = first try).
    public func guesserGain(attempts: Int) -> Int {
        max(guesserMin, guesserBase - attemptPenalty * attempts)
    }
}
