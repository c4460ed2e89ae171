import DoodleCore

extension SQLModerationStore {
    /// A party game's drawing goes with its guesses and reactions (their foreign keys cascade);
    /// the game keeps its row and ranking and lists its other drawings. A pair drawing goes with
    /// the pushes still queued about it. Widget heads are computed from `pair_drawing` on every
    /// read (`latestReceivedHead`), so the recipient's falls back to the drawing before at once.
    /// Reports keep the id as they were filed. Each DELETE returns what it removed, so a deletion
    /// racing another finds the row once.
    func deleteDrawing(id: String) async throws -> DeletedDrawing? {
        try await database.write { session in
            if let gameId = try session.value("DELETE FROM drawing WHERE id = \(id) RETURNING game_id", as: String.self) {
                return .party(gameId: gameId)
            }
            guard let row = try session.row("DELETE FROM pair_drawing WHERE id = \(id) RETURNING pair_id, sender_id, recipient_id") else {
                return nil
            }
            let pair = PairDrawingDeletion(
                drawingId: id, pairId: try row("pair_id"), senderId: try row("sender_id"), recipientId: try row("recipient_id"))
            let keys = pair.notificationKeys
            if !keys.isEmpty {
                try session.execute("DELETE FROM notification WHERE key IN (\(list: keys))")
            }
            return pair.deleted
        }
    }
}
