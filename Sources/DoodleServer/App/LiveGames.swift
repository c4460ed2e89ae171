import DoodleCore
import DoodleStorage
import Logging

/// The games in this node's memory: the party rooms and the pair rooms, and what decisions
/// taken outside a game (an operator's, a player removing a device) do to them.
struct LiveGames: Sendable {
    let rooms: RoomRegistry
    let pairs: PairRegistry
    let moderation: LiveModeration
    let revocation: DeviceRevocation

    init(
        _ folder: GameRulesFolder, storage: StorageParts, cluster: ClusterParts, pictures: Pictures, drawPartyCode: (@Sendable () -> String)?,
        houseBots: Bool, metrics: ServerMetrics, clock: any GameClock, logger: Logger
    ) {
        let players = storage.playerDirectory
        let membership = cluster.membership
        let seats = SeatIndex(players: players, cluster: membership)
        rooms = RoomRegistry(
            rules: folder.rules, packs: folder.packs, blocklist: folder.blocklist, clock: clock, archive: storage.archive, metrics: metrics,
            cluster: membership, pendingPublic: cluster.pendingPublic, drawCode: drawPartyCode, checkpoints: storage.storage.checkpoints,
            logger: logger, seats: seats, houseBotsAllowed: houseBots)
        pairs = PairRegistry(
            pairs: storage.pairRepository, rules: folder.rules, suggestionWords: folder.packs[folder.rules.defaultSettings.wordPack]?.words ?? [],
            clock: clock, metrics: metrics, latestHeads: cluster.latestHeads, logger: logger, hosting: cluster.pairHosting(seats: seats))
        moderation = LiveModeration(
            registry: rooms, players: players, pairs: pairs, pictures: pictures.cache, latestHeads: cluster.latestHeads, cluster: membership,
            logger: logger)
        revocation = DeviceRevocation(players: players, latestHeads: cluster.latestHeads, cluster: membership, logger: logger)
    }
}
