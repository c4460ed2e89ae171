import DoodleCore
import DoodleStorage

/// Where rooms hand finished drawings and games. Submitting never waits: the archive queues
/// the record and stores it in the background.
public protocol GameArchive: Sendable {
    func submit(_ drawing: FinishedDrawing)
    func submit(_ game: FinishedGame)
    /// How the archive is doing, for `/metrics`.
    var statistics: ArchiveWriterStatistics { get }
}
