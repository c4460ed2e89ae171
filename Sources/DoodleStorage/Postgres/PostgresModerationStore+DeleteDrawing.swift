import DoodleCore
import PostgresNIO

extension PostgresModerationStore {
    /// As `SQLiteModerationStore.deleteDrawing`: guesses and reactions cascade, a pair drawing's
    /// queued pushes go with it, widget heads are computed on every read. Each DELETE returns
    /// what it removed, so a deletion racing another finds the row once.
    public func deleteDrawing(id: String) async throws -> DeletedDrawing? {
        try await database.transaction { session in
            if let gameId = try await session.value("DELETE FROM drawing WHERE id = \(id) RETURNING game_id", as: String.self) {
                return .party(gameId: gameId)
            }
            guard
                let row = try await session.row("DELETE FROM pair_drawing WHERE id = \(id) RETURNING pair_id, sender_id, recipient_id")
            else { return nil }
            let pair = PairDrawingDeletion(
                drawingId: id, pairId: try row("pair_id"), senderId: try row("sender_id"), recipientId: try row("recipient_id"))
            let keys = pair.notificationKeys
            if !keys.isEmpty {
                try await session.execute("DELETE FROM notification WHERE key = ANY(\(keys))")
            }
            return pair.deleted
        }
    }
}
