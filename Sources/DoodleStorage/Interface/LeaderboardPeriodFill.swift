import DoodleCore

/// What migration `v9-leaderboard-periods` does to fill `leaderboard_period` from the stored
/// games, as statements that first empty the table and drop its ranking index, for each back
/// end: public so that `doodle-leaderboard-bench` can time the fill over a synthetic million
/// games, and the storage tests can compare it with what saving the games gave.
public enum LeaderboardPeriodFill {
    static let emptying = ["DELETE FROM leaderboard_period", "DROP INDEX IF EXISTS leaderboard_period_ranking"]

    public static var sqlite: [String] { emptying + Migration.leaderboardFill(.sqlite) }
    public static var postgres: [String] { emptying + Migration.leaderboardFill(.postgres) }
}
