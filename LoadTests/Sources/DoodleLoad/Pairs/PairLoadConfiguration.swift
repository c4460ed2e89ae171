/// The pair scenario's settings (LoadTests/README.md, "Pair mode").
public struct PairLoadConfiguration: Sendable, Codable, Equatable {
    public var pairs: Int
    /// Set-up and the first rotations, not measured.
    public var warmupSeconds: Int
    /// The measured stretch.
    public var windowSeconds: Int
    /// How long a partner stays online before it leaves and the other comes back: at any time
    /// one partner of each pair is online, so half of all clients are offline.
    public var rotationSeconds: Double
    /// An online partner's pause between a drawing's `drawingSent` and its next `beginDrawing`.
    public var thinkMilliseconds: Int
    /// Each drawing: this many strokes of `pointsPerStroke` points, one `strokeBegin` each.
    public var strokesPerDrawing: Int
    public var pointsPerStroke: Int
    /// Chance of a wrong guess before the right one.
    public var wrongGuessChance: Double

    public init(
        pairs: Int, warmupSeconds: Int = 5, windowSeconds: Int = 20, rotationSeconds: Double = 6, thinkMilliseconds: Int = 1000,
        strokesPerDrawing: Int = 4, pointsPerStroke: Int = 32, wrongGuessChance: Double = 0.3
    ) {
        self.pairs = pairs
        self.warmupSeconds = warmupSeconds
        self.windowSeconds = windowSeconds
        self.rotationSeconds = rotationSeconds
        self.thinkMilliseconds = thinkMilliseconds
        self.strokesPerDrawing = strokesPerDrawing
        self.pointsPerStroke = pointsPerStroke
        self.wrongGuessChance = wrongGuessChance
    }

    /// Why these settings cannot run within the contract, or nil.
    public var violation: String? {
        if pairs < 1 || pairs > 20_000 { return "--pairs takes 1 to 20000 pairs" }
        if windowSeconds < 1 || warmupSeconds < 0 { return "--pair-window must be at least 1 s and --pair-warmup at least 0" }
        if rotationSeconds < 1 || rotationSeconds > 50 { return "--pair-rotation must be 1–50 s (within the 60 s reconnect grace)" }
        if thinkMilliseconds < 0 { return "--pair-think-ms must not be negative" }
        if strokesPerDrawing < 1 || pointsPerStroke < 1 || pointsPerStroke > 256 { return "a stroke message holds 1–256 points" }
        if strokesPerDrawing * pointsPerStroke > 100_000 || strokesPerDrawing > 2000 { return "a drawing holds at most 2,000 items and 100,000 points" }
        // beginDrawing, a strokeBegin and a strokeEnd per stroke, and the submit, in one burst:
        // under the 120 drawing messages per second.
        if 2 * strokesPerDrawing + 2 > 100 { return "at most 49 strokes per drawing: they are sent in one burst under the drawing rate limit" }
        return nil
    }
}
