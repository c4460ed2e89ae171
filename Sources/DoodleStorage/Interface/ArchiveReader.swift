import DoodleCore

/// Read-only queries behind the HTTP API: leaderboard, games, drawings, a player's drawings.
/// Every back end answers them alike (the storage tests run against each).
public protocol ArchiveReader: Sendable {
    /// The all-time leaderboard: players with at least one finished game, by total score.
    /// Equal scores share a rank; among them more wins, then fewer games, come first.
    func leaderboard(limit: Int) async throws -> Leaderboard

    /// The leaderboard of one day, week or month: players by their score in the games that
    /// finished in the period starting at `startsAt` (`LeaderboardPeriod.interval`), ranked as
    /// the all-time one. Read from running totals kept as games are saved, not summed per call.
    ///
    /// - Precondition: `period` is one of `LeaderboardPeriod.bounded`.
    func leaderboard(period: LeaderboardPeriod, startsAt: Int64, limit: Int) async throws -> [LeaderboardEntry]

    /// A finished game with its ranking and drawings (and a telephone game's chains); nil if no game has this id.
    func game(id: String) async throws -> GameDetails?

    /// A drawing with its guessers and full stroke record; nil if no drawing has this id.
    ///
    /// - Throws: `StrokeCodecError` if the stored record is corrupt.
    func drawing(id: String) async throws -> DrawingDetails?

    /// A drawing without its stroke record, as lists show it; nil if no drawing has this id.
    /// Reads and decodes no record, for pages that show only who drew it and how it went.
    func drawingSummary(id: String) async throws -> DrawingSummary?

    /// When a finished game's drawing ended, which with its id names its picture; nil if no
    /// drawing has this id. Reads no record, so a picture's `If-None-Match` is answered without one.
    func drawingEndedAt(id: String) async throws -> Int64?

    /// A page of the player's drawings, newest first, strictly after `before` if given; a
    /// telephone drawing only once its game is stored (until then its chain is secret).
    /// nil if there is no such player (never seen, or deleted) and it has no drawings.
    ///
    /// - Parameter limit: at most this many (callers keep it to 1…100).
    func drawings(by playerId: PlayerID, limit: Int, before: DrawingCursor?) async throws -> DrawingPage?
}
