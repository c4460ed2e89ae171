import DoodleCore
import Foundation

/// `RoomCheckpointStore` on either database.
struct SQLRoomCheckpointStore: RoomCheckpointStore {
    let database: any SQLDatabase

    func claimOrphans(for nodeId: String?, liveNodes: Set<String>) async throws -> [StoredRoomCheckpoint] {
        try await database.write { session in
            let claimed: [SQLRow]
            if let nodeId {
                let live = liveNodes.union([nodeId]).sorted()
                // FOR UPDATE SKIP LOCKED: a row another node is claiming right now is that node's.
                let orphans = try session.rows(
                    """
                    SELECT code FROM room_checkpoint
                    WHERE node_id IS NULL OR node_id NOT IN (\(list: live))
                    ORDER BY code \(.forUpdateSkippingLocked(of: "room_checkpoint"))
                    """)
                let codes: [String] = try orphans.map { try $0("code") }
                guard !codes.isEmpty else { return [] }
                try session.execute("UPDATE room_checkpoint SET node_id = \(nodeId) WHERE code IN (\(list: codes))")
                claimed = try session.rows(
                    "SELECT code, mode, format, state, seq, saved_at, stroke_key FROM room_checkpoint WHERE code IN (\(list: codes)) ORDER BY code")
            } else {
                // Rooms a cluster node left behind become the lone server's, which writes as no node.
                try session.execute("UPDATE room_checkpoint SET node_id = NULL WHERE node_id IS NOT NULL")
                claimed = try session.rows("SELECT code, mode, format, state, seq, saved_at, stroke_key FROM room_checkpoint ORDER BY code")
            }
            return try Self.withStrokes(claimed, in: session)
        }
    }

    func hasCheckpoint(code: String) async throws -> Bool {
        try await database.read { session in
            try session.rows("SELECT 1 AS found FROM room_checkpoint WHERE code = \(code)").isEmpty == false
        }
    }

    /// The claimed rows with their open drawings' strokes, read in one statement per 500 rooms
    /// rather than one per room: on PostgreSQL each statement is a round trip, and a server may
    /// restore a thousand rooms before it serves.
    private static func withStrokes(_ claimed: [SQLRow], in session: SQLSession) throws -> [StoredRoomCheckpoint] {
        var keys: [String: String] = [:]
        for row in claimed {
            if let key: String = try row("stroke_key") { keys[try row("code")] = key }
        }
        var chunks: [String: [CheckpointStrokeRecord]] = [:]
        for codes in Array(keys.keys).sorted().chunks(of: 500) {
            let rows = try session.rows(
                """
                SELECT s.code, s.stroke_key, s.first_action, s.action_count, s.actions FROM room_checkpoint_stroke AS s
                WHERE s.code IN (\(list: Array(codes))) ORDER BY s.code, s.first_action
                """)
            for row in rows {
                let code: String = try row("code")
                // Only the chunks of the drawing the state names; others are a finished turn's.
                guard try row("stroke_key", as: String.self) == keys[code] else { continue }
                chunks[code, default: []].append(
                    CheckpointStrokeRecord(firstAction: try row("first_action"), actionCount: try row("action_count"), record: try row("actions")))
            }
        }
        return try claimed.map { row in
            let code: String = try row("code")
            return StoredRoomCheckpoint(
                code: code, mode: try row("mode"), format: try row("format"), state: try row("state"), seq: try row("seq"),
                savedAt: try row("saved_at"), strokeKey: try row("stroke_key"),
                chunks: chunks[code] ?? [])
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

    func release(codes: [String], nodeId: String) async throws {
        guard !codes.isEmpty else { return }
        try await database.write { session in
            for chunk in codes.chunks(of: 500) {
                try session.execute("UPDATE room_checkpoint SET node_id = NULL WHERE node_id = \(nodeId) AND code IN (\(list: Array(chunk)))")
            }
        }
    }

    func release(nodeId: String) async throws -> [String] {
        try await database.writeStatement { session in
            try session.rows("UPDATE room_checkpoint SET node_id = NULL WHERE node_id = \(nodeId) RETURNING code").map { try $0("code") }
        }
    }
}
