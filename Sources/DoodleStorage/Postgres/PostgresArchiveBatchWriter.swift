import DoodleCore
import Foundation
import PostgresNIO

/// `ArchiveBatchWriter` on PostgreSQL: one transaction per batch, every insert
/// `ON CONFLICT DO NOTHING` so a batch retried after its commit stores nothing twice. Durable
/// once `COMMIT` returns (PostgreSQL's default `synchronous_commit`: the WAL is flushed first).
struct PostgresArchiveBatchWriter: ArchiveBatchWriter {
    let database: PostgresArchiveDatabase
    /// How long a batch may take, waiting for a connection included, before it counts as an
    /// outage and is retried: the pool waits for ever for a server it cannot reach.
    var timeoutSeconds = 10

    func write(_ writes: [PreparedWrite]) async throws {
        let database = database
        let seconds = timeoutSeconds
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await database.transaction { session in
                        var transaction = try await PostgresArchiveTransaction(session)
                        for write in writes {
                            try await transaction.write(write)
                        }
                    }
                } catch {
                    // Told in words for the writer's log; isOutage looks through it.
                    throw PostgresFailure(error, while: "writing a batch of \(writes.count) saves")
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw PostgresUnavailable(seconds: seconds)
            }
            defer { group.cancelAll() }
            try await group.next()
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

    mutating func write(_ write: PreparedWrite) async throws {
        switch write {
        case .drawing(let drawing, let record, let itemCount, let pointCount):
            try await insertDrawing(drawing, record: record, itemCount: itemCount, pointCount: pointCount)
        case .game(let game, let settingsJSON):
            try await insertGame(game, settingsJSON: settingsJSON)
        case .session(let playerSession):
            let deleted = try await isDeleted(playerSession.playerId)
            try await PostgresPlayerTable.upsertSession(playerSession, in: session, playerIsDeleted: deleted)
        }
    }

    private mutating func insertDrawing(_ drawing: FinishedDrawing, record: Data, itemCount: Int, pointCount: Int) async throws {
        let drawerDeleted = try await isDeleted(drawing.drawerId)
        let drawerId: String? = drawerDeleted ? nil : drawing.drawerId
        let drawerName: String? = drawerDeleted ? nil : drawing.drawerName
        let inserted = try await session.value(
            """
            INSERT INTO drawing (id, game_id, room_code, word, drawer_id, drawer_name, drawer_gained,
                                 started_at, ended_at, item_count, point_count, record)
            VALUES (\(drawing.id), \(drawing.gameId), \(drawing.roomCode), \(drawing.word), \(drawerId), \(drawerName),
                    \(drawing.drawerGained), \(drawing.startedAt), \(drawing.endedAt), \(itemCount), \(pointCount), \(record))
            ON CONFLICT (id) DO NOTHING RETURNING true
            """, as: Bool.self)
        guard inserted != nil else { return }
        for (position, guess) in drawing.guessers.enumerated() {
            let playerId: String? = try await isDeleted(guess.playerId) ? nil : guess.playerId
            try await session.execute(
                """
                INSERT INTO guess (drawing_id, position, player_id, gained, at_ms)
                VALUES (\(drawing.id), \(position), \(playerId), \(guess.gained), \(guess.atMilliseconds))
                """)
        }
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
