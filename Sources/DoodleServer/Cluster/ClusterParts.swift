import DoodleStorage
import Logging
import ServiceLifecycle

/// This node's part in a cluster: its membership, what reaches the other nodes (public rooms,
/// widget heads, pair calls), and the services that keep it in the cluster and hear the others.
/// Alone, the membership answers for one node and the rest is absent.
struct ClusterParts: Sendable {
    let membership: ClusterMembership
    /// A cluster lists every node's public rooms from the directory; one node lists its own.
    let pendingPublic: PendingPublicRooms?
    /// The widget-head cache, which a node of a cluster keeps only if it hears the others.
    let latestHeads: LatestHeadCache
    /// Pair rooms are hosted one node at a time only where nodes can reach each other.
    let forwarding: PairForwarding?
    /// Said by the signal listener each time it listens; the node joins once it first has.
    private let listening: AsyncStream<Void>
    private let listeningContinuation: AsyncStream<Void>.Continuation

    /// - Throws: ``ClusterSettingsError`` when the settings name no directory and `storage`
    ///   cannot be shared.
    init(_ configuration: ServerConfiguration, storage: Storage, clock: any GameClock, logger: Logger) throws {
        let directory = try configuration.cluster?.resolvedDirectory(storage: storage)
        let signals = configuration.cluster?.resolvedSignals(storage: storage, logger: logger)
        let membership = ClusterMembership(settings: configuration.cluster, directory: directory, signals: signals, logger: logger)
        self.membership = membership
        pendingPublic = membership.isClustered ? PendingPublicRooms() : nil
        latestHeads = Self.widgetHeads(configuration, clustered: membership.isClustered, hearsOthers: membership.signals != nil, logger: logger)
        forwarding = membership.signals.map { signals in
            PairForwarding(
                nodeID: membership.nodeID, signals: signals, clock: clock, timeoutMilliseconds: PairForwarding.defaultTimeoutMilliseconds,
                retryAfterSeconds: membership.leaseSeconds, logger: logger)
        }
        (listening, listeningContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// How pair rooms learn whether they are hosted here, where nodes can reach each other;
    /// they record their partners' places in `seats`.
    func pairHosting(seats: SeatIndex) -> PairHosting? {
        forwarding.map { PairHosting(membership: membership, forwarding: $0, seats: seats) }
    }

    /// What sends this node's changes to the directory and the other nodes: they stop after
    /// the rooms, whose closing they carry (``ServiceStage/writers``).
    var writers: [any Service] {
        var writers: [any Service] = []
        if let announcements = latestHeads.announcements { writers.append(HeadChangeAnnouncer(pending: announcements, membership: membership)) }
        if let pendingPublic { writers.append(PublicRoomPublisher(pending: pendingPublic, membership: membership)) }
        return writers
    }

    /// The service that hears the other nodes, where they can be heard.
    func signalListener(
        players: PlayerDirectory, pairs: PairRegistry, rooms: RoomRegistry, moderation: LiveModeration, revocation: DeviceRevocation, logger: Logger
    ) -> ClusterSignalListener? {
        guard let signals = membership.signals, let forwarding else { return nil }
        return ClusterSignalListener(
            nodeID: membership.nodeID, signals: signals, players: players, pairs: pairs, rooms: rooms, forwarding: forwarding, latestHeads: latestHeads,
            moderation: moderation, revocation: revocation, listening: listeningContinuation, logger: logger)
    }

    /// The service that keeps this node's lease, in a cluster.
    func nodeLease(registry: RoomRegistry, pairs: PairRegistry) -> NodeLease? {
        membership.isClustered ? NodeLease(membership: membership, registry: registry, pairs: pairs) : nil
    }

    /// The server listens on `boundPort`: a node of a cluster joins it (its address may name
    /// the bound port) once it also listens for the other nodes' signals, so that a node that
    /// hosts rooms hears the calls for them. Called before anyone is told the server runs, so
    /// the "listening on" line means ready, on a node of a cluster too.
    func join(boundPort: Int, logger: Logger) async {
        guard membership.isClustered else { return }
        if membership.signals != nil { await Self.firstListening(listening, within: .seconds(10), logger: logger) }
        await membership.register(boundPort: boundPort)
    }

    /// The widget-head cache. A node of a cluster keeps heads only if it hears of other nodes'
    /// changes; then it also announces its own.
    private static func widgetHeads(_ configuration: ServerConfiguration, clustered: Bool, hearsOthers: Bool, logger: Logger) -> LatestHeadCache {
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
    private static func firstListening(_ listening: AsyncStream<Void>, within limit: Duration, logger: Logger) async {
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
}
