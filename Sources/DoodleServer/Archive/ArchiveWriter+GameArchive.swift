import DoodleStorage

/// Rooms hand finished drawings and games straight to the archive writer, which queues and
/// batches them without ever making a room wait.
extension ArchiveWriter: GameArchive {}
