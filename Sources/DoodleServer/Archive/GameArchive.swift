import DoodleCore
import DoodleStorage

/// Where rooms hand finished drawings, games and reactions. Submitting never waits: the archive
/// queues the record and stores it in the background.
public protocol GameArchive: Sendable {
    func submit(_ drawing: FinishedDrawing)
    func submit(_ game: FinishedGame)
    /// A member's reaction to a drawing already submitted (`RoomEffect.saveReaction`), stored
    /// after it: the latest per member and drawing counts, `none` takes it back.
    func submit(_ reaction: DrawingReaction)
    /// A live room's checkpoint, stored after everything the room submitted before it.
    func submit(_ checkpoint: RoomCheckpointSave)
    /// A closed room's checkpoint goes, if it is still the checkpoint of node `nodeId`'s room.
    func submitCheckpointRemoval(code: String, nodeId: String?)
    /// Waits until everything submitted before is saved; false if some of it could not be.
    func flush() async -> Bool
    /// How the archive is doing, for `/metrics`.
    var statistics: ArchiveWriterStatistics { get }
}
