import DoodleCore
import GRDB

extension SQLiteModerationStore {
    /// A party game's drawing goes with its guesses and reactions (their foreign keys cascade);
    /// the game keeps its row and ranking and lists its other drawings. A pair drawing goes with
    /// the pushes still queued about it. Widget heads are computed from `pair_drawing` on every
    /// read (`latestReceivedHead`), so the recipient's falls back to the drawing before at once.
    /// Reports keep the id as they were filed.
    public func deleteDrawing(id: String) async throws -> DeletedDrawing? {
        try await database.connection.write { db in
            if let gameId = try String.fetchOne(db, sql: "SELECT game_id FROM drawing WHERE id = ?", arguments: [id]) {
                try db.execute(sql: "DELETE FROM drawing WHERE id = ?", arguments: [id])
                return .party(gameId: gameId)
            }
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT pair_id, sender_id, recipient_id FROM pair_drawing WHERE id = ?", arguments: [id])
            else { return nil }
            let pair = PairDrawingDeletion(drawingId: id, pairId: row["pair_id"], senderId: row["sender_id"], recipientId: row["recipient_id"])
            try db.execute(sql: "DELETE FROM pair_drawing WHERE id = ?", arguments: [id])
            let keys = pair.notificationKeys
            if !keys.isEmpty {
                try db.execute(
                    sql: "DELETE FROM notification WHERE key IN (\(databaseQuestionMarks(count: keys.count)))",
                    arguments: StatementArguments(keys))
            }
            return pair.deleted
        }
    }
}
