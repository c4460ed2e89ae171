import DoodleCore
import DoodleStorage
import Logging
import ServiceLifecycle
import UnixSignals

/// Where a long-lived service stands in the server's life, in the order the stages start.
///
/// ServiceLifecycle starts a group's services in the order given and shuts them down in reverse,
/// telling each to stop only once every service after it has returned. So a stage may use every
/// stage above it: those are running before it starts and keep running until it has finished.
/// The services of one stage do not use each other.
enum ServiceStage: CaseIterable, Sendable {
    /// The storage's own services (a connection pool): up before anything that uses them, and
    /// stopped after all of it.
    case storage
    /// What writes to storage for the others: the archive writer, and in a cluster the public-room
    /// publisher and the widget-head announcer. They stop after the rooms, so what the rooms hand
    /// over while closing (drawings, their status, changed heads) is still written and announced.
    case writers
    /// What requests and sessions lean on: the picture render threads, the password hasher and
    /// the providers' keys' HTTP client. They stop once no request or sign-in can be in flight.
    case workers
    /// The party rooms and their timers, stopped once no session can reach them any more.
    case rooms
    /// The connections' side: the heartbeat, and the session runner, which stops once every
    /// connection has closed and what they posted is handled.
    case sessions
    /// The push sender, reading the outbox for as long as the server serves.
    case senders
    /// The HTTP server (every connection, WebSocket or not), stopped after its clients were drained.
    case httpServer
    /// Closes every client with 4001 on shutdown and waits for them to go, before the HTTP
    /// server stops.
    case clientDrain
    /// In a cluster: hearing the other nodes' signals. Stopped before the drain: once this node
    /// has left the cluster, nothing the other nodes send acts on its clients while they are
    /// told to go.
    case clusterSignals
    /// In a cluster: the node's lease, released first of all, so that other nodes stop sending
    /// clients here the moment the shutdown begins, before the clients told to come back later do.
    case nodeLease
}

/// The server's long-lived services, each at its stage, run as one service group.
struct ServerServices: Sendable {
    private var staged: [(stage: ServiceStage, service: any Service)] = []

    init() {}

    mutating func add(_ service: any Service, at stage: ServiceStage) {
        staged.append((stage, service))
    }

    mutating func add(_ services: [any Service], at stage: ServiceStage) {
        for service in services { add(service, at: stage) }
    }

    /// Every service by stage, the services of a stage in the order they were added.
    var inStartOrder: [(stage: ServiceStage, service: any Service)] {
        ServiceStage.allCases.flatMap { stage in staged.filter { $0.stage == stage } }
    }

    /// One group for the whole server: started in stage order, shut down in reverse.
    func serviceGroup(gracefulShutdownSignals: [UnixSignal], logger: Logger) -> ServiceGroup {
        ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: inStartOrder.map { ServiceGroupConfiguration.ServiceConfiguration(service: $0.service) },
                gracefulShutdownSignals: gracefulShutdownSignals, logger: logger))
    }
}

extension ServerServices {
    /// Every long-lived service of the server, at its stage.
    init(
        _ configuration: ServerConfiguration, folder: GameRulesFolder, storage: StorageParts, cluster: ClusterParts, pictures: Pictures,
        games: LiveGames, connections: GameConnectionFactory, accounts: AccountParts, httpServer: any Service, metrics: ServerMetrics,
        clock: any GameClock, logger: Logger
    ) {
        self.init()
        add(storage.storage.services, at: .storage)
        add([storage.archive] + cluster.writers, at: .writers)
        add([pictures.pool, connections.context.addressBans] + accounts.services, at: .workers)
        add(games.rooms, at: .rooms)
        add([Heartbeat(connections: connections.connections, timing: folder.rules.timing, clock: clock), connections.runner], at: .sessions)
        if let notifications = configuration.notifications {
            let sender = NotificationSender(outbox: storage.storage.outbox, settings: notifications, clock: clock, metrics: metrics, logger: logger)
            add(sender, at: .senders)
        }
        add(httpServer, at: .httpServer)
        let rooms = games.rooms
        add(
            ClientDrain(connections: connections.connections, beforeClosing: { await rooms.stopForShutdown() }, logger: logger),
            at: .clientDrain)
        let listener = cluster.signalListener(
            players: storage.playerDirectory, pairs: games.pairs, rooms: games.rooms, moderation: games.moderation, revocation: games.revocation, logger: logger)
        if let listener { add(listener, at: .clusterSignals) }
        if let lease = cluster.nodeLease(registry: games.rooms, pairs: games.pairs) { add(lease, at: .nodeLease) }
    }
}
