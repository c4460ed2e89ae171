import DoodleCore
import DoodleStorage
import Logging
import NIOCore

/// Turns an upgraded channel into a game connection: its outbound queue and wire writer, its
/// session and inbox, and the handler that feeds them. Runs on the channel's event loop.
struct GameConnectionFactory: Sendable {
    let context: SessionContext
    let runner: SessionRunner
    /// Every open game connection, for the heartbeat and the shutdown drain.
    let connections: LiveConnections
    /// What every connection's outbound buffer holds together, and the server's ceiling on it.
    let outbound: OutboundBudget

    /// The kernel's send buffer of a game connection (Linux doubles it for its own bookkeeping).
    /// Left to autotuning it grows to 4 MiB on a fast link, which hides a client that does not
    /// read for several `roomState`s: what the kernel has taken counts as written, so the next
    /// `sync` is not coalesced and a fresh snapshot is encoded. Fixed, a client that stops
    /// reading is seen within one snapshot, and the kernel holds at most this much for it.
    /// 128 KiB still carries 1.3 MB/s at a 100 ms round trip, far above what a game sends.
    static let socketSendBufferBytes = 128 * 1024

    /// - Parameters:
    ///   - userAgent: the upgrade request's `User-Agent`, naming the device a new player's first
    ///     token is saved for.
    ///   - address: the client's address (`ClientAddress`), for address bans.
    func start(on channel: any Channel, userAgent: String?, address: String) throws {
        try channel.syncOptions?.setOption(.socketOption(.so_sndbuf), value: SocketOptionValue(Self.socketSendBufferBytes))
        let context = self.context
        let connections = self.connections
        let queue = OutboundQueue(
            limits: OutboundBacklog.Limits(rules: context.rules), budget: outbound, clock: context.clock,
            eventLoop: channel.eventLoop, sink: try FrameSink.installNow(on: channel))
        let activity = ConnectionActivity(now: context.clock.nowMillis())
        let session = ClientSession(
            context: context, queue: queue, deviceLabel: userAgent.flatMap(DeviceLabel.describe(userAgent:)) ?? DeviceLabel.firstDevice,
            address: address)
        let handler = GameConnectionHandler(
            inbox: SessionInbox(
                session: session, runner: runner,
                switchReading: { reading in channel.setOption(ChannelOptions.autoRead, value: reading).whenFailure { _ in } }),
            queue: queue, activity: activity, clock: context.clock,
            maxMessageBytes: context.rules.limits.maxFrameBytes,
            onClosed: {
                connections.remove(queue)
                context.metrics.connectionsChanged(connections.count)
            })
        try handler.install(on: channel)
        connections.add(queue, activity: activity, address: address)
        context.metrics.connectionsChanged(connections.count)
    }
}

extension GameConnectionFactory {
    /// The factory of every game connection of the server: one session context for all, and the
    /// books kept across them (the open connections, their outbound bytes).
    init(
        _ folder: GameRulesFolder, storage: StorageParts, cluster: ClusterParts, games: LiveGames, connections: LiveConnections,
        addressBans: AddressBanList, metrics: ServerMetrics, clock: any GameClock, logger: Logger
    ) {
        self.init(
            context: SessionContext(
                rules: folder.rules, packs: folder.packs, blocklist: folder.blocklist, playerDirectory: storage.playerDirectory,
                registry: games.rooms, pairs: games.pairs, reports: storage.storage.moderation, addressBans: addressBans,
                cluster: cluster.membership, clock: clock,
                metrics: metrics, logger: logger),
            runner: SessionRunner(logger: logger), connections: connections,
            outbound: OutboundBudget(ceiling: folder.rules.limits.serverOutboundBytes))
    }
}
