import DoodleCore

/// What a finished game adds to a player's totals (PROTOCOL.md rev 5, "Games that count"), in
/// one place for the archive writer and, as SQL, for the migration that recounted the totals
/// stored before the rule.
enum GameTally {
    /// Whether the game counts at all: one that ended for want of players is recorded with its
    /// drawings, and adds nothing to anyone; nor does a telephone game, which scores nobody
    /// (its ranking is empty; this holds should one ever carry lines).
    static func counts(_ game: FinishedGame) -> Bool {
        game.reason != .notEnoughPlayers && game.mode != .telephone
    }

    /// Whether a ranking line is added to its player's totals: a person's, in a counting game.
    static func counts(_ line: RankLine, of game: FinishedGame) -> Bool {
        counts(game) && !line.bot
    }

    /// A win is first place with something scored: a game nobody scored in has no winner.
    static func isWin(_ line: RankLine) -> Bool {
        line.rank == 1 && line.score > 0
    }

    /// `counts(_:of:)` over `game` and `game_player` rows. A telephone game stores no
    /// `game_player` rows, so it needs no clause here (and v12's recount, which reads this, ran
    /// before any telephone game could be stored).
    static let countingLineSQL = "game.reason <> '\(GameEndReason.notEnoughPlayers.rawValue)' AND NOT game_player.bot"
    /// `isWin(_:)` over a `game_player` row.
    static let winSQL = "game_player.rank = 1 AND game_player.score > 0"
}
