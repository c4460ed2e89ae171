import DoodleCore
import Foundation
import GRDB

/// Writes prepared saves inside one open write transaction, with cached prepared statements.
///
/// Every insert is idempotent (`ON CONFLICT DO NOTHING` on the record's id), so a batch that is
/// retried after an error that happened after its commit stores nothing twice, and a game's
/// totals are added once.
struct ArchiveTransaction {
    private let db: Database
    /// Whether any player ever deleted itself; if none did, no lookups are needed.
    private let anyDeletedPlayer: Bool
    private var deletedPlayers: [PlayerID: Bool] = [:]

    init(_ db: Database) throws {
        self.db = db
        anyDeletedPlayer = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM deleted_player)") ?? false
    }

    mutating func write(_ write: PreparedWrite) throws {
        switch write {
        case .drawing(let drawing, let record, let itemCount, let pointCount):
            try insertDrawing(drawing, record: record, itemCount: itemCount, pointCount: pointCount)
        case .game(let game, let settingsJSON):
            try insertGame(game, settingsJSON: settingsJSON)
        case .session(let session):
            try PlayerTable.upsertSession(session, in: db, playerIsDeleted: try isDeleted(session.playerId))
        }
    }

    private mutating func insertDrawing(_ drawing: FinishedDrawing, record: Data, itemCount: Int, pointCount: Int) throws {
        let drawerDeleted = try isDeleted(drawing.drawerId)
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO drawing (id, game_id, room_code, word, drawer_id, drawer_name, drawer_gained,
                                     started_at, ended_at, item_count, point_count, record)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """)
        try insert.execute(arguments: [
            drawing.id, drawing.gameId, drawing.roomCode, drawing.word,
            drawerDeleted ? nil : drawing.drawerId, drawerDeleted ? nil : drawing.drawerName, drawing.drawerGained,
            drawing.startedAt, drawing.endedAt, itemCount, pointCount, record,
        ])
        guard db.changesCount > 0, !drawing.guessers.isEmpty else { return }
        let insertGuess = try db.cachedStatement(
            sql: "INSERT INTO guess (drawing_id, position, player_id, gained, at_ms) VALUES (?, ?, ?, ?, ?)")
        for (position, guess) in drawing.guessers.enumerated() {
            let guesserDeleted = try isDeleted(guess.playerId)
            try insertGuess.execute(arguments: [
                drawing.id, position, guesserDeleted ? nil : guess.playerId, guess.gained, guess.atMilliseconds,
            ])
        }
    }

    /// The game row, its ranking, and each ranked player's all-time totals, together.
    private mutating func insertGame(_ game: FinishedGame, settingsJSON: String) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO game (id, room_code, mode, reason, settings, started_at, ended_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """)
        try insert.execute(arguments: [
            game.id, game.roomCode, game.mode.rawValue, game.reason.rawValue, settingsJSON, game.startedAt, game.endedAt,
        ])
        guard db.changesCount > 0 else { return }
        let insertLine = try db.cachedStatement(
            sql: "INSERT INTO game_player (game_id, position, player_id, name, score, rank) VALUES (?, ?, ?, ?, ?, ?)")
        for (position, line) in game.ranking.enumerated() {
            let deleted = try isDeleted(line.playerId)
            try insertLine.execute(arguments: [
                game.id, position, deleted ? nil : line.playerId, deleted ? nil : line.name, line.score, line.rank,
            ])
            if !deleted {
                try PlayerTable.addGameResult(line, endedAt: game.endedAt, in: db)
            }
        }
    }

    private mutating func isDeleted(_ playerId: PlayerID) throws -> Bool {
        guard anyDeletedPlayer else { return false }
        if let known = deletedPlayers[playerId] { return known }
        let lookup = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM deleted_player WHERE id = ?)")
        let deleted = try Bool.fetchOne(lookup, arguments: [playerId]) ?? false
        deletedPlayers[playerId] = deleted
        return deleted
    }
}
