import DoodleStorage

/// Rooms hand finished drawings, games and reactions straight to the archive writer, which
/// queues and batches them without ever making a room wait.
extension ArchiveWriter: GameArchive {}
