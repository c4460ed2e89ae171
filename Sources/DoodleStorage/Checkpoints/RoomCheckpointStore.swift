import DoodleCore

/// Where a server finds the rooms it is to restore (PROTOCOL.md rev 5). Checkpoints are written
/// by the archive writer, in order with the drawings (`ArchiveWriter.submit(_:)`); this reads
/// them, claims them and clears what cannot be restored.
public protocol RoomCheckpointStore: Sendable {
    /// The checkpoints of rooms that have no live host, made this node's in one transaction:
    /// with `nodeId` nil (a server alone on its database) every checkpoint; else those released
    /// (no node), this node's own from before a restart, and those of nodes in `goneNodes`.
    /// Several nodes claiming at once each get their own: a row is claimed once.
    func claimOrphans(for nodeId: String?, goneNodes: [String]) async throws -> [StoredRoomCheckpoint]

    /// Of `drawingIds`, those the archive holds.
    func archivedDrawingIds(_ drawingIds: [String]) async throws -> Set<String>

    /// Deletes a room's checkpoint and strokes at once: a room dropped at restore.
    func delete(code: String) async throws

    /// Gives the node's rooms up for another node to restore (a graceful hand-over); returns
    /// their codes.
    func release(nodeId: String) async throws -> [String]
}
