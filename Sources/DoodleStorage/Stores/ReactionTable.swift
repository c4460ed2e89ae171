import DoodleCore

/// Writes to `reaction` inside the archive writer's open transaction.
enum ReactionTable {
    private struct Key: Hashable {
        let drawingId: String
        let playerId: PlayerID
    }

    /// Makes each reaction its member's latest on its drawing, as applying them one at a time in
    /// the order given would: a like or dislike replaces an older one, `none` removes it, one
    /// older than the one stored changes nothing (a save set aside and retried late must not undo
    /// a newer one), and one whose drawing is not stored is dropped.
    static func apply(_ reactions: [DrawingReaction], in session: SQLSession) throws {
        // One statement may not touch a row twice: per member and drawing only the one that wins
        // is written, the newest, the later given on a tie (what applying them in order leaves).
        var winners: [Key: DrawingReaction] = [:]
        for reaction in reactions {
            let key = Key(drawingId: reaction.drawingId, playerId: reaction.playerId)
            if let kept = winners[key], kept.at > reaction.at { continue }
            winners[key] = reaction
        }
        let given = winners.values.sorted { ($0.drawingId, $0.playerId) < ($1.drawingId, $1.playerId) }
        let stored = given.filter { $0.reaction != .none }
        let withdrawn = given.filter { $0.reaction == .none }
        for rows in stored.chunks(of: session.dialect.rowsPerInsert(columns: 4)) {
            try upsert(rows, in: session)
        }
        for rows in withdrawn.chunks(of: session.dialect.rowsPerInsert(columns: 3)) {
            try delete(rows, in: session)
        }
    }

    // The EXISTS on `drawing` drops a reaction to a drawing deleted meanwhile rather than failing
    // the batch on the foreign key. (On PostgreSQL a deletion committed between this statement's
    // start and its foreign-key check still fails it; the writer then writes the batch's saves one
    // by one, and this reaction alone finds no drawing.) The WHERE also keeps SQLite's parser
    // from reading `ON CONFLICT` as a join's.
    private static func upsert(_ reactions: ArraySlice<DrawingReaction>, in session: SQLSession) throws {
        let rows = reactions.map { [$0.drawingId.sqlValue, $0.playerId.sqlValue, $0.reaction.rawValue.sqlValue, $0.at.sqlValue] }
        try session.execute(
            """
            WITH given (drawing_id, player_id, reaction, at) AS (VALUES \(rows: rows))
            INSERT INTO reaction (drawing_id, player_id, reaction, at)
            SELECT given.drawing_id, given.player_id, given.reaction, given.at FROM given
            WHERE EXISTS (SELECT 1 FROM drawing WHERE drawing.id = given.drawing_id \(.bytewise))
            ON CONFLICT (drawing_id, player_id) DO UPDATE SET reaction = excluded.reaction, at = excluded.at
            WHERE excluded.at >= reaction.at
            """)
    }

    private static func delete(_ reactions: ArraySlice<DrawingReaction>, in session: SQLSession) throws {
        let rows = reactions.map { [$0.drawingId.sqlValue, $0.playerId.sqlValue, $0.at.sqlValue] }
        try session.execute(
            """
            WITH given (drawing_id, player_id, at) AS (VALUES \(rows: rows))
            DELETE FROM reaction WHERE EXISTS (
                SELECT 1 FROM given
                WHERE reaction.drawing_id = given.drawing_id \(.bytewise) AND reaction.player_id = given.player_id \(.bytewise)
                  AND reaction.at <= given.at)
            """)
    }
}
