import DoodleCore

extension Migration {
    /// Games that count (PROTOCOL.md rev 5, "Small changes"): a game that ended for want of
    /// players counts in nobody's games, wins or score, a win needs a score above 0, and a house
    /// bot's ranking line (`bot`) counts for no one. Totals written before this rule are worked
    /// out again from the stored games, all-time and per period, by the rule `GameTally` states.
    static let v12GamesThatCount = Migration(
        identifier: "v12-games-that-count",
        sqlite: ["ALTER TABLE game_player ADD COLUMN bot BOOLEAN NOT NULL DEFAULT 0"] + recount(.sqlite).map(MigrationStep.sql),
        postgres: ["ALTER TABLE game_player ADD COLUMN bot BOOLEAN NOT NULL DEFAULT false"] + recount(.postgres).map(MigrationStep.sql))

    /// Every player's all-time totals and period rows, from its counting games alone.
    private static func recount(_ dialect: SQLDialect) -> [String] {
        let counted = """
            FROM game_player JOIN game ON game.id = game_player.game_id
            WHERE game_player.player_id = player.id AND \(GameTally.countingLineSQL)
            """
        let wins = dialect == .sqlite ? "SUM(\(GameTally.winSQL))" : "COUNT(*) FILTER (WHERE \(GameTally.winSQL))"
        return [
            """
            UPDATE player SET
                total_score = COALESCE((SELECT SUM(game_player.score) \(counted)), 0),
                games = (SELECT COUNT(*) \(counted)),
                wins = COALESCE((SELECT \(wins) \(counted)), 0)
            """,
            "DELETE FROM leaderboard_period",
        ] + LeaderboardPeriod.bounded.map { leaderboardBackfill($0, dialect, rule: .gamesThatCount) }
    }
}
