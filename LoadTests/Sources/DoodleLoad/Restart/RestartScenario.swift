import DoodleClient
import DoodleCore
import Foundation
import Logging
import Synchronization

/// `doodle-load --restart-during` (PROTOCOL.md rev 5, "Rooms outlive their server"): rooms of
/// the fixed load draw while the server is stopped with SIGTERM and started again, then killed
/// with -9 and started again. Every player reconnects to the same address with its token, as
/// the browser client does; the scenario counts who came back, how long it took, how many of
/// the drawer's strokes the restored canvas lacks, and, at the end, whether the turn ends once.
///
/// With two servers (the nodes of a cluster) the rooms start on the first. Each stop is of the
/// node that hosts them: the first with SIGTERM (it hands them over), the second with -9 (the
/// other node adopts them when its lease runs out). The players reconnect to the other node,
/// as nginx sends them to a node that answers, and follow its redirects; the stopped node is
/// started again if another stop follows.
public struct RestartScenario: Sendable {
    public struct Configuration: Sendable {
        public var rooms: Int
        public var players: Int
        public var plan: StrokePlan
        /// Seconds of drawing before the first stop, between the stops, and after the last.
        public var phaseSeconds: Int
        /// Seconds the server stays stopped before it is started again.
        public var downSeconds: Double
        public var stops: [RestartableServer.Stop]

        public init(
            rooms: Int, players: Int, plan: StrokePlan, phaseSeconds: Int = 8, downSeconds: Double = 1,
            stops: [RestartableServer.Stop] = [.graceful, .kill]
        ) {
            self.rooms = rooms
            self.players = players
            self.plan = plan
            self.phaseSeconds = phaseSeconds
            self.downSeconds = downSeconds
            self.stops = stops
        }

        public var violation: String? {
            if !(1...500).contains(rooms) { return "--rooms must be 1–500 for a restart run" }
            if !(2...16).contains(players) { return "--players must be 2–16" }
            if !(2...120).contains(phaseSeconds) { return "--window must be 2–120 s for a restart run" }
            return nil
        }
    }

    let configuration: Configuration
    /// One server, or the two nodes of a cluster.
    let servers: [RestartableServer]
    let logger: Logger

    public init(configuration: Configuration, servers: [RestartableServer], logger: Logger) {
        self.configuration = configuration
        self.servers = servers
        self.logger = logger
    }

    var isCluster: Bool { servers.count > 1 }

    /// The one word of every room (`wordChoices` 1), which the guessers guess at the end.
    static let word = "loadtest"

    public func run() async throws -> RestartResult {
        for server in servers { try await server.start() }
        let timeline = RestartTimeline(url: servers[0].webSocketURL)
        let rooms = await withTaskGroup(of: RestartRoomRecord.self) { group in
            for index in 0..<configuration.rooms {
                group.addTask { [configuration, logger] in
                    await RestartRoom(index: index, configuration: configuration, timeline: timeline, logger: logger).run()
                }
            }
            group.addTask { [configuration, servers, logger] in
                if servers.count > 1 {
                    await Self.conductCluster(configuration, nodes: servers, timeline: timeline, logger: logger)
                } else {
                    await Self.conduct(configuration, server: servers[0], timeline: timeline, logger: logger)
                }
                return RestartRoomRecord(index: -1)
            }
            var rooms: [RestartRoomRecord] = []
            for await record in group where record.index >= 0 { rooms.append(record) }
            return rooms
        }
        let archived = await ArchivedDrawings.counts(of: rooms.compactMap(\.drawerId), at: timeline.url)
        for server in servers { await server.stop(.graceful) }
        return RestartResult(
            configuration: configuration, rooms: rooms.sorted { $0.index < $1.index }, timeline: timeline.snapshot(), cluster: isCluster,
            archived: archived)
    }

    /// Two nodes: the stop number `n` is of node `n % 2`, which hosts every room by then (they
    /// start on node 0 and move with each stop). The players' address is the other node's from
    /// the moment of the stop, and their time to resume counts from it: the cluster as a whole
    /// never stopped. The stopped node starts again (a new node to the cluster) if a stop follows.
    private static func conductCluster(_ configuration: Configuration, nodes: [RestartableServer], timeline: RestartTimeline, logger: Logger) async {
        await timeline.waitUntilReady(rooms: configuration.rooms, deadline: .now + .seconds(60))
        for (number, stop) in configuration.stops.enumerated() {
            try? await Task.sleep(for: .seconds(configuration.phaseSeconds))
            let (victim, other) = (nodes[number % 2], nodes[(number + 1) % 2])
            timeline.moveTo(other.webSocketURL)
            timeline.stopping(stop)
            timeline.restarted()
            logger.info("stopping the node hosting the rooms", metadata: ["how": "\(stop.rawValue)", "port": "\(victim.port)"])
            await victim.stop(stop)
            // Started again only for a next stop to move the rooms back to. Not after the last:
            // a node started at a dead node's address ends its lease at once, and the run is to
            // show a dead node's rooms adopted when its lease runs out.
            guard number + 1 < configuration.stops.count else { continue }
            try? await Task.sleep(for: .seconds(configuration.downSeconds))
            do {
                try await victim.start()
            } catch {
                timeline.failed("the stopped node did not start again: \(error)")
                return
            }
        }
        try? await Task.sleep(for: .seconds(configuration.phaseSeconds))
        timeline.finish()
    }

    /// Waits until every room draws, then stops and starts the server as configured, a phase
    /// of drawing apart, and finally tells the rooms to end their turn.
    private static func conduct(_ configuration: Configuration, server: RestartableServer, timeline: RestartTimeline, logger: Logger) async {
        await timeline.waitUntilReady(rooms: configuration.rooms, deadline: .now + .seconds(60))
        for stop in configuration.stops {
            try? await Task.sleep(for: .seconds(configuration.phaseSeconds))
            timeline.stopping(stop)
            logger.info("stopping the server", metadata: ["how": "\(stop.rawValue)"])
            await server.stop(stop)
            try? await Task.sleep(for: .seconds(configuration.downSeconds))
            do {
                try await server.start()
            } catch {
                timeline.failed("the server did not start again: \(error)")
                return
            }
            timeline.restarted()
        }
        try? await Task.sleep(for: .seconds(configuration.phaseSeconds))
        timeline.finish()
    }
}

/// What the rooms share with the conductor: when each stop and restart happened, and whether
/// it is time to end the turn.
final class RestartTimeline: Sendable {
    struct Snapshot: Sendable {
        var stops: [(RestartableServer.Stop, ContinuousClock.Instant)] = []
        var restarts: [ContinuousClock.Instant] = []
        var finishing = false
        var failure: String?
        var ready = 0
    }

    private let state = Mutex(Snapshot())
    /// Where a player (re)connects now: the one server, or the node not being stopped.
    private let address: Mutex<String>

    init(url: String) {
        address = Mutex(url)
    }

    var url: String { address.withLock { $0 } }
    func moveTo(_ url: String) { address.withLock { $0 = url } }

    func snapshot() -> Snapshot { state.withLock { $0 } }
    var isFinishing: Bool { state.withLock { $0.finishing || $0.failure != nil } }
    /// How many stops have happened so far.
    var stopCount: Int { state.withLock { $0.stops.count } }

    func roomReady() { state.withLock { $0.ready += 1 } }
    func stopping(_ how: RestartableServer.Stop) { state.withLock { $0.stops.append((how, .now)) } }
    func restarted() { state.withLock { $0.restarts.append(.now) } }
    func finish() { state.withLock { $0.finishing = true } }
    func failed(_ reason: String) { state.withLock { $0.failure = reason } }

    /// The instant the server started listening again after stop number `stop` (0-based); for
    /// a cluster, the instant of the stop.
    func restart(after stop: Int) -> ContinuousClock.Instant? {
        state.withLock { stop < $0.restarts.count ? $0.restarts[stop] : nil }
    }

    func waitUntilReady(rooms: Int, deadline: ContinuousClock.Instant) async {
        while state.withLock({ $0.ready < rooms }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }
}
