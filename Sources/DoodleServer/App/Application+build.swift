import DoodleCore
import DoodleStorage
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// Builds the whole server — rules, rooms, players, routes — as one service group. `doodle-server`
/// runs it; the tests run the very same thing on port 0.
///
/// - Parameter onServerRunning: called with the bound port once connections are accepted.
public func buildApplication(
    _ configuration: ServerConfiguration,
    logger: Logger,
    clock: any GameClock = SystemGameClock(),
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> DoodleApplication {
    let (rules, packs, blocklist) = try RulesLoader.load(folder: configuration.rulesFolder)
    let webClient = try WebClientRoutes.load()
    let tls = try configuration.tls?.makeContext()
    if let problem = configuration.cluster?.lease.problem { throw ClusterSettingsError(message: problem) }
    let metrics = ServerMetrics()
    let storage = try await Storage.open(location: configuration.databasePath, logger: logger)
    logger.info("archive database: \(storage.description)")
    let archive = ArchiveWriter(storage: storage, logger: logger)
    let renderPool = RenderPool()
    let pictures = Pictures(cache: PictureCache(byteLimit: configuration.pictureCacheBytes), pool: renderPool)
    let clusterDirectory = try configuration.cluster?.resolvedDirectory(storage: storage)
    let clusterSignals = configuration.cluster?.resolvedSignals(storage: storage, logger: logger)
    let cluster = ClusterMembership(settings: configuration.cluster, directory: clusterDirectory, signals: clusterSignals, logger: logger)
    // A cluster lists every node's public rooms from the directory; one node lists its own.
    let pendingPublic = cluster.isClustered ? PendingPublicRooms() : nil
    let latestHeads = widgetHeads(configuration, clustered: cluster.isClustered, hearsOthers: cluster.signals != nil, logger: logger)
    let players = PlayerRepository(store: storage.playerStore, writer: archive, logger: logger)
    let directory = PlayerDirectory(store: RepositoryPlayerRecords(players: players, bans: storage.moderation, clock: clock, logger: logger))
    let registry = RoomRegistry(
        rules: rules, packs: packs, blocklist: blocklist, clock: clock, archive: archive, metrics: metrics, cluster: cluster, pendingPublic: pendingPublic,
        drawCode: configuration.cluster?.drawPartyCode, logger: logger, seatReleased: { player, code in
            await directory.seatReleased(player, room: code)
            if cluster.isClustered { await cluster.seatReleased(player, room: code) }
        })
    // Notifications are queued only when something will send them.
    let pairRepository = storage.pairRepository(queuesNotifications: configuration.notifications != nil)
    // Pair rooms are hosted one node at a time only where nodes can reach each other.
    let forwarding = cluster.signals.map { signals in
        PairForwarding(
            nodeID: cluster.nodeID, signals: signals, clock: clock, timeoutMilliseconds: PairForwarding.defaultTimeoutMilliseconds,
            retryAfterSeconds: cluster.leaseSeconds, logger: logger)
    }
    let pairs = PairRegistry(
        pairs: pairRepository, rules: rules, suggestionWords: packs[rules.defaultSettings.wordPack]?.words ?? [], clock: clock,
        metrics: metrics, latestHeads: latestHeads, logger: logger,
        hosting: forwarding.map { PairHosting(membership: cluster, forwarding: $0) })
    let connections = LiveConnections()
    let sessions = SessionRunner(logger: logger)
    let outbound = OutboundBudget(ceiling: rules.limits.serverOutboundBytes)
    let context = SessionContext(
        rules: rules, packs: packs, blocklist: blocklist, playerDirectory: directory, registry: registry, pairs: pairs, reports: storage.moderation,
        cluster: cluster, clock: clock, metrics: metrics, logger: logger)

    let router = Router(context: DoodleRequestContext.self)
    let addresses = ClientAddress(trustedProxies: configuration.trustedProxies)
    let admission = ConnectionAdmission(limit: rules.limits.connectionsPerAddress, addresses: addresses, metrics: metrics)
    let inviteCodes = InviteCodeLookup(registry: registry, cluster: cluster, pairs: pairRepository, limit: rules.rateLimits.joinRoom,
        addresses: addresses, clock: clock)
    let webSocketAddress = WebSocketAddress(secure: tls != nil, cluster: cluster)
    StatusRoutes(
        metrics: metrics, archive: archive, outbound: outbound, pictureCache: pictures.cache, latestHeads: latestHeads, lookup: inviteCodes,
        address: webSocketAddress, cluster: cluster, moderation: storage.moderation, clock: clock, logger: logger
    ).register(on: router)
    PublicRoomRoutes(registry: registry, cluster: cluster, address: webSocketAddress).register(on: router)
    InviteQRRoutes(lookup: inviteCodes, secure: tls != nil).register(on: router)
    WordPackRoutes(packs: packs).register(on: router)
    let storageCalls = StorageCalls(logger: logger)
    let authentication = BearerAuthentication(players: players, bans: storage.moderation, storage: storageCalls, clock: clock)
    ArchiveRoutes(
        reader: storage.archiveReader, pairReader: storage.pairReader, players: players, pairs: pairs,
        authentication: authentication, storage: storageCalls, forgetPlayer: { player in await directory.forget(player) },
        latestHeads: latestHeads, clock: clock,
        logger: logger
    ).register(on: router)
    PairRoutes(
        reader: storage.pairReader, pairs: pairRepository, authentication: authentication, storage: storageCalls, clock: clock,
        newCode: PairRegistry.newCode
    ).register(on: router)
    PairActionRoutes(pairs: pairs, authentication: authentication, guessLimit: rules.rateLimits.guess, clock: clock).register(on: router)
    PictureRoutes(
        reader: storage.archiveReader, pairReader: storage.pairReader, authentication: authentication, storage: storageCalls,
        pictures: pictures, latestHeads: latestHeads, logger: logger
    ).register(on: router)
    AlbumRoutes(reader: storage.archiveReader, storage: storageCalls, pictures: pictures, logger: logger).register(on: router)
    ShareRoutes(reader: storage.archiveReader, storage: storageCalls, trustedProxies: configuration.trustedProxies, secure: tls != nil)
        .register(on: router)
    ReportRoutes(
        reader: storage.archiveReader, pairReader: storage.pairReader, players: players, store: storage.moderation,
        authentication: authentication, storage: storageCalls, reportsPerHour: rules.limits.reportsPerHour, clock: clock
    ).register(on: router)
    router.get(RouterPath(GameServerChannel.webSocketPath)) { _, _ -> Response in
        throw APIError(
            status: .init(code: 426, reasonPhrase: "Upgrade Required"), code: "upgrade_required",
            message: "this is the WebSocket endpoint: open it with a WebSocket upgrade")
    }
    webClient.register(on: router)
    let moderation = LiveModeration(
        registry: registry, players: directory, pairs: pairs, pictures: pictures.cache, latestHeads: latestHeads, cluster: cluster, logger: logger)
    // Without a token the admin paths are not routes at all: 404 like any unknown path.
    if let adminToken = configuration.adminToken {
        AdminRoutes(
            token: adminToken, addresses: addresses, moderation: moderation, store: storage.moderation, players: players, storage: storageCalls,
            clock: clock, logger: logger
        ).register(on: router)
        webClient.registerAdminPage(on: router)
    }
    let revocation = DeviceRevocation(players: directory, latestHeads: latestHeads, cluster: cluster, logger: logger)
    let accountParts = try AccountParts(configuration, clock: clock, metrics: metrics, logger: logger)
    let signInLimiter = AddressRateLimiter(rule: rules.rateLimits.signIn)
    AuthRoutes(
        accounts: storage.accounts, verifier: accountParts.verifier, hasher: accountParts.hasher,
        passwordPolicy: accountParts.passwordPolicy, authentication: authentication,
        storage: storageCalls, limiter: signInLimiter, addresses: addresses,
        names: NewPlayerNames(maxLength: rules.limits.maxNameLength, blocklist: blocklist, metrics: metrics), metrics: metrics, clock: clock,
        logger: logger
    ).register(on: router)
    DeviceRoutes(
        accounts: storage.accounts, authentication: authentication, storage: storageCalls, revocation: revocation, limiter: signInLimiter,
        addresses: addresses, secure: tls != nil, metrics: metrics, clock: clock, logger: logger
    ).register(on: router)
    router.add(middleware: APIErrorMiddleware(routes: router.routes))

    let lease = configuration.cluster == nil ? nil : NodeLease(membership: cluster, registry: registry, pairs: pairs)
    let (listening, listeningContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let listener = cluster.signals.flatMap { signals in
        forwarding.map { forwarding in
            ClusterSignalListener(
                nodeID: cluster.nodeID, signals: signals, players: directory, pairs: pairs, forwarding: forwarding, latestHeads: latestHeads,
                moderation: moderation, revocation: revocation, listening: listeningContinuation, logger: logger)
        }
    }

    let hearsOthers = listener != nil
    let host = configuration.host
    let tlsNote = tls == nil ? "" : " with TLS (https:// and wss://)"
    let application = Application(
        router: router,
        server: HTTPServerBuilder { responder in
            GameServerChannel(
                responder: GameServerChannel.closingAfterUpgradeRequests(responder), connections: GameConnectionFactory(context: context, runner: sessions, connections: connections, outbound: outbound),
                admission: admission, maxFrameBytes: rules.limits.maxFrameBytes, tls: tls)
        },
        configuration: .init(address: .hostname(host, port: configuration.port), serverName: "doodle"),
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            // The node joins the cluster once it listens for connections (its address may name
            // the bound port) and for the other nodes' signals, before anyone is told the server
            // runs: a node that hosts rooms must hear the calls for them. So the "listening on"
            // line means ready, on a node of a cluster too.
            if cluster.isClustered {
                if hearsOthers { await firstListening(listening, within: .seconds(10), logger: logger) }
                await cluster.register(boundPort: port)
            }
            logger.info("listening on \(host):\(port)\(tlsNote)")
            await onServerRunning(port)
        },
        logger: logger)

    var services = ServerServices()
    services.add(storage.services, at: .storage)
    services.add([archive] + (latestHeads.announcements.map { [HeadChangeAnnouncer(pending: $0, membership: cluster)] } ?? []), at: .writers)
    services.add((pendingPublic.map { [PublicRoomPublisher(pending: $0, membership: cluster)] } ?? []), at: .writers)
    services.add([renderPool] + accountParts.services, at: .workers)
    services.add(registry, at: .rooms)
    services.add([Heartbeat(connections: connections, timing: rules.timing, clock: clock), sessions], at: .sessions)
    if let settings = configuration.notifications {
        services.add(NotificationSender(outbox: storage.outbox, settings: settings, clock: clock, metrics: metrics, logger: logger), at: .senders)
    }
    services.add(application, at: .httpServer)
    services.add(ClientDrain(connections: connections, logger: logger), at: .clientDrain)
    if let listener { services.add(listener, at: .clusterSignals) }
    if let lease { services.add(lease, at: .nodeLease) }
    return DoodleApplication(services: services, logger: logger)
}

/// The widget-head cache. A node of a cluster keeps heads only if it hears of other nodes'
/// changes; then it also announces its own.
private func widgetHeads(_ configuration: ServerConfiguration, clustered: Bool, hearsOthers: Bool, logger: Logger) -> LatestHeadCache {
    guard clustered else { return LatestHeadCache(capacity: configuration.widgetCacheEntries) }
    guard hearsOthers else {
        if configuration.widgetCacheEntries > 0 {
            logger.info("widget cache off: this node does not hear of other nodes' pair drawings (no cluster signals)")
        }
        return LatestHeadCache(capacity: 0)
    }
    return LatestHeadCache(capacity: configuration.widgetCacheEntries, announcements: PendingHeadChanges())
}

/// Waits until the signal listener first listens, at most `limit`: a database that cannot be
/// reached now holds the node out of the cluster no longer than that (it joins, and hears the
/// others once the listener gets through).
private func firstListening(_ listening: AsyncStream<Void>, within limit: Duration, logger: Logger) async {
    let heard = await withTaskGroup(of: Bool.self) { race in
        race.addTask {
            for await _ in listening { return true }
            return false
        }
        race.addTask {
            try? await Task.sleep(for: limit)
            return false
        }
        defer { race.cancelAll() }
        return await race.next() ?? false
    }
    if !heard { logger.warning("joining the cluster before this node listens for other nodes' signals") }
}
