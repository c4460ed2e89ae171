import Foundation

/// Writes to `room_checkpoint` and `room_checkpoint_stroke` inside the archive writer's open
/// transaction.
enum CheckpointTable {
    /// Stores a room's state over its older one and appends its new strokes. A save retried or
    /// overtaken (one set aside and tried again late) never replaces a newer state: the state
    /// with the higher `seq`, then the later `saved_at`, stays. Strokes of drawings the room
    /// has moved on from are deleted; a chunk already stored is kept as it is.
    static func write(_ checkpoint: PreparedCheckpoint, in session: SQLSession) throws {
        if let state = checkpoint.state {
            try upsert(checkpoint, state: state, in: session)
        } else {
            try session.execute(
                """
                UPDATE room_checkpoint SET node_id = \(checkpoint.nodeId), seq = \(checkpoint.seq), saved_at = \(checkpoint.savedAt)
                WHERE code = \(checkpoint.code)
                  AND (\(checkpoint.seq) > seq OR (\(checkpoint.seq) = seq AND \(checkpoint.savedAt) >= saved_at))
                """)
        }
        try appendStrokes(checkpoint, in: session)
    }

    private static func upsert(_ checkpoint: PreparedCheckpoint, state: Data, in session: SQLSession) throws {
        try session.execute(
            """
            INSERT INTO room_checkpoint (code, mode, format, node_id, state, stroke_key, seq, saved_at)
            VALUES (\(checkpoint.code), \(checkpoint.mode), \(checkpoint.format), \(checkpoint.nodeId), \(state),
                    \(checkpoint.strokeKey), \(checkpoint.seq), \(checkpoint.savedAt))
            ON CONFLICT (code) DO UPDATE SET
                mode = excluded.mode, format = excluded.format, node_id = excluded.node_id, state = excluded.state,
                stroke_key = excluded.stroke_key, seq = excluded.seq, saved_at = excluded.saved_at
            WHERE excluded.seq > room_checkpoint.seq
               OR (excluded.seq = room_checkpoint.seq AND excluded.saved_at >= room_checkpoint.saved_at)
            """)
    }

    private static func appendStrokes(_ checkpoint: PreparedCheckpoint, in session: SQLSession) throws {
        if let key = checkpoint.strokeKey {
            try session.execute("DELETE FROM room_checkpoint_stroke WHERE code = \(checkpoint.code) AND stroke_key <> \(key)")
            for chunk in checkpoint.chunks {
                try session.execute(
                    """
                    INSERT INTO room_checkpoint_stroke (code, stroke_key, first_action, action_count, actions)
                    VALUES (\(checkpoint.code), \(key), \(chunk.firstAction), \(chunk.actionCount), \(chunk.record))
                    ON CONFLICT (code, stroke_key, first_action) DO NOTHING
                    """)
            }
        } else {
            try session.execute("DELETE FROM room_checkpoint_stroke WHERE code = \(checkpoint.code)")
        }
    }

    /// A room that closed: nothing of it is restored.
    static func delete(code: String, in session: SQLSession) throws {
        try session.execute("DELETE FROM room_checkpoint_stroke WHERE code = \(code)")
        try session.execute("DELETE FROM room_checkpoint WHERE code = \(code)")
    }
}
