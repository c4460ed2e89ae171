import Logging
import Synchronization

/// Slow readers (LoadTests/README.md): rooms with full canvases, clients in them that ask for a
/// `roomState` 30 times a second through a 4 KB receive buffer and never read, and one ordinary
/// room playing meanwhile. It measures what the server's memory does, how soon it drops each
/// slow client, and whether the ordinary room noticed.
public struct SlowReaderScenario: Sendable {
    public struct Configuration: Sendable {
        /// Slow clients in all.
        public var clients: Int
        /// SO_RCVBUF of each slow client, set before it connects.
        public var receiveBufferBytes: Int
        /// How long the slow clients keep going, at most (they stop earlier once all are closed).
        public var duration: Duration
        /// Between two `sync`s of one client: the `other` limit is 30/s.
        public var syncInterval: Duration
        /// Past this server RSS the scenario stops at once and fails: a server without a bound
        /// must not take the shared machine down.
        public var memoryCapBytes: Int
        /// What the verdict asks: growth under this, every client closed within `closeDeadline`.
        public var memoryGrowthBound: Int
        /// The server aborts a client that has taken nothing of its backlog for
        /// `timing.outboundStallSeconds` (5 s), checked once a second, after the kernel's socket
        /// buffers have filled (about 2 s here): 10 s leaves room for a loaded machine.
        public var closeDeadline: Duration
        /// Strokes of 9,984 points on each canvas: 10 fill it to 99,840 of its 100,000 points.
        public var canvasStrokes: Int

        public init(
            clients: Int = 50, receiveBufferBytes: Int = 4096, duration: Duration = .seconds(20), syncInterval: Duration = .milliseconds(34),
            memoryCapBytes: Int = 2 << 30, memoryGrowthBound: Int = 100_000_000, closeDeadline: Duration = .seconds(10),
            canvasStrokes: Int = FullCanvasRoom.fullStrokes
        ) {
            self.clients = clients
            self.receiveBufferBytes = receiveBufferBytes
            self.duration = duration
            self.syncInterval = syncInterval
            self.memoryCapBytes = memoryCapBytes
            self.memoryGrowthBound = memoryGrowthBound
            self.closeDeadline = closeDeadline
            self.canvasStrokes = canvasStrokes
        }
    }

    /// Seats a full-canvas room keeps for slow clients: 16, less its drawer and second player.
    static let slowClientsPerRoom = 14

    public let configuration: Configuration
    public let url: String
    /// The server's memory; nil when the server is not a process of ours (in-process tests).
    public let probe: (@Sendable () -> ProcessSample?)?
    /// What `probe` measures, for the report: the server (``serverMemory``), or in process the test process.
    public let memorySubject: String
    public static let serverMemory = "server RSS"
    public let logger: Logger

    public init(
        configuration: Configuration, url: String, probe: (@Sendable () -> ProcessSample?)?, memorySubject: String = SlowReaderScenario.serverMemory,
        logger: Logger
    ) {
        self.configuration = configuration
        self.url = url
        self.probe = probe
        self.memorySubject = memorySubject
        self.logger = logger
    }

    public func run() async throws -> SlowReaderResult {
        guard let port = RawWebSocket.port(of: url) else { throw LoadError.invalidConfiguration("no port in \(url)") }
        let roomCount = (configuration.clients + Self.slowClientsPerRoom - 1) / Self.slowClientsPerRoom
        logger.info("filling canvases", metadata: ["rooms": "\(roomCount)"])
        return try await withFullRooms(roomCount, []) { rooms in
            logger.info("canvases full; slow readers start", metadata: ["clients": "\(configuration.clients)"])
            let watch = probe.map { MemoryWatch(probe: $0, capBytes: configuration.memoryCapBytes) }
            let (outcomes, playing) = try await PlayingRoom.with(url: url, logger: logger) {
                await slowPhase(port: port, rooms: rooms, watch: watch)
            }
            // Give the server a moment to let go of what the closed clients held.
            try? await Task.sleep(for: .seconds(2))
            return SlowReaderResult(
                configuration: .init(configuration), rooms: rooms, outcomes: outcomes, memory: watch?.figures(),
                memorySubject: memorySubject, memoryCapReached: watch?.isOverCap ?? false, playingRoom: playing,
                serverAlive: memorySubject == Self.serverMemory ? probe.map { $0() != nil } : nil,
                serverMetrics: await MetricsScrape.lines(port: port, containing: ["close", "queued"]))
        }
    }

    /// Opens the full-canvas rooms one after another, nested, so all stay open for `body`.
    private func withFullRooms<T: Sendable>(
        _ count: Int, _ rooms: [FullCanvasRoom], _ body: ([FullCanvasRoom]) async throws -> T
    ) async throws -> T {
        if rooms.count == count { return try await body(rooms) }
        return try await FullCanvasRoom.with(url: url, index: rooms.count, strokes: configuration.canvasStrokes, logger: logger) { room in
            logger.info("canvas full", metadata: ["room": "\(room.code)", "points": "\(room.points)", "roomStateBytes": "\(room.roomStateBytes)"])
            return try await withFullRooms(count, rooms + [room], body)
        }
    }

    private func slowPhase(port: Int, rooms: [FullCanvasRoom], watch: MemoryWatch?) async -> [SlowReaderOutcome] {
        let stop = StopSignal()
        let finished = FinishedReaders()
        return await withTaskGroup(of: SlowReaderOutcome?.self) { group in
            for index in 0..<configuration.clients {
                let reader = SlowReader(
                    index: index, port: port, roomCode: rooms[index / Self.slowClientsPerRoom].code,
                    receiveBufferBytes: configuration.receiveBufferBytes, interval: configuration.syncInterval, stop: stop)
                group.addTask {
                    let outcome = await reader.run()
                    finished.count.add(1, ordering: .relaxed)
                    return outcome
                }
            }
            group.addTask {
                // The referee: ends the phase when every client is gone, time is up, or memory passed the cap.
                let deadline = ContinuousClock.now + configuration.duration
                while ContinuousClock.now < deadline && finished.count.load(ordering: .relaxed) < configuration.clients {
                    watch?.sample()
                    if watch?.isOverCap == true {
                        logger.warning("server memory passed the safety cap: stopping the slow readers")
                        break
                    }
                    try? await Task.sleep(for: .milliseconds(100))
                }
                stop.stop(drainUntil: 1)
                return nil
            }
            var outcomes: [SlowReaderOutcome] = []
            for await outcome in group {
                if let outcome { outcomes.append(outcome) }
            }
            return outcomes.sorted { $0.index < $1.index }
        }
    }
}

/// How many slow readers have finished, shared by them and the referee that ends the phase.
private final class FinishedReaders: Sendable {
    let count = Atomic<Int>(0)
}
