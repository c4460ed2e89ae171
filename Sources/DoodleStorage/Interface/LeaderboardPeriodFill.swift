import DoodleCore

/// The statements migration `v9-leaderboard-periods` fills `leaderboard_period` with from the
/// stored games, for each back end: public so that `doodle-leaderboard-bench` can fill a
/// synthetic history of a million games the way the migration would, and time it.
public enum LeaderboardPeriodFill {
    public static var sqlite: [String] { LeaderboardPeriod.bounded.map(SQLiteLeaderboardSchema.backfill) }
    public static var postgres: [String] { PostgresSchema.leaderboardBackfills }
}
