import DoodleClient
import Logging

/// The hostile soak (LoadTests/README.md): while one ordinary room plays, many connections send
/// the server everything it must refuse — malformed, ill-typed, unauthorised, out-of-phase,
/// oversized, badly framed, flooding — and the soak checks that it refuses it the way the
/// contract says, without hurting the room, and that it still serves a new client afterwards.
public struct HostileSoak: Sendable {
    public struct Configuration: Sendable {
        /// Hostile connections open at once.
        public var connections: Int
        /// Hostile frames to send in all (the soak stops once it has, or at `timeLimit`).
        public var frames: Int
        /// One connection in `breakerEvery` comes and goes with closing shots; the rest sit in hostile rooms.
        public var breakerEvery: Int
        /// Members of each hostile room.
        public var roomSize: Int
        /// Messages per second of each seated connection (the `other` limit is 30/s).
        public var seatedRate: Int
        public var timeLimit: Duration
        /// The soak runs at least this long, so that floods (hundreds of frames a shot) do not
        /// reach `frames` before the seated connections have sent their share.
        public var minimumDuration: Duration
        /// How long a breaker waits for the server to close after a closing shot.
        public var closeWait: Duration
        /// The verdict: p99 of the playing room, hello→welcome of a new client afterwards, RSS back near its start.
        public var p99Bound: Double
        public var welcomeBound: Double
        public var memoryReturnBound: Int

        public init(
            connections: Int = 200, frames: Int = 100_000, breakerEvery: Int = 10, roomSize: Int = 9, seatedRate: Int = 20,
            timeLimit: Duration = .seconds(180), minimumDuration: Duration = .seconds(30), closeWait: Duration = .seconds(3), p99Bound: Double = 50, welcomeBound: Double = 100,
            memoryReturnBound: Int = 50_000_000
        ) {
            self.connections = connections
            self.frames = frames
            self.breakerEvery = breakerEvery
            self.roomSize = roomSize
            self.seatedRate = seatedRate
            self.timeLimit = timeLimit
            self.minimumDuration = minimumDuration
            self.closeWait = closeWait
            self.p99Bound = p99Bound
            self.welcomeBound = welcomeBound
            self.memoryReturnBound = memoryReturnBound
        }

        var breakers: Int { max(1, connections / breakerEvery) }
        var seatedRooms: Int { max(1, (connections - breakers) / roomSize) }
    }

    public let configuration: Configuration
    public let url: String
    /// The server's memory; nil when the server is not a process of ours.
    public let probe: (@Sendable () -> ProcessSample?)?
    public let logger: Logger

    public init(configuration: Configuration, url: String, probe: (@Sendable () -> ProcessSample?)?, logger: Logger) {
        self.configuration = configuration
        self.url = url
        self.probe = probe
        self.logger = logger
    }

    public func run() async throws -> HostileResult {
        guard let port = RawWebSocket.port(of: url) else { throw LoadError.invalidConfiguration("no port in \(url)") }
        let tally = HostileTally()
        let watch = probe.map { MemoryWatch(probe: $0, capBytes: 4 << 30) }
        let start = ContinuousClock.now
        let (seconds, playing) = try await PlayingRoom.with(url: url, logger: logger) {
            await attack(port: port, tally: tally, watch: watch)
            return (ContinuousClock.now - start).seconds
        }
        // The sockets are closed; give the server a moment to let go of them before the last sample.
        try? await Task.sleep(for: .seconds(2))
        let welcomes = await welcomeLatencies(count: 5)
        return HostileResult(
            configuration: .init(configuration), seconds: seconds, counts: tally.snapshot, playingRoom: playing, welcomeMilliseconds: welcomes,
            memory: watch?.figures(), serverAlive: probe.map { $0() != nil })
    }

    private func attack(port: Int, tally: HostileTally, watch: MemoryWatch?) async {
        let stop = StopSignal()
        logger.info(
            "hostile soak starts",
            metadata: ["rooms": "\(configuration.seatedRooms)", "breakers": "\(configuration.breakers)", "frames": "\(configuration.frames)"])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<configuration.seatedRooms {
                let room = HostileRoomGroup(
                    index: index, size: configuration.roomSize, port: port, rate: configuration.seatedRate, tally: tally, stop: stop)
                group.addTask { await room.run() }
            }
            for index in 0..<configuration.breakers {
                let breaker = HostileBreaker(index: index, port: port, tally: tally, stop: stop, closeWait: configuration.closeWait)
                group.addTask { await breaker.run() }
            }
            group.addTask {
                let deadline = ContinuousClock.now + configuration.timeLimit
                let earliestEnd = ContinuousClock.now + configuration.minimumDuration
                var reported = 0
                let closingShots = HostileCatalogue.allClosingShots.count
                // Until enough frames are sent, every closing shot has been tried at least once, and the minimum time is up.
                while ContinuousClock.now < deadline
                    && (tally.hostileFrames < configuration.frames || tally.closingShotsSent < closingShots || ContinuousClock.now < earliestEnd)
                {
                    watch?.sample()
                    if tally.hostileFrames >= reported + 20_000 {
                        reported = tally.hostileFrames
                        logger.info("hostile frames sent", metadata: ["frames": "\(reported)"])
                    }
                    try? await Task.sleep(for: .milliseconds(100))
                }
                stop.stop(drainUntil: 1)
            }
        }
    }

    /// hello→welcome of fresh clients, one after another, in milliseconds; nil for one not served.
    private func welcomeLatencies(count: Int) async -> [Double?] {
        var latencies: [Double?] = []
        for index in 0..<count {
            do {
                let milliseconds = try await DoodleClient.withConnection(to: url, configuration: .init(recordsTranscript: false), logger: logger) {
                    connection in
                    let start = ContinuousClock.now
                    _ = try await connection.hello(name: "after\(index)")
                    return (ContinuousClock.now - start).seconds * 1000
                }
                latencies.append(milliseconds)
            } catch {
                logger.warning("a new client was not served", metadata: ["error": "\(error)"])
                latencies.append(nil)
            }
        }
        return latencies
    }
}
