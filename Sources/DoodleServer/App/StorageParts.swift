import DoodleStorage
import Logging

/// The database and what the server builds straight on it. Opened before the rest, which is
/// built on it; its services stop last (``ServiceStage/storage``).
struct StorageParts: Sendable {
    let storage: Storage
    /// Takes the rooms' finished drawings and games, and the players' writes, off their hands
    /// and writes them in batches (``ServiceStage/writers``).
    let archive: ArchiveWriter
    let players: PlayerRepository
    /// The players online, their connections and seats, in front of the stored players and bans.
    let playerDirectory: PlayerDirectory
    let pairRepository: any PairRepository

    static func open(_ configuration: ServerConfiguration, clock: any GameClock, logger: Logger) async throws -> StorageParts {
        let storage = try await Storage.open(location: configuration.databasePath, logger: logger)
        logger.info("archive database: \(storage.description)")
        let archive = ArchiveWriter(storage: storage, logger: logger)
        let players = PlayerRepository(store: storage.playerStore, writer: archive, logger: logger)
        let records = RepositoryPlayerRecords(players: players, bans: storage.moderation, clock: clock, logger: logger)
        return StorageParts(
            storage: storage, archive: archive, players: players, playerDirectory: PlayerDirectory(store: records),
            // Notifications are queued only when something will send them.
            pairRepository: storage.pairRepository(queuesNotifications: configuration.notifications != nil))
    }
}
