import DoodleCore
import Logging

/// What removing a device does to the live game, on this node and, through a cluster signal, on
/// the others: the token is forgotten and the connection made with it closes (4002); the
/// player's widget head is read from storage again, so a widget polling with the removed token
/// meets 401. Storage is the route's business; this is only the live part.
struct DeviceRevocation: Sendable {
    let players: PlayerDirectory
    let latestHeads: LatestHeadCache
    let cluster: ClusterMembership
    let logger: Logger

    /// The device whose token has the hash `tokenHash` was removed from `player` (the removal is
    /// stored). False when the other nodes could not be told (this node's part is done); the
    /// failure is logged.
    @discardableResult
    func revoked(tokenHash: String, of player: PlayerID) async -> Bool {
        await revokeHere(tokenHash: tokenHash, of: player)
        do {
            try await cluster.announceDeviceRevoked(player: player, tokenHash: tokenHash)
            return true
        } catch {
            logger.error("a removed device was not announced to every node", metadata: ["player": "\(player)", "error": "\(error)"])
            return false
        }
    }

    /// The revocation's part on this node.
    func revokeHere(tokenHash: String, of player: PlayerID) async {
        if await players.revoke(tokenHash: tokenHash, of: player) {
            logger.info("a removed device's connection was closed", metadata: ["player": "\(player)"])
        }
        latestHeads.forget([player])
    }
}
