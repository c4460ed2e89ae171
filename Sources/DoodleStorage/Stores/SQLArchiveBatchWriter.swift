import DoodleCore
import Foundation

/// `ArchiveBatchWriter` on either database: one transaction per batch, every insert
/// `ON CONFLICT DO NOTHING` on the record's id, so a batch retried after its commit stores
/// nothing twice and a game's totals are added once. Durable once the commit returns: on
/// SQLite because the file runs in WAL mode with `synchronous=NORMAL`, which keeps every
/// committed transaction through a process crash; on PostgreSQL by its default
/// `synchronous_commit`, which flushes the WAL first.
struct SQLArchiveBatchWriter: ArchiveBatchWriter {
    let database: any SQLDatabase
    /// How long a batch may take, waiting for a connection included, before it counts as an
    /// outage and is retried (`SQLDatabase.write(timeLimit:_:)`).
    var timeoutSeconds = 10

    func write(_ writes: [PreparedWrite]) async throws {
        do {
            try await database.write(timeLimit: timeoutSeconds) { session in
                var transaction = try ArchiveTransaction(session)
                try transaction.write(writes)
            }
        } catch {
            // Told in words for the writer's log; isOutage looks through it.
            throw database.explained(error, while: "writing a batch of \(writes.count) saves")
        }
    }

    func isOutage(_ error: any Error) -> Bool {
        database.isOutage(error)
    }
}

/// The writes of one batch inside its open transaction.
struct ArchiveTransaction {
    private typealias Drawing = (drawing: FinishedDrawing, record: Data, itemCount: Int, pointCount: Int)

    private let session: SQLSession
    /// Whether any player ever deleted itself; if none did, no lookups are needed.
    private let anyDeletedPlayer: Bool
    private var deletedPlayers: [PlayerID: Bool] = [:]

    init(_ session: SQLSession) throws {
        self.session = session
        anyDeletedPlayer = try session.value("SELECT EXISTS (SELECT 1 FROM deleted_player)", as: Bool.self) ?? false
    }

    /// Writes a batch: its drawings first, with their guesses (as few statements as the dialect
    /// wants: on PostgreSQL a statement is a round trip and a batch holds up to 256 drawings),
    /// then its games and sessions one by one, in the order given, and last its reactions (each
    /// after its drawing, which is written first whatever its place in the batch).
    mutating func write(_ writes: [PreparedWrite]) throws {
        var drawings: [Drawing] = []
        for write in writes {
            if case .drawing(let drawing, let record, let itemCount, let pointCount) = write {
                drawings.append((drawing, record, itemCount, pointCount))
            }
        }
        var inserted = Set<String>()
        for chunk in drawings.chunks(of: session.dialect.rowsPerInsert(columns: 13)) {
            inserted.formUnion(try insertDrawings(chunk))
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
                try insertGame(game, settingsJSON: settingsJSON)
            case .session(let playerSession):
                try PlayerTable.upsertSession(playerSession, in: session, playerIsDeleted: try isDeleted(playerSession.playerId))
            case .checkpoint(let checkpoint):
                try CheckpointTable.write(checkpoint, in: session)
            case .checkpointRemoval(let code, let nodeId):
                try CheckpointTable.delete(code: code, by: nodeId, in: session)
            }
        }
        // A member who deleted itself meanwhile took its reactions with it.
        var kept: [DrawingReaction] = []
        for reaction in reactions {
            if try !isDeleted(reaction.playerId) { kept.append(reaction) }
        }
        try ReactionTable.apply(kept, in: session)
    }

    /// Inserts drawings new to the database with their guesses; returns the ids of those it inserted.
    private mutating func insertDrawings(_ drawings: ArraySlice<Drawing>) throws -> Set<String> {
        var rows: [[SQLValue]] = []
        rows.reserveCapacity(drawings.count)
        for item in drawings {
            let drawing = item.drawing
            let drawerDeleted = try isDeleted(drawing.drawerId)
            rows.append([
                drawing.id.sqlValue, drawing.kind.rawValue.sqlValue, drawing.gameId.sqlValue, drawing.roomCode.sqlValue, drawing.word.sqlValue,
                drawerDeleted ? .null : drawing.drawerId.sqlValue, drawerDeleted ? .null : drawing.drawerName.sqlValue,
                drawing.drawerGained.sqlValue, drawing.startedAt.sqlValue, drawing.endedAt.sqlValue, item.itemCount.sqlValue,
                item.pointCount.sqlValue, item.record.sqlValue,
            ])
        }
        let insert: SQLQuery = """
            INSERT INTO drawing (id, kind, game_id, room_code, word, drawer_id, drawer_name, drawer_gained,
                                 started_at, ended_at, item_count, point_count, record)
            VALUES \(rows: rows)
            ON CONFLICT (id) DO NOTHING
            """
        var inserted = Set<String>()
        if let only = drawings.first, drawings.count == 1 {
            // One row says whether it was new by the rows it changed: no RETURNING to read.
            if try session.execute(insert) > 0 { inserted.insert(only.drawing.id) }
        } else {
            for row in try session.rows(insert + " RETURNING id") {
                inserted.insert(try row("id"))
            }
        }
        // Guesses only for drawings new in this transaction: a retried drawing has its guesses.
        var guesses: [[SQLValue]] = []
        for item in drawings where inserted.contains(item.drawing.id) {
            for (position, guess) in item.drawing.guessers.enumerated() {
                let playerId: String? = try isDeleted(guess.playerId) ? nil : guess.playerId
                guesses.append([
                    item.drawing.id.sqlValue, position.sqlValue, playerId.sqlValue, guess.gained.sqlValue, guess.atMilliseconds.sqlValue,
                ])
            }
        }
        for chunk in guesses.chunks(of: session.dialect.rowsPerInsert(columns: 5)) {
            try session.execute("INSERT INTO guess (drawing_id, position, player_id, gained, at_ms) VALUES \(rows: Array(chunk))")
        }
        return inserted
    }

    /// The game row, its ranking, each ranked player's all-time totals and a telephone game's
    /// chains, together: a game stored already (a batch retried, a room restored) adds nothing.
    private mutating func insertGame(_ game: FinishedGame, settingsJSON: String) throws {
        let inserted = try session.execute(
            """
            INSERT INTO game (id, room_code, mode, reason, settings, started_at, ended_at)
            VALUES (\(game.id), \(game.roomCode), \(game.mode.rawValue), \(game.reason.rawValue), \(settingsJSON),
                    \(game.startedAt), \(game.endedAt))
            ON CONFLICT (id) DO NOTHING
            """)
        guard inserted > 0 else { return }
        for (position, line) in game.ranking.enumerated() {
            let deleted = try isDeleted(line.playerId)
            let playerId: String? = deleted ? nil : line.playerId
            let name: String? = deleted ? nil : line.name
            try session.execute(
                """
                INSERT INTO game_player (game_id, position, player_id, name, score, rank, bot)
                VALUES (\(game.id), \(position), \(playerId), \(name), \(line.score), \(line.rank), \(line.bot))
                """)
            // Every line shows in the game's ranking; only some count in their player's totals.
            if !deleted && GameTally.counts(line, of: game) {
                try PlayerTable.addGameResult(line, endedAt: game.endedAt, in: session)
            }
        }
        try insertChains(of: game)
    }

    /// A telephone game's chains, an entry a row keyed by its chain and its place in it.
    private mutating func insertChains(of game: FinishedGame) throws {
        var rows: [[SQLValue]] = []
        for (chain, entries) in game.chains.enumerated() {
            for (position, entry) in entries.enumerated() {
                let playerId: String? = try isDeleted(entry.playerId) ? nil : entry.playerId
                rows.append([
                    game.id.sqlValue, chain.sqlValue, position.sqlValue, entry.kind.rawValue.sqlValue, playerId.sqlValue,
                    entry.text.sqlValue, entry.drawingId.sqlValue,
                ])
            }
        }
        for chunk in rows.chunks(of: session.dialect.rowsPerInsert(columns: 7)) {
            try session.execute(
                """
                INSERT INTO game_chain_entry (game_id, chain, position, kind, player_id, text, drawing_id)
                VALUES \(rows: Array(chunk))
                """)
        }
    }

    private mutating func isDeleted(_ playerId: PlayerID) throws -> Bool {
        guard anyDeletedPlayer else { return false }
        if let known = deletedPlayers[playerId] { return known }
        let deleted = try session.value("SELECT EXISTS (SELECT 1 FROM deleted_player WHERE id = \(playerId))", as: Bool.self) ?? false
        deletedPlayers[playerId] = deleted
        return deleted
    }
}
