import DoodleCore
import Foundation

/// `RoomCheckpointStore` on either database.
struct SQLRoomCheckpointStore: RoomCheckpointStore {
    let database: any SQLDatabase

    func claimOrphans(for nodeId: String?, goneNodes: [String]) async throws -> [StoredRoomCheckpoint] {
        try await database.write { session in
            let claimed: [SQLRow]
            if let nodeId {
                let gone: SQLQuery = goneNodes.isEmpty ? "" : " OR node_id IN (\(list: goneNodes))"
                // FOR UPDATE SKIP LOCKED: a row another node is claiming right now is that node's.
                let orphans = try session.rows(
                    """
                    SELECT code FROM room_checkpoint
                    WHERE node_id IS NULL OR node_id = \(nodeId)\(gone)
                    ORDER BY code \(.forUpdateSkippingLocked(of: "room_checkpoint"))
                    """)
                let codes: [String] = try orphans.map { try $0("code") }
                guard !codes.isEmpty else { return [] }
                try session.execute("UPDATE room_checkpoint SET node_id = \(nodeId) WHERE code IN (\(list: codes))")
                claimed = try session.rows(
                    "SELECT code, mode, format, state, stroke_key FROM room_checkpoint WHERE code IN (\(list: codes)) ORDER BY code")
            } else {
                claimed = try session.rows("SELECT code, mode, format, state, stroke_key FROM room_checkpoint ORDER BY code")
            }
            return try claimed.map { row in
                let code: String = try row("code")
                let strokeKey: String? = try row("stroke_key")
                var chunks: [StoredRoomCheckpoint.Chunk] = []
                if let strokeKey {
                    chunks = try session.rows(
                        """
                        SELECT first_action, action_count, actions FROM room_checkpoint_stroke
                        WHERE code = \(code) AND stroke_key = \(strokeKey) ORDER BY first_action
                        """
                    ).map { chunk in
                        StoredRoomCheckpoint.Chunk(
                            firstAction: try chunk("first_action"), actionCount: try chunk("action_count"), record: try chunk("actions"))
                    }
                }
                return StoredRoomCheckpoint(
                    code: code, mode: try row("mode"), format: try row("format"), state: try row("state"), strokeKey: strokeKey,
                    chunks: chunks)
            }
        }
    }

    func archivedDrawingIds(_ drawingIds: [String]) async throws -> Set<String> {
        guard !drawingIds.isEmpty else { return [] }
        return try await database.read { session in
            var found = Set<String>()
            for ids in drawingIds.chunks(of: 500) {
                for row in try session.rows("SELECT id FROM drawing WHERE id IN (\(list: Array(ids)))") {
                    found.insert(try row("id"))
                }
            }
            return found
        }
    }

    func delete(code: String) async throws {
        try await database.write { session in
            try CheckpointTable.delete(code: code, in: session)
        }
    }

    func release(nodeId: String) async throws -> [String] {
        try await database.writeStatement { session in
            try session.rows("UPDATE room_checkpoint SET node_id = NULL WHERE node_id = \(nodeId) RETURNING code").map { try $0("code") }
        }
    }
}
