import DoodleCore
import Foundation
import GRDB

/// `ArchiveReader` on SQLite. With a file database the queries run on the pool's reader
/// connections, beside the writer.
public struct SQLiteArchiveReader: ArchiveReader {
    let database: SQLiteDatabase

    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// The all-time leaderboard: players with at least one finished game, by total score.
    /// Equal scores share a rank; among them more wins, then fewer games, come first.
    public func leaderboard(limit: Int) async throws -> Leaderboard {
        try await database.connection.read { db in
            let rows = try Row.fetchAll(db, sql: Self.leaderboardSQL, arguments: [max(limit, 0)])
            let ranked = Ranking.rank(rows) { row in row["total_score"] as Int }
            return Leaderboard(
                players: ranked.map { entry, rank in
                    LeaderboardEntry(
                        playerId: entry["id"], name: entry["name"], score: entry["total_score"], games: entry["games"],
                        wins: entry["wins"], rank: rank)
                })
        }
    }

    /// A day's, week's or month's leaderboard, from the running totals of `leaderboard_period`.
    public func leaderboard(period: LeaderboardPeriod, startsAt: Int64, limit: Int) async throws -> [LeaderboardEntry] {
        try await database.connection.read { db in
            let rows = try Row.fetchAll(db, sql: Self.periodLeaderboardSQL, arguments: [period.rawValue, startsAt, max(limit, 0)])
            return Ranking.rank(rows) { row in row["score"] as Int }.map { entry, rank in
                LeaderboardEntry(
                    playerId: entry["player_id"], name: entry["name"], score: entry["score"], games: entry["games"], wins: entry["wins"],
                    rank: rank)
            }
        }
    }

    /// A finished game with its ranking and drawings; nil if no game has this id.
    public func game(id: String) async throws -> GameDetails? {
        try await database.connection.read { db in
            guard let row = try Row.fetchOne(db, sql: Self.gameSQL, arguments: [id]) else { return nil }
            let ranking = try Row.fetchAll(db, sql: Self.gameRankingSQL, arguments: [id]).map { line in
                GameRankLine(
                    player: PlayerReference(playerId: line["player_id"], name: line["name"]), score: line["score"], rank: line["rank"])
            }
            let drawings = try Row.fetchAll(db, sql: Self.gameDrawingsSQL, arguments: [id]).map(Self.summary)
            let settingsJSON: String = row["settings"]
            return GameDetails(
                id: row["id"], roomCode: row["room_code"], mode: RoomMode(rawValue: row["mode"]) ?? .party,
                reason: GameEndReason(rawValue: row["reason"]) ?? .completed,
                settings: try? JSONDecoder().decode(RoomSettings.self, from: Data(settingsJSON.utf8)),
                startedAt: row["started_at"], endedAt: row["ended_at"], ranking: ranking, drawings: drawings)
        }
    }

    /// A drawing with its guessers and full stroke record; nil if no drawing has this id.
    ///
    /// - Throws: `StrokeCodecError` if the stored record is corrupt.
    public func drawing(id: String) async throws -> DrawingDetails? {
        try await database.connection.read { db in
            guard let row = try Row.fetchOne(db, sql: Self.drawingSQL, arguments: [id]) else { return nil }
            let guessers = try Row.fetchAll(db, sql: Self.drawingGuessesSQL, arguments: [id]).map { line in
                GuessLine(
                    player: PlayerReference(playerId: line["player_id"], name: line["name"]), gained: line["gained"],
                    atMilliseconds: line["at_ms"])
            }
            let record: Data = row["record"]
            return DrawingDetails(
                id: row["id"], gameId: row["game_id"], roomCode: row["room_code"], word: row["word"],
                drawer: PlayerReference(playerId: row["drawer_id"], name: row["drawer_name"]), drawerGained: row["drawer_gained"],
                guessers: guessers, reactions: Self.reactions(row), startedAt: row["started_at"], endedAt: row["ended_at"],
                actions: try StrokeCodec.decode([UInt8](record)))
        }
    }

    public func drawingSummary(id: String) async throws -> DrawingSummary? {
        try await database.connection.read { db in
            try Row.fetchOne(db, sql: Self.drawingSummarySQL, arguments: [id]).map(Self.summary)
        }
    }

    /// A page of the player's drawings, newest first, strictly after `before` if given.
    /// nil if there is no such player (never seen, or deleted) and it has no drawings.
    ///
    /// - Parameter limit: at most this many (callers keep it to 1…100).
    public func drawings(by playerId: PlayerID, limit: Int, before: DrawingCursor?) async throws -> DrawingPage? {
        try await database.connection.read { db in
            let fetchCount = max(limit, 0) + 1
            let rows: [Row]
            if let before {
                rows = try Row.fetchAll(
                    db, sql: Self.playerDrawingsBeforeSQL, arguments: [playerId, before.endedAt, before.id, fetchCount])
            } else {
                rows = try Row.fetchAll(db, sql: Self.playerDrawingsSQL, arguments: [playerId, fetchCount])
            }
            let page = DrawingPage(fetched: rows.map(Self.summary), limit: limit)
            if page.drawings.isEmpty {
                let known = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM player WHERE id = ?)", arguments: [playerId]) ?? false
                if !known { return nil }
            }
            return page
        }
    }

    private static func summary(_ row: Row) -> DrawingSummary {
        DrawingSummary(
            id: row["id"], gameId: row["game_id"], roomCode: row["room_code"], word: row["word"],
            drawer: PlayerReference(playerId: row["drawer_id"], name: row["drawer_name"]), guesserCount: row["guesser_count"],
            reactions: reactions(row), startedAt: row["started_at"], endedAt: row["ended_at"])
    }

    private static func reactions(_ row: Row) -> ReactionCounts {
        ReactionCounts(like: row["like_count"], dislike: row["dislike_count"])
    }
}

// MARK: - SQL (each query is served by an index; ArchiveQueryPlanTests checks which)

extension SQLiteArchiveReader {
    static let leaderboardSQL = """
        SELECT id, name, total_score, games, wins FROM player
        WHERE games > 0
        ORDER BY total_score DESC, wins DESC, games, id
        LIMIT ?
        """

    static let periodLeaderboardSQL = """
        SELECT leaderboard_period.player_id, player.name, leaderboard_period.score, leaderboard_period.games, leaderboard_period.wins
        FROM leaderboard_period JOIN player ON player.id = leaderboard_period.player_id
        WHERE leaderboard_period.period = ? AND leaderboard_period.starts_at = ?
        ORDER BY leaderboard_period.score DESC, leaderboard_period.wins DESC, leaderboard_period.games, leaderboard_period.player_id
        LIMIT ?
        """

    static let gameSQL = "SELECT id, room_code, mode, reason, settings, started_at, ended_at FROM game WHERE id = ?"

    static let gameRankingSQL = "SELECT player_id, name, score, rank FROM game_player WHERE game_id = ? ORDER BY position"

    static let drawingSQL = DrawingColumns.select + " WHERE id = ?"

    static let drawingSummarySQL = DrawingColumns.summary + " WHERE drawing.id = ?"

    static let drawingGuessesSQL = DrawingColumns.guessers + " WHERE guess.drawing_id = ? ORDER BY guess.position"

    static let gameDrawingsSQL = DrawingColumns.summary + " WHERE drawing.game_id = ? ORDER BY drawing.started_at, drawing.id"

    static let playerDrawingsSQL =
        DrawingColumns.summary + " WHERE drawing.drawer_id = ? ORDER BY drawing.ended_at DESC, drawing.id DESC LIMIT ?"

    static let playerDrawingsBeforeSQL =
        DrawingColumns.summary + """
             WHERE drawing.drawer_id = ? AND (drawing.ended_at, drawing.id) < (?, ?)
             ORDER BY drawing.ended_at DESC, drawing.id DESC LIMIT ?
            """
}
