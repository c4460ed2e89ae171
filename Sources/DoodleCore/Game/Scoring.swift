/// The formulas of GameRules/README.md, "Scoring".
public struct Scoring: Sendable {
    public let rules: ScoringRules

    public init(rules: ScoringRules) {
        self.rules = rules
    }

    /// A correct party guess with `remaining` of `total` milliseconds of drawing time left.
    public func guesserGain(remaining: Int64, total: Int64) -> Int {
        let clamped = min(max(remaining, 0), total)
        return rules.guesserBase + Int(Int64(rules.guesserTimeBonus) * clamped / max(total, 1))
    }

    /// The drawer's share: `correct` players guessed, out of `guessers` in the room at turn end.
    public func drawerGain(correct: Int, guessers: Int) -> Int {
        guard correct > 0 else { return 0 }
        return rules.drawerMax * correct / max(correct, guessers)
    }
}

/// The hint reveal times of GameRules/README.md, "Hints".
public enum HintSchedule {
    /// Offsets in milliseconds from the start of drawing at which letters are revealed.
    public static func revealOffsets(reveals: Int, drawMilliseconds: Int64) -> [Int64] {
        guard reveals > 0 else { return [] }
        return (1...reveals).map { k in drawMilliseconds * Int64(k) / Int64(reveals + 1) }
    }
}
