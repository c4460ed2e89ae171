import DoodleCore
import Foundation
import PostgresNIO

/// `ArchiveBatchWriter` on PostgreSQL: one transaction per batch, every insert
/// `ON CONFLICT DO NOTHING` so a batch retried after its commit stores nothing twice. Durable
/// once `COMMIT` returns (PostgreSQL's default `synchronous_commit`: the WAL is flushed first).
struct PostgresArchiveBatchWriter: ArchiveBatchWriter {
    let database: PostgresArchiveDatabase
    /// How long a batch may take, waiting for a connection included, before it counts as an
    /// outage and is retried: past it the batch's connection is closed, which ends a statement
    /// the server never answers (`PostgresArchiveDatabase.transaction(timeLimit:_:)`).
    var timeoutSeconds = 10

    func write(_ writes: [PreparedWrite]) async throws {
        do {
            try await database.transaction(timeLimit: timeoutSeconds) { session in
                var transaction = try await PostgresArchiveTransaction(session)
                try await transaction.write(writes)
            }
        } catch let unavailable as PostgresUnavailable {
            throw unavailable
        } catch {
            // Told in words for the writer's log; isOutage looks through it.
            throw PostgresFailure(error, while: "writing a batch of \(writes.count) saves")
        }
    }

    func isOutage(_ error: any Error) -> Bool {
        PostgresErrorKind(error) == .outage
    }
}

/// The writes of one batch inside its open transaction; the twin of `SQLiteArchiveTransaction`.
struct PostgresArchiveTransaction {
    private let session: PostgresSession
    /// Whether any player ever deleted itself; if none did, no lookups are needed.
    private let anyDeletedPlayer: Bool
    private var deletedPlayers: [PlayerID: Bool] = [:]

    init(_ session: PostgresSession) async throws {
        self.session = session
        anyDeletedPlayer = try await session.value("SELECT EXISTS (SELECT 1 FROM deleted_player)", as: Bool.self) ?? false
    }

    /// Writes a batch: its drawings with one multi-row statement for the drawings and one for
    /// their guesses (a statement is a round trip to the server, and a batch holds up to 256
    /// drawings), then its games and sessions one by one, in the order given, and last its
    /// reactions in two statements (each after its drawing, which is written first whatever
    /// its place in the batch).
    mutating func write(_ writes: [PreparedWrite]) async throws {
        var drawings: [(drawing: FinishedDrawing, record: Data, itemCount: Int, pointCount: Int)] = []
        for write in writes {
            if case .drawing(let drawing, let record, let itemCount, let pointCount) = write {
                drawings.append((drawing, record, itemCount, pointCount))
            }
        }
        // Bound parameters per statement are limited to 65,535: 12 per drawing.
        var inserted = Set<String>()
        for start in stride(from: 0, to: drawings.count, by: 1_000) {
            inserted.formUnion(try await insertDrawings(drawings[start..<min(start + 1_000, drawings.count)]))
        }
        // In the order they apply: a new drawing's own (a retried one has its own already, and
        // reactions stored since must not be overwritten by them), and those submitted, in turn.
        var reactions: [DrawingReaction] = []
        for write in writes {
            switch write {
            case .drawing(let drawing, _, _, _):
                if inserted.contains(drawing.id) { reactions += drawing.reactions }
            case .reaction(let reaction):
                reactions.append(reaction)
            case .game(let game, let settingsJSON):
                try await insertGame(game, settingsJSON: settingsJSON)
            case .session(let playerSession):
                let deleted = try await isDeleted(playerSession.playerId)
                try await PostgresPlayerTable.upsertSession(playerSession, in: session, playerIsDeleted: deleted)
            }
        }
        // A member who deleted itself meanwhile took its reactions with it.
        var kept: [DrawingReaction] = []
        for reaction in reactions {
            if try await !isDeleted(reaction.playerId) { kept.append(reaction) }
        }
        try await PostgresReactionTable.apply(kept, in: session)
    }

    /// Inserts drawings new to the database with their guesses; returns the ids of those it inserted.
    private mutating func insertDrawings(
        _ drawings: ArraySlice<(drawing: FinishedDrawing, record: Data, itemCount: Int, pointCount: Int)>
    ) async throws -> Set<String> {
        guard !drawings.isEmpty else { return [] }
        var sql = """
            INSERT INTO drawing (id, game_id, room_code, word, drawer_id, drawer_name, drawer_gained,
                                 started_at, ended_at, item_count, point_count, record) VALUES
            """
        var bindings = PostgresBindings(capacity: drawings.count * 12)
        for (index, item) in drawings.enumerated() {
            let drawing = item.drawing
            let drawerDeleted = try await isDeleted(drawing.drawerId)
            let drawerId: String? = drawerDeleted ? nil : drawing.drawerId
            let drawerName: String? = drawerDeleted ? nil : drawing.drawerName
            sql += (index == 0 ? " " : ", ") + Self.placeholders(row: index, columns: 12)
            bindings.append(drawing.id)
            bindings.append(drawing.gameId)
            bindings.append(drawing.roomCode)
            bindings.append(drawing.word)
            bindings.append(drawerId)
            bindings.append(drawerName)
            bindings.append(drawing.drawerGained)
            bindings.append(drawing.startedAt)
            bindings.append(drawing.endedAt)
            bindings.append(item.itemCount)
            bindings.append(item.pointCount)
            try bindings.append(item.record)
        }
        sql += " ON CONFLICT (id) DO NOTHING RETURNING id"
        var inserted = Set<String>()
        for row in try await session.rows(PostgresQuery(unsafeSQL: sql, binds: bindings)) {
            inserted.insert(try row("id"))
        }
        // Guesses only for drawings new in this transaction: a retried drawing has its guesses.
        var guesses: [(drawingId: String, position: Int, playerId: String?, gained: Int, atMilliseconds: Int64)] = []
        for item in drawings where inserted.contains(item.drawing.id) {
            for (position, guess) in item.drawing.guessers.enumerated() {
                let playerId: String? = try await isDeleted(guess.playerId) ? nil : guess.playerId
                guesses.append((item.drawing.id, position, playerId, guess.gained, guess.atMilliseconds))
            }
        }
        // 5 parameters a guess, under the 65,535 a statement may bind.
        for start in stride(from: 0, to: guesses.count, by: 10_000) {
            var sql = "INSERT INTO guess (drawing_id, position, player_id, gained, at_ms) VALUES"
            var bindings = PostgresBindings()
            for (row, guess) in guesses[start..<min(start + 10_000, guesses.count)].enumerated() {
                sql += (row == 0 ? " " : ", ") + Self.placeholders(row: row, columns: 5)
                bindings.append(guess.drawingId)
                bindings.append(guess.position)
                bindings.append(guess.playerId)
                bindings.append(guess.gained)
                bindings.append(guess.atMilliseconds)
            }
            try await session.execute(PostgresQuery(unsafeSQL: sql, binds: bindings))
        }
        return inserted
    }

    /// `($1, $2, …)` for row `row` of a multi-row VALUES list of `columns` columns.
    static func placeholders(row: Int, columns: Int) -> String {
        "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
    }

    /// The game row, its ranking, and each ranked player's all-time totals, together.
    private mutating func insertGame(_ game: FinishedGame, settingsJSON: String) async throws {
        let inserted = try await session.value(
            """
            INSERT INTO game (id, room_code, mode, reason, settings, started_at, ended_at)
            VALUES (\(game.id), \(game.roomCode), \(game.mode.rawValue), \(game.reason.rawValue), \(settingsJSON),
                    \(game.startedAt), \(game.endedAt))
            ON CONFLICT (id) DO NOTHING RETURNING true
            """, as: Bool.self)
        guard inserted != nil else { return }
        for (position, line) in game.ranking.enumerated() {
            let deleted = try await isDeleted(line.playerId)
            let playerId: String? = deleted ? nil : line.playerId
            let name: String? = deleted ? nil : line.name
            try await session.execute(
                """
                INSERT INTO game_player (game_id, position, player_id, name, score, rank)
                VALUES (\(game.id), \(position), \(playerId), \(name), \(line.score), \(line.rank))
                """)
            if !deleted {
                try await PostgresPlayerTable.addGameResult(line, endedAt: game.endedAt, in: session)
            }
        }
    }

    private mutating func isDeleted(_ playerId: PlayerID) async throws -> Bool {
        guard anyDeletedPlayer else { return false }
        if let known = deletedPlayers[playerId] { return known }
        let deleted = try await session.value("SELECT EXISTS (SELECT 1 FROM deleted_player WHERE id = \(playerId))", as: Bool.self) ?? false
        deletedPlayers[playerId] = deleted
        return deleted
    }
}
