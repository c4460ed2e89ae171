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
    let server: RestartableServer
    let logger: Logger

    public init(configuration: Configuration, server: RestartableServer, logger: Logger) {
        self.configuration = configuration
        self.server = server
        self.logger = logger
    }

    /// The one word of every room (`wordChoices` 1), which the guessers guess at the end.
    static let word = "loadtest"

    public func run() async throws -> RestartResult {
        try await server.start()
        let timeline = RestartTimeline()
        let rooms = await withTaskGroup(of: RestartRoomRecord.self) { group in
            for index in 0..<configuration.rooms {
                group.addTask { [configuration, server, logger] in
                    await RestartRoom(index: index, configuration: configuration, url: server.webSocketURL, timeline: timeline, logger: logger).run()
                }
            }
            group.addTask { [configuration, server, logger] in
                await Self.conduct(configuration, server: server, timeline: timeline, logger: logger)
                return RestartRoomRecord(index: -1)
            }
            var rooms: [RestartRoomRecord] = []
            for await record in group where record.index >= 0 { rooms.append(record) }
            return rooms
        }
        await server.stop(.graceful)
        return RestartResult(configuration: configuration, rooms: rooms.sorted { $0.index < $1.index }, timeline: timeline.snapshot())
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

    func snapshot() -> Snapshot { state.withLock { $0 } }
    var isFinishing: Bool { state.withLock { $0.finishing || $0.failure != nil } }
    /// How many stops have happened so far.
    var stopCount: Int { state.withLock { $0.stops.count } }

    func roomReady() { state.withLock { $0.ready += 1 } }
    func stopping(_ how: RestartableServer.Stop) { state.withLock { $0.stops.append((how, .now)) } }
    func restarted() { state.withLock { $0.restarts.append(.now) } }
    func finish() { state.withLock { $0.finishing = true } }
    func failed(_ reason: String) { state.withLock { $0.failure = reason } }

    /// The instant the server started listening again after stop number `stop` (0-based).
    func restart(after stop: Int) -> ContinuousClock.Instant? {
        state.withLock { stop < $0.restarts.count ? $0.restarts[stop] : nil }
    }

    func waitUntilReady(rooms: Int, deadline: ContinuousClock.Instant) async {
        while state.withLock({ $0.ready < rooms }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
    }
}
