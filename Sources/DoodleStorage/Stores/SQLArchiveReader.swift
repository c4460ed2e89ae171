import DoodleCore
import Foundation

/// `ArchiveReader` on either database, the same queries served by the same indexes, with the
/// same orders (text compares byte by byte: PostgreSQL's columns are `COLLATE "C"`), so pages
/// and cursors are identical on both. On a SQLite file the queries run on the pool's reader
/// connections, beside the writer.
struct SQLArchiveReader: ArchiveReader {
    let database: any SQLDatabase

    /// The all-time leaderboard: players with at least one finished game, by total score.
    /// Equal scores share a rank; among them more wins, then fewer games, come first.
    func leaderboard(limit: Int) async throws -> Leaderboard {
        try await database.read { session in
            let entries = try session.rows(Self.leaderboard(limit: max(limit, 0))).map { row in
                (id: try row("id", as: String.self), name: try row("name", as: String.self), score: try row("total_score", as: Int.self),
                 games: try row("games", as: Int.self), wins: try row("wins", as: Int.self))
            }
            return Leaderboard(
                players: Ranking.rank(entries) { $0.score }.map { entry, rank in
                    LeaderboardEntry(playerId: entry.id, name: entry.name, score: entry.score, games: entry.games, wins: entry.wins, rank: rank)
                })
        }
    }

    /// A day's, week's or month's leaderboard, from the running totals of `leaderboard_period`.
    func leaderboard(period: LeaderboardPeriod, startsAt: Int64, limit: Int) async throws -> [LeaderboardEntry] {
        try await database.read { session in
            let entries = try session.rows(Self.leaderboard(period: period, startsAt: startsAt, limit: max(limit, 0))).map { row in
                (id: try row("player_id", as: String.self), name: try row("name", as: String.self), score: try row("score", as: Int.self),
                 games: try row("games", as: Int.self), wins: try row("wins", as: Int.self))
            }
            return Ranking.rank(entries) { $0.score }.map { entry, rank in
                LeaderboardEntry(playerId: entry.id, name: entry.name, score: entry.score, games: entry.games, wins: entry.wins, rank: rank)
            }
        }
    }

    /// A finished game with its ranking, drawings and (a telephone game's) chains; nil if no game has this id.
    func game(id: String) async throws -> GameDetails? {
        try await database.readSnapshot { session in
            guard let row = try session.row("SELECT id, room_code, mode, reason, settings, started_at, ended_at FROM game WHERE id = \(id)")
            else { return nil }
            let ranking = try session.rows("SELECT player_id, name, score, rank, bot FROM game_player WHERE game_id = \(id) ORDER BY position").map {
                line in
                GameRankLine(
                    player: PlayerReference(playerId: try line("player_id"), name: try line("name")), score: try line("score"),
                    rank: try line("rank"), bot: try line("bot"))
            }
            let drawings = try session.rows(Self.drawings(ofGame: id)).map(Self.summary)
            let chains = try Self.chains(session.rows(Self.chainEntries(ofGame: id)))
            let settingsJSON: String = try row("settings")
            return GameDetails(
                id: try row("id"), roomCode: try row("room_code"), mode: RoomMode(rawValue: try row("mode")) ?? .party,
                reason: GameEndReason(rawValue: try row("reason")) ?? .completed,
                settings: try? JSONDecoder().decode(RoomSettings.self, from: Data(settingsJSON.utf8)),
                startedAt: try row("started_at"), endedAt: try row("ended_at"), ranking: ranking, drawings: drawings, chains: chains)
        }
    }

    /// A drawing with its guessers and full stroke record; nil if no drawing has this id.
    func drawing(id: String) async throws -> DrawingDetails? {
        try await database.readSnapshot { session in
            guard let row = try session.row(Self.drawing(id: id)) else { return nil }
            let guessers = try session.rows(Self.guesses(ofDrawing: id)).map { line in
                GuessLine(
                    player: PlayerReference(playerId: try line("player_id"), name: try line("name")), gained: try line("gained"),
                    atMilliseconds: try line("at_ms"))
            }
            let record: Data = try row("record")
            let drawerId: PlayerID? = try row("drawer_id")
            let drawerAvatar = try drawerId.map { try PlayerTable.avatar(row) ?? Avatar(derivedFrom: $0) }
            let kindText: String = try row("kind")
            return DrawingDetails(
                id: try row("id"), gameId: try row("game_id"), roomCode: try row("room_code"), word: try row("word"),
                drawer: PlayerReference(playerId: try row("drawer_id"), name: try row("drawer_name")), drawerGained: try row("drawer_gained"),
                guessers: guessers, reactions: try Self.reactions(row), startedAt: try row("started_at"), endedAt: try row("ended_at"),
                actions: try StrokeCodec.decode([UInt8](record)), drawerAvatar: drawerAvatar, kind: DrawingKind(rawValue: kindText) ?? .party)
        }
    }

    func drawingSummary(id: String) async throws -> DrawingSummary? {
        try await database.read { session in
            try session.row(Self.drawingSummary(id: id)).map(Self.summary)
        }
    }

    /// A page of the player's drawings, newest first; nil for a player the database never knew.
    func drawings(by playerId: PlayerID, limit: Int, before: DrawingCursor?) async throws -> DrawingPage? {
        let fetchCount = max(limit, 0) + 1
        return try await database.readSnapshot { session in
            let rows = try session.rows(Self.drawings(by: playerId, before: before, limit: fetchCount))
            let page = DrawingPage(fetched: try rows.map(Self.summary), limit: limit)
            if page.drawings.isEmpty {
                let known = try session.value("SELECT EXISTS (SELECT 1 FROM player WHERE id = \(playerId))", as: Bool.self) ?? false
                if !known { return nil }
            }
            return page
        }
    }

    func drawingEndedAt(id: String) async throws -> Int64? {
        try await database.read { session in
            try session.value(Self.drawingEndedAt(id: id), as: Int64.self)
        }
    }

    private static func summary(_ row: SQLRow) throws -> DrawingSummary {
        DrawingSummary(
            id: try row("id"), gameId: try row("game_id"), roomCode: try row("room_code"), word: try row("word"),
            drawer: PlayerReference(playerId: try row("drawer_id"), name: try row("drawer_name")), guesserCount: try row("guesser_count"),
            reactions: try reactions(row), startedAt: try row("started_at"), endedAt: try row("ended_at"))
    }

    /// Rows in chain order, grouped into chains: a new chain begins where the chain number changes.
    private static func chains(_ rows: [SQLRow]) throws -> [[GameChainEntry]] {
        var chains: [[GameChainEntry]] = []
        var currentChain: Int?
        for row in rows {
            let chain: Int = try row("chain")
            if chain != currentChain {
                chains.append([])
                currentChain = chain
            }
            let playerId: PlayerID? = try row("player_id")
            let kindText: String = try row("kind")
            chains[chains.count - 1].append(
                GameChainEntry(
                    kind: TelephoneStepKind(rawValue: kindText) ?? .describe, player: PlayerReference(playerId: playerId, name: try row("name")),
                    avatar: try playerId.map { try PlayerTable.avatar(row) ?? Avatar(derivedFrom: $0) }, text: try row("text"),
                    drawingId: try row("drawing_id")))
        }
        return chains
    }

    private static func reactions(_ row: SQLRow) throws -> ReactionCounts {
        ReactionCounts(like: try row("like_count"), dislike: try row("dislike_count"))
    }
}

// MARK: - Queries (each served by an index; QueryPlanTests checks which)

extension SQLArchiveReader {
    static func leaderboard(limit: Int) -> SQLQuery {
        """
        SELECT id, name, total_score, games, wins FROM player
        WHERE games > 0
        ORDER BY total_score DESC, wins DESC, games, id
        LIMIT \(limit)
        """
    }

    static func leaderboard(period: LeaderboardPeriod, startsAt: Int64, limit: Int) -> SQLQuery {
        """
        SELECT leaderboard_period.player_id, player.name, leaderboard_period.score, leaderboard_period.games, leaderboard_period.wins
        FROM leaderboard_period JOIN player ON player.id = leaderboard_period.player_id
        WHERE leaderboard_period.period = \(period.rawValue) AND leaderboard_period.starts_at = \(startsAt)
        ORDER BY leaderboard_period.score DESC, leaderboard_period.wins DESC, leaderboard_period.games, leaderboard_period.player_id
        LIMIT \(limit)
        """
    }

    static func drawing(id: String) -> SQLQuery {
        "\(sql: DrawingColumns.select) WHERE drawing.id = \(id)"
    }

    static func drawingSummary(id: String) -> SQLQuery {
        "\(sql: DrawingColumns.summary) WHERE drawing.id = \(id)"
    }

    static func guesses(ofDrawing id: String) -> SQLQuery {
        "\(sql: DrawingColumns.guessers) WHERE guess.drawing_id = \(id) ORDER BY guess.position"
    }

    static func drawings(ofGame id: String) -> SQLQuery {
        "\(sql: DrawingColumns.summary) WHERE drawing.game_id = \(id) ORDER BY drawing.started_at, drawing.id"
    }

    /// A telephone game's entries, chain by chain, each with its player's current name (else its
    /// drawing's drawer's) and face; an entry whose drawing an operator deleted reads as nothing
    /// drawn, through the join.
    static func chainEntries(ofGame id: String) -> SQLQuery {
        """
        SELECT game_chain_entry.chain, game_chain_entry.kind, game_chain_entry.player_id, game_chain_entry.text,
               drawing.id AS drawing_id, COALESCE(player.name, drawing.drawer_name) AS name,
               player.avatar_color, player.avatar_eyes, player.avatar_mouth
        FROM game_chain_entry
        LEFT JOIN player ON player.id = game_chain_entry.player_id
        LEFT JOIN drawing ON drawing.id = game_chain_entry.drawing_id
        WHERE game_chain_entry.game_id = \(id)
        ORDER BY game_chain_entry.chain, game_chain_entry.position
        """
    }

    /// A telephone drawing is listed only once its game is stored: until the game ends the chains
    /// are secret (PROTOCOL.md rev 5, "Secrecy"), and the drawer's page must not show the others
    /// of a running game what it drew. A game that never ends (its room emptied) keeps them unlisted.
    private static let listedOnItsDrawersPage =
        "(drawing.kind = '\(DrawingKind.party.rawValue)' OR EXISTS (SELECT 1 FROM game WHERE game.id = drawing.game_id))"

    static func drawings(by playerId: PlayerID, before: DrawingCursor?, limit: Int) -> SQLQuery {
        guard let before else {
            return """
                \(sql: DrawingColumns.summary) WHERE drawing.drawer_id = \(playerId) AND \(sql: listedOnItsDrawersPage)
                ORDER BY drawing.ended_at DESC, drawing.id DESC LIMIT \(limit)
                """
        }
        return """
            \(sql: DrawingColumns.summary)
            WHERE drawing.drawer_id = \(playerId) AND (drawing.ended_at, drawing.id) < (\(before.endedAt), \(before.id))
                AND \(sql: listedOnItsDrawersPage)
            ORDER BY drawing.ended_at DESC, drawing.id DESC LIMIT \(limit)
            """
    }

    static func drawingEndedAt(id: String) -> SQLQuery {
        "SELECT ended_at FROM drawing WHERE id = \(id)"
    }
}
