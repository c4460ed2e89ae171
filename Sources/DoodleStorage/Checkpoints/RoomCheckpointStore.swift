import DoodleCore

/// Where a server finds the rooms it is to restore (PROTOCOL.md rev 5). Checkpoints are written
/// by the archive writer, in order with the drawings (`ArchiveWriter.submit(_:)`); this reads
/// them, claims them and clears what cannot be restored.
public protocol RoomCheckpointStore: Sendable {
    /// The checkpoints of rooms that have no live host, made this node's in one transaction:
    /// with `nodeId` nil (a server alone on its database) every checkpoint; else those released
    /// (no node) and those of every node but this one and `liveNodes` (a node whose lease ran
    /// out, or this node's own before a restart: a process gets a fresh node id). Several nodes
    /// claiming at once each get their own: a row is claimed once.
    func claimOrphans(for nodeId: String?, liveNodes: Set<String>) async throws -> [StoredRoomCheckpoint]

    /// Whether a checkpoint of a room with `code` is stored: such a code is not free for a new
    /// room even when no live node holds it, for its room is waiting to be adopted.
    func hasCheckpoint(code: String) async throws -> Bool

    /// Of `drawingIds`, those the archive holds.
    func archivedDrawingIds(_ drawingIds: [String]) async throws -> Set<String>

    /// Deletes a room's checkpoint and strokes at once: a room dropped at restore.
    func delete(code: String) async throws

    /// Gives the node's rooms up for another node to restore (a graceful hand-over); returns
    /// their codes.
    func release(nodeId: String) async throws -> [String]

    /// Gives the rooms `codes` up again, when `nodeId` claimed them but cannot host them now
    /// (the room directory could not be reached): another node, or this one later, adopts them.
    func release(codes: [String], nodeId: String) async throws
}
