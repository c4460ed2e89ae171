import DoodleCore
import DoodleStorage
import Logging

/// What a connection's `ClientSession` works with: the rules, the players, the rooms and pairs,
/// and the clock — nothing of the connection plumbing or the archive.
struct SessionContext: Sendable {
    let rules: GameRules
    let settingsValidator: SettingsValidator
    /// Names with a blocked word are refused.
    let blocklist: Blocklist
    /// Who is online, with which connection and in which room: the players, not the cluster's room directory.
    let playerDirectory: PlayerDirectory
    let registry: RoomRegistry
    let pairs: PairRegistry
    /// Where `report` files what a member reports.
    let reports: any ModerationStore
    /// The banned address blocks a `hello` is checked against.
    let addressBans: AddressBanList
    /// Where rooms hosted by other nodes are found; alone, nothing is.
    let cluster: ClusterMembership
    let clock: any GameClock
    let metrics: ServerMetrics
    let logger: Logger

    init(
        rules: GameRules, packs: [String: WordPack], blocklist: Blocklist, playerDirectory: PlayerDirectory, registry: RoomRegistry, pairs: PairRegistry,
        reports: any ModerationStore, addressBans: AddressBanList, cluster: ClusterMembership, clock: any GameClock, metrics: ServerMetrics,
        logger: Logger
    ) {
        self.reports = reports
        self.addressBans = addressBans
        self.rules = rules
        self.settingsValidator = SettingsValidator(rules: rules, packNames: Set(packs.keys), blocklist: blocklist)
        self.blocklist = blocklist
        self.playerDirectory = playerDirectory
        self.registry = registry
        self.pairs = pairs
        self.cluster = cluster
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
    }
}
