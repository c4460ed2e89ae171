import DoodleCore
import Foundation
import GRDB

/// Writes prepared saves inside one open write transaction, with cached prepared statements.
///
/// Every insert is idempotent (`ON CONFLICT DO NOTHING` on the record's id), so a batch that is
/// retried after an error that happened after its commit stores nothing twice, and a game's
/// totals are added once.
struct SQLiteArchiveTransaction {
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
            try SQLitePlayerTable.upsertSession(session, in: db, playerIsDeleted: try isDeleted(session.playerId))
        case .reaction(let reaction):
            try applyReaction(reaction)
        }
    }

    private mutating func insertDrawing(_ drawing: FinishedDrawing, record: Data, itemCount: Int, pointCount: Int) throws {
        let drawerDeleted = try isDeleted(drawing.drawerId)
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO drawing (id, game_id, room_code, word, drawer_id, drawer_name, drawer_gained,
                                     started_at, ended_at, item_count, point_count, record)
                VALUES (:id, :game_id, :room_code, :word, :drawer_id, :drawer_name, :drawer_gained,
                        :started_at, :ended_at, :item_count, :point_count, :record)
                ON CONFLICT (id) DO NOTHING
                """)
        try insert.execute(arguments: [
            "id": drawing.id, "game_id": drawing.gameId, "room_code": drawing.roomCode, "word": drawing.word,
            "drawer_id": drawerDeleted ? nil : drawing.drawerId, "drawer_name": drawerDeleted ? nil : drawing.drawerName,
            "drawer_gained": drawing.drawerGained, "started_at": drawing.startedAt, "ended_at": drawing.endedAt,
            "item_count": itemCount, "point_count": pointCount, "record": record,
        ])
        // Guesses and reactions only with a new row: a retried drawing has its own already, and
        // reactions stored after it must not be overwritten by those it was handed over with.
        guard db.changesCount > 0 else { return }
        if !drawing.guessers.isEmpty {
            let insertGuess = try db.cachedStatement(
                sql: """
                    INSERT INTO guess (drawing_id, position, player_id, gained, at_ms)
                    VALUES (:drawing_id, :position, :player_id, :gained, :at_ms)
                    """)
            for (position, guess) in drawing.guessers.enumerated() {
                let guesserDeleted = try isDeleted(guess.playerId)
                try insertGuess.execute(arguments: [
                    "drawing_id": drawing.id, "position": position, "player_id": guesserDeleted ? nil : guess.playerId,
                    "gained": guess.gained, "at_ms": guess.atMilliseconds,
                ])
            }
        }
        for reaction in drawing.reactions {
            try applyReaction(reaction)
        }
    }

    /// A reaction, unless its member deleted itself meanwhile: its reactions went with it.
    private mutating func applyReaction(_ reaction: DrawingReaction) throws {
        guard try !isDeleted(reaction.playerId) else { return }
        try SQLiteReactionTable.apply(reaction, in: db)
    }

    /// The game row, its ranking, and each ranked player's all-time totals, together.
    private mutating func insertGame(_ game: FinishedGame, settingsJSON: String) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT INTO game (id, room_code, mode, reason, settings, started_at, ended_at)
                VALUES (:id, :room_code, :mode, :reason, :settings, :started_at, :ended_at)
                ON CONFLICT (id) DO NOTHING
                """)
        try insert.execute(arguments: [
            "id": game.id, "room_code": game.roomCode, "mode": game.mode.rawValue, "reason": game.reason.rawValue,
            "settings": settingsJSON, "started_at": game.startedAt, "ended_at": game.endedAt,
        ])
        guard db.changesCount > 0 else { return }
        let insertLine = try db.cachedStatement(
            sql: """
                INSERT INTO game_player (game_id, position, player_id, name, score, rank)
                VALUES (:game_id, :position, :player_id, :name, :score, :rank)
                """)
        for (position, line) in game.ranking.enumerated() {
            let deleted = try isDeleted(line.playerId)
            try insertLine.execute(arguments: [
                "game_id": game.id, "position": position, "player_id": deleted ? nil : line.playerId,
                "name": deleted ? nil : line.name, "score": line.score, "rank": line.rank,
            ])
            if !deleted {
                try SQLitePlayerTable.addGameResult(line, endedAt: game.endedAt, in: db)
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
