import DoodleCore
import PostgresNIO

/// Writes to `reaction` inside the archive writer's open transaction; the twin of
/// `SQLiteReactionTable`, a batch's reactions in two statements rather than one each.
enum PostgresReactionTable {
    private struct Key: Hashable {
        let drawingId: String
        let playerId: PlayerID
    }

    /// Makes each reaction its member's latest on its drawing, as `SQLiteReactionTable.apply`
    /// does one at a time in the order given: a like or dislike replaces an older one, `none`
    /// removes it, an older one than stored changes nothing, and one whose drawing is not stored
    /// is dropped.
    static func apply(_ reactions: [DrawingReaction], in session: PostgresSession) async throws {
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
        // 4 and 3 parameters a row, under the 65,535 a statement may bind.
        for start in stride(from: 0, to: stored.count, by: 10_000) {
            try await upsert(stored[start..<min(start + 10_000, stored.count)], in: session)
        }
        for start in stride(from: 0, to: withdrawn.count, by: 10_000) {
            try await delete(withdrawn[start..<min(start + 10_000, withdrawn.count)], in: session)
        }
    }

    // The EXISTS on `drawing` drops a reaction to a drawing deleted meanwhile rather than failing
    // the batch on the foreign key. (A deletion committed between this statement's start and its
    // foreign-key check still fails it; the writer then writes the batch's saves one by one, and
    // this reaction alone finds no drawing.) The parameters' collation is set to the columns'.
    private static func upsert(_ reactions: ArraySlice<DrawingReaction>, in session: PostgresSession) async throws {
        guard !reactions.isEmpty else { return }
        var values: [String] = []
        var bindings = PostgresBindings(capacity: reactions.count * 4)
        for (row, reaction) in reactions.enumerated() {
            values.append(PostgresArchiveTransaction.placeholders(row: row, columns: 4))
            bindings.append(reaction.drawingId)
            bindings.append(reaction.playerId)
            bindings.append(reaction.reaction.rawValue)
            bindings.append(reaction.at)
        }
        let sql = """
            INSERT INTO reaction (drawing_id, player_id, reaction, at)
            SELECT given.drawing_id, given.player_id, given.reaction, given.at
            FROM (VALUES \(values.joined(separator: ", "))) AS given (drawing_id, player_id, reaction, at)
            WHERE EXISTS (SELECT 1 FROM drawing WHERE drawing.id = given.drawing_id COLLATE "C")
            ON CONFLICT (drawing_id, player_id) DO UPDATE SET reaction = excluded.reaction, at = excluded.at
            WHERE excluded.at >= reaction.at
            """
        try await session.execute(PostgresQuery(unsafeSQL: sql, binds: bindings))
    }

    private static func delete(_ reactions: ArraySlice<DrawingReaction>, in session: PostgresSession) async throws {
        guard !reactions.isEmpty else { return }
        var values: [String] = []
        var bindings = PostgresBindings(capacity: reactions.count * 3)
        for (row, reaction) in reactions.enumerated() {
            values.append(PostgresArchiveTransaction.placeholders(row: row, columns: 3))
            bindings.append(reaction.drawingId)
            bindings.append(reaction.playerId)
            bindings.append(reaction.at)
        }
        let sql = """
            DELETE FROM reaction USING (VALUES \(values.joined(separator: ", "))) AS given (drawing_id, player_id, at)
            WHERE reaction.drawing_id = given.drawing_id COLLATE "C" AND reaction.player_id = given.player_id COLLATE "C"
              AND reaction.at <= given.at
            """
        try await session.execute(PostgresQuery(unsafeSQL: sql, binds: bindings))
    }
}
