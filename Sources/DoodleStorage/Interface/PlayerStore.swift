import DoodleCore

/// Durable players, found by id or by the hash of their token (tokens themselves are never
/// stored). `PlayerRepository` puts the retrying writer in front of it.
public protocol PlayerStore: Sendable {
    /// The player holding the token with this hash: the player of the device it belongs to.
    func player(tokenHash: String) async throws -> PlayerProfile?

    /// The player with this id.
    func player(id: PlayerID) async throws -> PlayerProfile?

    /// Creates the player, or stores its new name and last-seen time, in one transaction, with
    /// its token's device: created when `newDeviceLabel` is set, else only marked seen (a
    /// removed device stays removed). A deleted player stays deleted; a session older than the
    /// stored one changes neither name nor last-seen time.
    func saveSession(_ session: PlayerSession) async throws

    /// Deletes the player's personal data: its devices (every token of it stops working),
    /// identities, email logins with their failed logins, link codes and remembered addresses go; its row (name,
    /// totals) goes; drawings, guesses, game rankings, pairs and pair drawings keep their numbers
    /// but lose the player's id and name, and so show a deleted player. The id is remembered so
    /// saves still in flight stay anonymous. Its live pair ends (the partner told at its next
    /// entry), its open code is spent, its drafts, unread notices and queued push notifications go.
    ///
    /// - Returns: false if no such player exists.
    func delete(playerId: PlayerID, at now: Int64) async throws -> Bool
}
