import DoodleCore
import DoodleStorage
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// Builds the whole server — rules, storage, rooms, players, routes — as one service group.
/// `doodle-server` runs it; the tests run the very same thing on port 0.
///
/// - Parameter onServerRunning: called with the bound port once connections are accepted.
public func buildApplication(
    _ configuration: ServerConfiguration,
    logger: Logger,
    clock: any GameClock = SystemGameClock(),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> DoodleApplication {
    let folder = try GameRulesFolder.load(configuration.rulesFolder)
    let webClient = try WebClientRoutes.load()
    let tls = try configuration.tls?.makeContext()
    try configuration.cluster?.checkLease()
    let metrics = ServerMetrics()
    let storage = try await StorageParts.open(configuration, clock: clock, logger: logger)
    let cluster = try ClusterParts(configuration, storage: storage.storage, clock: clock, logger: logger)
    let pictures = Pictures(cache: PictureCache(byteLimit: configuration.pictureCacheBytes), pool: RenderPool())
    let games = LiveGames(
        folder, storage: storage, cluster: cluster, pictures: pictures, drawPartyCode: configuration.cluster?.drawPartyCode,
        houseBots: configuration.houseBots, metrics: metrics, clock: clock, logger: logger)
    let liveConnections = LiveConnections()
    let addressBans = AddressBanList(store: storage.storage.moderation, connections: liveConnections, clock: clock, logger: logger)
    let connections = GameConnectionFactory(
        folder, storage: storage, cluster: cluster, games: games, connections: liveConnections, addressBans: addressBans, metrics: metrics, clock: clock,
        logger: logger)
    // Made once nothing after it can throw: an HTTP client must be shut down once made, and
    // only the running service group does that.
    let accounts = try AccountParts(configuration, clock: clock, metrics: metrics, logger: logger)
    let addresses = ClientAddress(trustedProxies: configuration.trustedProxies)
    let router = APIRoutes(
        configuration: configuration, folder: folder, storage: storage, cluster: cluster, games: games, pictures: pictures, accounts: accounts,
        webClient: webClient, addresses: addresses, addressBans: addressBans, outbound: connections.outbound, secure: tls != nil, metrics: metrics,
        clock: clock,
        logger: logger
    ).router()
    let server = httpServer(
        configuration, router: router, connections: connections, addresses: addresses, tls: tls, cluster: cluster, rooms: games.rooms,
        metrics: metrics, logger: logger, onServerRunning: onServerRunning)
    let services = ServerServices(
        configuration, folder: folder, storage: storage, cluster: cluster, pictures: pictures, games: games, connections: connections,
        accounts: accounts, httpServer: server, metrics: metrics, clock: clock, logger: logger)
    return DoodleApplication(services: services, logger: logger)
}

/// The Hummingbird application: the HTTP server on the configured address, every connection set
/// up by ``GameServerChannel``. Once it listens, a node of a cluster joins it and adopts the
/// rooms that have no host before the server says it runs.
private func httpServer(
    _ configuration: ServerConfiguration, router: Router<DoodleRequestContext>, connections: GameConnectionFactory, addresses: ClientAddress,
    tls: NIOSSLContext?, cluster: ClusterParts, rooms: RoomRegistry, metrics: ServerMetrics, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
) -> some Service {
    let admission = ConnectionAdmission(limit: connections.context.rules.limits.connectionsPerAddress, addresses: addresses, metrics: metrics)
    let host = configuration.host
    let tlsNote = tls == nil ? "" : " with TLS (https:// and wss://)"
    return Application(
        router: router, server: .game(connections: connections, admission: admission, tls: tls),
        configuration: .init(address: .hostname(host, port: configuration.port), serverName: "doodle"),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            await cluster.join(boundPort: port, logger: logger)
            await rooms.adoptAfterJoining()
            logger.info("listening on \(host):\(port)\(tlsNote)")
            await onServerRunning(port)
        },
        logger: logger)
}
