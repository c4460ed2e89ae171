import DoodleCore
import Foundation
import PostgresNIO

/// `ArchiveReader` on PostgreSQL: the queries of `SQLiteArchiveReader`, served by the same
/// indexes, with the same orders (text compares byte by byte, `COLLATE "C"`), so pages and
/// cursors are identical on both back ends.
public struct PostgresArchiveReader: ArchiveReader {
    let database: PostgresArchiveDatabase

    public init(database: PostgresArchiveDatabase) {
        self.database = database
    }

    public func leaderboard(limit: Int) async throws -> Leaderboard {
        let limit = max(limit, 0)
        return try await database.read { session in
            let rows = try await session.rows(
                """
                SELECT id, name, total_score, games, wins FROM player
                WHERE games > 0
                ORDER BY total_score DESC, wins DESC, games, id
                LIMIT \(limit)
                """)
            let entries = try rows.map { row in
                (id: try row("id", as: String.self), name: try row("name", as: String.self), score: try row("total_score", as: Int.self),
                 games: try row("games", as: Int.self), wins: try row("wins", as: Int.self))
            }
            return Leaderboard(
                players: Ranking.rank(entries) { $0.score }.map { entry, rank in
                    LeaderboardEntry(playerId: entry.id, name: entry.name, score: entry.score, games: entry.games, wins: entry.wins, rank: rank)
                })
        }
    }

    public func leaderboard(period: LeaderboardPeriod, startsAt: Int64, limit: Int) async throws -> [LeaderboardEntry] {
        let limit = max(limit, 0)
        return try await database.read { session in
            let rows = try await session.rows(
                """
                SELECT leaderboard_period.player_id, player.name, leaderboard_period.score, leaderboard_period.games, leaderboard_period.wins
                FROM leaderboard_period JOIN player ON player.id = leaderboard_period.player_id
                WHERE leaderboard_period.period = \(period.rawValue) AND leaderboard_period.starts_at = \(startsAt)
                ORDER BY leaderboard_period.score DESC, leaderboard_period.wins DESC, leaderboard_period.games, leaderboard_period.player_id
                LIMIT \(limit)
                """)
            let entries = try rows.map { row in
                (id: try row("player_id", as: String.self), name: try row("name", as: String.self), score: try row("score", as: Int.self),
                 games: try row("games", as: Int.self), wins: try row("wins", as: Int.self))
            }
            return Ranking.rank(entries) { $0.score }.map { entry, rank in
                LeaderboardEntry(playerId: entry.id, name: entry.name, score: entry.score, games: entry.games, wins: entry.wins, rank: rank)
            }
        }
    }

    public func game(id: String) async throws -> GameDetails? {
        try await database.transaction(snapshot: true) { session in
            guard
                let row = try await session.row(
                    "SELECT id, room_code, mode, reason, settings, started_at, ended_at FROM game WHERE id = \(id)")
            else { return nil }
            let ranking = try await session.rows(
                "SELECT player_id, name, score, rank FROM game_player WHERE game_id = \(id) ORDER BY position"
            ).map { line in
                GameRankLine(
                    player: PlayerReference(playerId: try line("player_id"), name: try line("name")), score: try line("score"),
                    rank: try line("rank"))
            }
            let drawings = try await session.rows(
                "\(unescaped: DrawingColumns.summary) WHERE drawing.game_id = \(id) ORDER BY drawing.started_at, drawing.id"
            ).map(Self.summary)
            let settingsJSON: String = try row("settings")
            return GameDetails(
                id: try row("id"), roomCode: try row("room_code"), mode: RoomMode(rawValue: try row("mode")) ?? .party,
                reason: GameEndReason(rawValue: try row("reason")) ?? .completed,
                settings: try? JSONDecoder().decode(RoomSettings.self, from: Data(settingsJSON.utf8)),
                startedAt: try row("started_at"), endedAt: try row("ended_at"), ranking: ranking, drawings: drawings)
        }
    }

    public func drawing(id: String) async throws -> DrawingDetails? {
        try await database.transaction(snapshot: true) { session in
            guard
                let row = try await session.row("\(unescaped: DrawingColumns.select) WHERE id = \(id)")
            else { return nil }
            let guessers = try await session.rows(
                "\(unescaped: DrawingColumns.guessers) WHERE guess.drawing_id = \(id) ORDER BY guess.position"
            ).map { line in
                GuessLine(
                    player: PlayerReference(playerId: try line("player_id"), name: try line("name")), gained: try line("gained"),
                    atMilliseconds: try line("at_ms"))
            }
            let record: Data = try row("record")
            return DrawingDetails(
                id: try row("id"), gameId: try row("game_id"), roomCode: try row("room_code"), word: try row("word"),
                drawer: PlayerReference(playerId: try row("drawer_id"), name: try row("drawer_name")), drawerGained: try row("drawer_gained"),
                guessers: guessers, reactions: try Self.reactions(row), startedAt: try row("started_at"), endedAt: try row("ended_at"),
                actions: try StrokeCodec.decode([UInt8](record)))
        }
    }

    public func drawingSummary(id: String) async throws -> DrawingSummary? {
        try await database.read { session in
            try await session.row("\(unescaped: DrawingColumns.summary) WHERE drawing.id = \(id)").map(Self.summary)
        }
    }

    public func drawings(by playerId: PlayerID, limit: Int, before: DrawingCursor?) async throws -> DrawingPage? {
        let fetchCount = max(limit, 0) + 1
        return try await database.transaction(snapshot: true) { session in
            let rows: [PostgresRecord]
            if let before {
                rows = try await session.rows(
                    """
                    \(unescaped: DrawingColumns.summary)
                    WHERE drawing.drawer_id = \(playerId) AND (drawing.ended_at, drawing.id) < (\(before.endedAt), \(before.id))
                    ORDER BY drawing.ended_at DESC, drawing.id DESC LIMIT \(fetchCount)
                    """)
            } else {
                rows = try await session.rows(
                    """
                    \(unescaped: DrawingColumns.summary)
                    WHERE drawing.drawer_id = \(playerId) ORDER BY drawing.ended_at DESC, drawing.id DESC LIMIT \(fetchCount)
                    """)
            }
            let page = DrawingPage(fetched: try rows.map(Self.summary), limit: limit)
            if page.drawings.isEmpty {
                let known = try await session.value("SELECT EXISTS (SELECT 1 FROM player WHERE id = \(playerId))", as: Bool.self) ?? false
                if !known { return nil }
            }
            return page
        }
    }

    private static func summary(_ row: PostgresRecord) throws -> DrawingSummary {
        DrawingSummary(
            id: try row("id"), gameId: try row("game_id"), roomCode: try row("room_code"), word: try row("word"),
            drawer: PlayerReference(playerId: try row("drawer_id"), name: try row("drawer_name")), guesserCount: try row("guesser_count"),
            reactions: try reactions(row), startedAt: try row("started_at"), endedAt: try row("ended_at"))
    }

    private static func reactions(_ row: PostgresRecord) throws -> ReactionCounts {
        ReactionCounts(like: try row("like_count"), dislike: try row("dislike_count"))
    }
}
