import DoodleCore
import DoodleStorage
import Logging

/// The player directory's durable records: the player repository, whatever database is behind it.
struct RepositoryPlayerRecords: PlayerRecords {
    let players: PlayerRepository
    let bans: any ModerationStore
    let clock: any GameClock
    let logger: Logger

    /// An unreadable database reads as "unknown token": the player carries on as a new one
    /// rather than being refused, and the error is logged.
    func player(tokenHash: String) async -> PlayerDirectory.Player? {
        do {
            return try await players.player(tokenHash: tokenHash).map { PlayerDirectory.Player(id: $0.playerId, name: $0.name, avatar: $0.chosenAvatar) }
        } catch {
            logger.error("looking up a player by token failed", metadata: ["error": "\(error)"])
            return nil
        }
    }

    func saveSession(_ player: PlayerDirectory.Player, tokenHash: String, newDeviceLabel: String?, address: String?) async {
        await players.saveSession(
            playerId: player.id, name: player.name, avatar: player.avatar, tokenHash: tokenHash, at: clock.nowMillis(),
            newDeviceLabel: newDeviceLabel, address: address)
    }

    /// An unreadable database reads as "not banned": an outage does not shut every returning
    /// player out, and the error is logged.
    func activeBan(of player: PlayerID, at now: Int64) async -> PlayerBan? {
        do {
            return try await bans.activeBan(playerId: player, now: now)
        } catch {
            logger.error("looking up a player's ban failed", metadata: ["player": "\(player)", "error": "\(error)"])
            return nil
        }
    }
}
