import DoodleCore
import GRDB

/// Writes to `reaction` inside the caller's write transaction (the archive writer's batch).
enum SQLiteReactionTable {
    /// Makes `reaction` its member's latest on its drawing: a like or dislike replaces an earlier
    /// one, `none` removes it. A reaction older than the one stored changes nothing (a save set
    /// aside and retried late must not undo a newer one), nor does one whose drawing is not stored.
    static func apply(_ reaction: DrawingReaction, in db: Database) throws {
        switch reaction.reaction {
        case .like, .dislike:
            try db.cachedStatement(sql: upsertSQL).execute(arguments: [
                "drawing_id": reaction.drawingId, "player_id": reaction.playerId, "reaction": reaction.reaction.rawValue, "at": reaction.at,
            ])
        case .none:
            try db.cachedStatement(sql: deleteSQL).execute(arguments: [
                "drawing_id": reaction.drawingId, "player_id": reaction.playerId, "at": reaction.at,
            ])
        }
    }

    // The SELECT from `drawing` is what drops a reaction to a drawing deleted meanwhile: it inserts
    // no row, where a VALUES row would fail the foreign key, and with it the whole batch.
    private static let upsertSQL = """
        INSERT INTO reaction (drawing_id, player_id, reaction, at)
        SELECT drawing.id, :player_id, :reaction, :at FROM drawing WHERE drawing.id = :drawing_id
        ON CONFLICT (drawing_id, player_id) DO UPDATE SET reaction = excluded.reaction, at = excluded.at
        WHERE excluded.at >= reaction.at
        """

    private static let deleteSQL = "DELETE FROM reaction WHERE drawing_id = :drawing_id AND player_id = :player_id AND at <= :at"
}
