import DoodleCore
import DoodleStorage
import Logging

/// The long-lived parts every connection works with.
struct ServerContext: Sendable {
    let rules: GameRules
    let packs: [String: WordPack]
    let directory: PlayerDirectory
    let registry: RoomRegistry
    let pairs: PairRegistry
    let connections: LiveConnections
    /// What every connection's outbound buffer holds together, and the server's ceiling on it.
    let outbound: OutboundBudget
    let clock: any GameClock
    let metrics: ServerMetrics
    let archive: any GameArchive
    let logger: Logger

    var settingsValidator: SettingsValidator {
        SettingsValidator(rules: rules, packNames: Set(packs.keys))
    }
}
