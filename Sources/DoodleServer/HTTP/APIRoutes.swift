import DoodleCore
import DoodleStorage
import Hummingbird
import Logging

/// Every HTTP route of the server (docs/openapi.json) and the browser client, on one router,
/// behind the API's error middleware.
struct APIRoutes {
    let configuration: ServerConfiguration
    let folder: GameRulesFolder
    let storage: StorageParts
    let cluster: ClusterParts
    let games: LiveGames
    let pictures: Pictures
    let accounts: AccountParts
    let webClient: WebClientRoutes
    /// Who a request comes from, behind the trusted proxies.
    let addresses: ClientAddress
    let addressBans: AddressBanList
    /// What the game connections' outbound buffers hold, for the status.
    let outbound: OutboundBudget
    /// Whether the server speaks TLS, so that the links it hands out do.
    let secure: Bool
    let metrics: ServerMetrics
    let clock: any GameClock
    let logger: Logger

    func router() -> Router<DoodleRequestContext> {
        let router = Router(context: DoodleRequestContext.self)
        let calls = StorageCalls(logger: logger)
        let authentication = BearerAuthentication(players: storage.players, bans: storage.storage.moderation, storage: calls, clock: clock)
        // Before the routes: a router's middleware applies to the routes added after it.
        router.add(middleware: AddressBanGate(bans: addressBans, addresses: addresses))
        registerLiveRoutes(on: router)
        registerStoredRoutes(on: router, authentication: authentication, calls: calls)
        registerWebSocketHint(on: router)
        webClient.register(on: router)
        registerAdminRoutes(on: router, calls: calls)
        registerAccountRoutes(on: router, authentication: authentication, calls: calls)
        router.add(middleware: APIErrorMiddleware(routes: router.routes))
        return router
    }

    /// The status, the public rooms, invites and word packs: answered from the live game.
    private func registerLiveRoutes(on router: Router<DoodleRequestContext>) {
        let inviteCodes = InviteCodeLookup(
            registry: games.rooms, cluster: cluster.membership, pairs: storage.pairRepository, limit: folder.rules.rateLimits.joinRoom,
            addresses: addresses, clock: clock)
        let webSocketAddress = WebSocketAddress(secure: secure, cluster: cluster.membership)
        StatusRoutes(
            metrics: metrics, registry: games.rooms, archive: storage.archive, outbound: outbound, pictureCache: pictures.cache, latestHeads: cluster.latestHeads,
            lookup: inviteCodes, address: webSocketAddress, cluster: cluster.membership, moderation: storage.storage.moderation, clock: clock,
            logger: logger
        ).register(on: router)
        PublicRoomRoutes(registry: games.rooms, cluster: cluster.membership, address: webSocketAddress).register(on: router)
        InviteQRRoutes(lookup: inviteCodes, secure: secure).register(on: router)
        WordPackRoutes(packs: folder.packs).register(on: router)
    }

    /// Finished drawings and games, pairs, their pictures, shares and reports: read from storage.
    private func registerStoredRoutes(on router: Router<DoodleRequestContext>, authentication: BearerAuthentication, calls: StorageCalls) {
        let stored = storage.storage
        let playerDirectory = storage.playerDirectory
        ArchiveRoutes(
            reader: stored.archiveReader, pairReader: stored.pairReader, players: storage.players, pairs: games.pairs,
            authentication: authentication, storage: calls, forgetPlayer: { player in await playerDirectory.forget(player) },
            latestHeads: cluster.latestHeads, clock: clock, logger: logger
        ).register(on: router)
        PairRoutes(
            reader: stored.pairReader, pairs: storage.pairRepository, authentication: authentication, storage: calls, clock: clock,
            newCode: PairRegistry.newCode
        ).register(on: router)
        PairActionRoutes(pairs: games.pairs, authentication: authentication, guessLimit: folder.rules.rateLimits.guess, clock: clock)
            .register(on: router)
        PictureRoutes(
            reader: stored.archiveReader, pairReader: stored.pairReader, authentication: authentication, storage: calls,
            pictures: pictures, latestHeads: cluster.latestHeads, logger: logger
        ).register(on: router)
        AlbumRoutes(reader: stored.archiveReader, storage: calls, pictures: pictures, logger: logger).register(on: router)
        ShareRoutes(reader: stored.archiveReader, storage: calls, trustedProxies: configuration.trustedProxies, secure: secure)
            .register(on: router)
        ReportRoutes(
            reader: stored.archiveReader, pairReader: stored.pairReader, players: storage.players, registry: games.rooms,
            cluster: cluster.membership, store: stored.moderation,
            authentication: authentication, storage: calls, reportsPerHour: folder.rules.limits.reportsPerHour, clock: clock
        ).register(on: router)
    }

    /// A plain GET of the WebSocket endpoint is told how to open it.
    private func registerWebSocketHint(on router: Router<DoodleRequestContext>) {
        router.get(RouterPath(GameServerChannel.webSocketPath)) { _, _ -> Response in
            throw APIError(
                status: .init(code: 426, reasonPhrase: "Upgrade Required"), code: "upgrade_required",
                message: "this is the WebSocket endpoint: open it with a WebSocket upgrade")
        }
    }

    /// Without a token the admin paths are not routes at all: 404 like any unknown path.
    private func registerAdminRoutes(on router: Router<DoodleRequestContext>, calls: StorageCalls) {
        guard let adminToken = configuration.adminToken else { return }
        AdminRoutes(
            token: adminToken, addresses: addresses, moderation: games.moderation, store: storage.storage.moderation, players: storage.players,
            addressBans: addressBans, storage: calls, clock: clock, logger: logger
        ).register(on: router)
        webClient.registerAdminPage(on: router)
    }

    /// Signing in (protocol §23) and the devices signed in.
    private func registerAccountRoutes(on router: Router<DoodleRequestContext>, authentication: BearerAuthentication, calls: StorageCalls) {
        // One limit per address across every way of signing in.
        let signInLimiter = AddressRateLimiter(rule: folder.rules.rateLimits.signIn)
        AuthRoutes(
            accounts: storage.storage.accounts, verifier: accounts.verifier, hasher: accounts.hasher,
            passwordPolicy: accounts.passwordPolicy, authentication: authentication,
            storage: calls, limiter: signInLimiter, addresses: addresses,
            names: NewPlayerNames(maxLength: folder.rules.limits.maxNameLength, blocklist: folder.blocklist, metrics: metrics), metrics: metrics,
            clock: clock, logger: logger
        ).register(on: router)
        DeviceRoutes(
            accounts: storage.storage.accounts, authentication: authentication, storage: calls, revocation: games.revocation,
            limiter: signInLimiter, addresses: addresses, secure: secure, metrics: metrics, clock: clock, logger: logger
        ).register(on: router)
    }
}
