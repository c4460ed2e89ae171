import DoodleCore
import Logging

/// Durable players, in front of the back end's `PlayerStore`: a session save that fails is
/// handed to the archive writer, which retries it, so a `hello` never fails on storage.
public struct PlayerRepository: Sendable {
    private let store: any PlayerStore
    private let writer: ArchiveWriter
    private let logger: Logger

    /// - Parameter writer: takes over session saves that fail (so they are retried, not lost).
    public init(store: any PlayerStore, writer: ArchiveWriter, logger: Logger) {
        self.store = store
        self.writer = writer
        self.logger = logger
    }

    /// The player holding the token with this hash.
    public func player(tokenHash: String) async throws -> PlayerProfile? {
        try await store.player(tokenHash: tokenHash)
    }

    /// The player with this id.
    public func player(id: PlayerID) async throws -> PlayerProfile? {
        try await store.player(id: id)
    }

    /// Records a `hello` or rename: creates the player, or stores its new name and last-seen
    /// time, and marks the token's device seen. Written at once, so a new player's token works
    /// after a crash right after `welcome`; if the database is unavailable, the save is queued on
    /// the writer and retried there (the error is logged and counted, the player carries on).
    ///
    /// - Parameter newDeviceLabel: set only when the token was minted at this `hello` for a new
    ///   player: the save then creates the player's first device, with this label (see
    ///   `PlayerSession.newDeviceLabel`).
    public func saveSession(
        playerId: PlayerID, name: String, avatar: Avatar? = nil, tokenHash: String, at now: Int64, newDeviceLabel: String? = nil,
        address: String? = nil
    ) async {
        let session = PlayerSession(
            playerId: playerId, name: name, tokenHash: tokenHash, at: now, newDeviceLabel: newDeviceLabel, avatar: avatar, address: address)
        do {
            try await store.saveSession(session)
        } catch {
            logger.error("saving the session of \(playerId) failed; queued for retry", metadata: ["error": "\(error)"])
            writer.submit(session)
        }
    }

    /// Deletes the player's personal data (see `PlayerStore.delete`).
    ///
    /// - Returns: false if no such player exists.
    @discardableResult
    public func delete(playerId: PlayerID, at now: Int64) async throws -> Bool {
        try await store.delete(playerId: playerId, at: now)
    }
}
