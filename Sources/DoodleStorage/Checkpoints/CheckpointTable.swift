import Foundation

/// Writes to `room_checkpoint` and `room_checkpoint_stroke` inside the archive writer's open
/// transaction.
enum CheckpointTable {
    /// Stores a room's state over its older one and appends its new strokes. A save retried or
    /// overtaken (one set aside and tried again late) never replaces a newer state: the state
    /// with the higher `seq`, then the later `saved_at`, stays. Strokes of drawings the room
    /// has moved on from are deleted; a chunk already stored is kept as it is. A row another
    /// node holds (it adopted the room while this node was cut off) or that was released at a
    /// hand-over is not this node's to write any more: the save changes nothing.
    static func write(_ checkpoint: PreparedCheckpoint, in session: SQLSession) throws {
        if let state = checkpoint.state {
            try upsert(checkpoint, state: state, in: session)
        } else {
            try session.execute(
                """
                UPDATE room_checkpoint SET node_id = \(checkpoint.nodeId), seq = \(checkpoint.seq), saved_at = \(checkpoint.savedAt)
                WHERE code = \(checkpoint.code) AND \(holder(is: checkpoint.nodeId))
                  AND (\(checkpoint.seq) > seq OR (\(checkpoint.seq) = seq AND \(checkpoint.savedAt) >= saved_at))
                """)
        }
        guard try holds(checkpoint.code, nodeId: checkpoint.nodeId, in: session) else { return }
        try appendStrokes(checkpoint, in: session)
    }

    /// The row's node is `nodeId` (both nil on a server alone on its database).
    private static func holder(is nodeId: String?) -> SQLQuery {
        if let nodeId { return "room_checkpoint.node_id = \(nodeId)" }
        return "room_checkpoint.node_id IS NULL"
    }

    private static func holds(_ code: String, nodeId: String?, in session: SQLSession) throws -> Bool {
        try !session.rows("SELECT 1 AS held FROM room_checkpoint WHERE code = \(code) AND \(holder(is: nodeId))").isEmpty
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
            WHERE \(holder(is: checkpoint.nodeId))
              AND (excluded.seq > room_checkpoint.seq
                   OR (excluded.seq = room_checkpoint.seq AND excluded.saved_at >= room_checkpoint.saved_at))
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

    /// A room that closed on the node `nodeId`: nothing of it is restored. A row that is no
    /// longer that node's stays: it is another host's room now.
    static func delete(code: String, by nodeId: String?, in session: SQLSession) throws {
        guard try holds(code, nodeId: nodeId, in: session) else { return }
        try delete(code: code, in: session)
    }

    /// A room dropped at restore, by the node that claimed it.
    static func delete(code: String, in session: SQLSession) throws {
        try session.execute("DELETE FROM room_checkpoint_stroke WHERE code = \(code)")
        try session.execute("DELETE FROM room_checkpoint WHERE code = \(code)")
    }
}
