import DoodleClient
import Foundation
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// The drawing load: R rooms × P players, every drawer streaming strokes, every member reading;
/// drawers out of phase, and as the configuration says, wrong guesses and rooms that end and
/// are replaced (`doodle-load` asks for both, and strokes of real drawings' sizes, by default).
///
/// Rooms are added in steps (one step for a fixed load, several for a ramp). After each step's
/// rooms are streaming and a warm-up has passed, one measurement window is taken; then the
/// caller decides whether to add more. At the end drawers stop, receivers drain what is still
/// in flight, and every delivery is accounted for.
public struct DrawingLoad: Sendable {
    public struct Configuration: Sendable {
        public var target: LoadTarget
        public var playersPerRoom: Int
        public var plan: StrokePlan
        public var warmup: Duration
        public var window: Duration
        /// Rooms set up at once; each waits for the previous chunk to be ready.
        public var setupChunk: Int
        /// How long receivers may take, after the drawers stop, to get what was sent.
        public var drain: Duration
        /// Each room is made by one more connection that leaves before the game, so the drawer
        /// is not always on the room's event loop, as in every turn but a game's first.
        public var hostLeaves = false
        /// Whether the rooms' drawers send at different points of the period or all at once.
        public var phase = DrawerPhase.spread
        /// Mean time between one guesser's wrong guesses (shown to the room as chat); nil: none.
        public var guessInterval: Duration?
        /// Mean life of a room; each ends after half to one and a half of it, and a new room
        /// takes its place. The first rooms are met part way through their lives. Nil: rooms
        /// play until the run stops.
        public var roomLifetime: Duration?
        /// The lean generator's rooms play turn after turn, each this long (``LeanTurns``), in
        /// `DrawingLoad.turnByTurnRounds` rounds.
        public var turnLength: Duration = .seconds(80)
        /// Run the rooms on the lean generator (``LeanRoom``) with this many event loops of its
        /// own; nil: on `DoodleClient`, whose rooms play one turn. One server or the relay only,
        /// and no `hostLeaves`.
        public var leanLoops: Int?

        public init(
            target: LoadTarget, playersPerRoom: Int = 8, plan: StrokePlan = StrokePlan(), warmup: Duration = .seconds(3),
            window: Duration = .seconds(10), setupChunk: Int = 16, drain: Duration = .seconds(5)
        ) {
            self.target = target
            self.playersPerRoom = playersPerRoom
            self.plan = plan
            self.warmup = warmup
            self.window = window
            self.setupChunk = setupChunk
            self.drain = drain
        }
    }

    /// Rounds a turn-by-turn room is made with (the rules' most): its turns must outlast it.
    public static let turnByTurnRounds = 10

    /// When the rooms' drawers send within the drawing period.
    public enum DrawerPhase: String, Sendable, Codable {
        /// Each room at its own point of the period, spread evenly (as independent rooms are).
        case spread
        /// Every room at the same instant: the old yardstick, all rooms bursting together.
        case together
    }

    public let configuration: Configuration
    public let logger: Logger
    /// Reads the server's CPU and memory; nil when the server is not ours to read.
    public let probe: (@Sendable () -> ProcessSample?)?

    public init(configuration: Configuration, logger: Logger, probe: (@Sendable () -> ProcessSample?)? = nil) {
        self.configuration = configuration
        self.logger = logger
        self.probe = probe
    }

    /// Runs with `roomSteps` rooms in turn (increasing), measuring one window per step, as long
    /// as `continueAfter` says so and the next step fits in `timeBudget` from the first room.
    public func run(
        roomSteps: [Int],
        timeBudget: Duration = .seconds(225),
        continueAfter: @Sendable (StepResult) -> String? = { _ in nil }
    ) async -> DrawingRunResult {
        let clock = LoadClock()
        let stop = StopSignal()
        let (outcomes, outcomeSink) = AsyncStream.makeStream(of: RoomSetupOutcome.self)
        let rooms = RoomHandles()
        let idleResidentBytes = probe?()?.residentBytes
        let leanGroup = configuration.leanLoops.map { MultiThreadedEventLoopGroup(numberOfThreads: $0) }
        defer { if let leanGroup { leanGroup.shutdownGracefully { _ in } } }
        return await withTaskGroup(of: Void.self) { group in
            var outcomeIterator = outcomes.makeAsyncIterator()
            var slots = 0
            var steps: [StepResult] = []
            var setupFailures: [String] = []
            var stopReason = "completed"
            var redirects = 0
            let firstStart = ContinuousClock.now
            for roomCount in roomSteps {
                let setupStart = ContinuousClock.now
                var opened = 0
                while slots < roomCount && setupFailures.isEmpty {
                    let chunk = min(configuration.setupChunk, roomCount - slots)
                    for _ in 0..<chunk {
                        let slot = RoomSlot(configuration: configuration, rooms: rooms, clock: clock, stop: stop, leanGroup: leanGroup, logger: logger)
                        group.addTask { await slot.run { outcomeSink.yield($0) } }
                    }
                    slots += chunk
                    for _ in 0..<chunk {
                        switch await outcomeIterator.next() {
                        case .ready(_, let connections, let followed):
                            opened += connections
                            redirects += followed
                        case .failed(let index, let reason): setupFailures.append("room \(index): \(reason)")
                        case nil: setupFailures.append("setup stream ended")
                        }
                    }
                }
                if !setupFailures.isEmpty {
                    stopReason = "room setup failed at \(roomCount) rooms"
                    break
                }
                let setupSeconds = (ContinuousClock.now - setupStart).seconds
                logger.info("rooms streaming", metadata: ["rooms": "\(roomCount)", "target": "\(configuration.target.name)"])
                let step = await measure(rooms: rooms, slots: slots, setupRate: setupSeconds > 0 ? Double(opened) / setupSeconds : 0)
                steps.append(step)
                logger.info(
                    "step measured",
                    metadata: [
                        "rooms": "\(roomCount)", "p99ms": "\(step.latency.p99)", "delivered/s": "\(Int(step.deliveredPerSecond))",
                        "errors": "\(step.errorsSoFar)",
                    ])
                if let reason = continueAfter(step) {
                    stopReason = reason
                    break
                }
                let nextStepCost = (ContinuousClock.now - setupStart)
                // Rooms that end and are replaced never outlast their turn; rooms that play on do.
                if configuration.roomLifetime == nil, roomCount != roomSteps.last, ContinuousClock.now - firstStart + nextStepCost > timeBudget {
                    stopReason = "time budget: the next step would outlast the room's turn"
                    break
                }
            }
            stop.stop(drainUntil: clock.nanoseconds() + UInt64(configuration.drain.seconds * 1e9))
            await group.waitForAll()
            outcomeSink.finish()
            var totals = Self.totals(handles: rooms.all)
            totals.failures = Array((setupFailures + rooms.failures + totals.failures).prefix(10))
            return DrawingRunResult(
                target: configuration.target.name, playersPerRoom: configuration.playersPerRoom,
                messagesPerSecondPerDrawer: configuration.plan.messagesPerSecond, pointsPerMessage: configuration.plan.shape.meanPointsPerMessage,
                steps: steps, totals: totals, stopReason: stopReason, serverPeakResidentBytes: probe?()?.peakResidentBytes,
                redirectsFollowed: redirects, roomsPlayed: rooms.all.count, serverIdleResidentBytes: idleResidentBytes,
                turnsDrawn: rooms.all.reduce(0) { $0 + $1.turnsDrawn.load(ordering: .relaxed) })
        }
    }

    /// Waits out the warm-up, then measures one window over every room so far.
    private func measure(rooms: RoomHandles, slots: Int, setupRate: Double) async -> StepResult {
        try? await Task.sleep(for: configuration.warmup)
        let sampleBefore = probe?()
        let generatorBefore = ProcessSample.read(pid: getpid())
        // The counts are read next to the window's two instants, so that they cover its seconds.
        let handlesBefore = rooms.all
        for handle in handlesBefore { _ = handle.window.take() }
        let roomsBefore = handlesBefore.count
        let countsBefore = WindowCounts(handlesBefore)
        let start = ContinuousClock.now
        try? await Task.sleep(for: configuration.window)
        let seconds = (ContinuousClock.now - start).seconds
        let handles = rooms.all
        let counts = WindowCounts(handles).minus(countsBefore)
        var window = ReceiverStats.Window()
        for handle in handles { window.add(handle.window.take()) }
        let sampleAfter = probe?()
        let generatorAfter = ProcessSample.read(pid: getpid())
        let (sent, guesses, idleTicks) = (counts.sent, counts.guesses, counts.ticksBetweenTurns)
        var server: ServerUsage?
        if let sampleBefore, let sampleAfter {
            let cpu = sampleAfter.cpuSeconds - sampleBefore.cpuSeconds
            server = ServerUsage(
                cpuSeconds: cpu, cores: cpu / seconds,
                deliveredPerCPUSecond: cpu > 0 ? Double(window.delivered + window.chatLines) / cpu : 0,
                residentBytes: sampleAfter.residentBytes)
        }
        return StepResult(
            rooms: slots, connections: slots * configuration.playersPerRoom, windowSeconds: seconds,
            targetSentPerSecond: Double(slots * configuration.plan.messagesPerSecond), sentPerSecond: Double(sent) / seconds,
            deliveredToGuessersPerSecond: Double(window.deliveredToGuessers) / seconds, deliveredPerSecond: Double(window.delivered) / seconds,
            latency: LatencySummary(window.latency), server: server, setupConnectionsPerSecond: setupRate,
            errorsSoFar: Self.totals(handles: handles, counting: false).errorCount + rooms.failures.count,
            guessesPerSecond: Double(guesses) / seconds, chatLinesDeliveredPerSecond: Double(window.chatLines) / seconds,
            roomsStarted: handles.count - roomsBefore,
            generatorCores: generatorBefore.flatMap { before in generatorAfter.map { ($0.cpuSeconds - before.cpuSeconds) / seconds } },
            ticksBetweenTurnsPerSecond: Double(idleTicks) / seconds)
    }

    /// The drawers' and guessers' running counts over a set of rooms.
    private struct WindowCounts {
        var sent = 0
        var guesses = 0
        var ticksBetweenTurns = 0

        init(_ handles: [RoomHandle]) {
            for handle in handles {
                sent += handle.sendLog.progress.count
                guesses += handle.guessesSent.load(ordering: .relaxed)
                ticksBetweenTurns += handle.ticksBetweenTurns.load(ordering: .relaxed)
            }
        }

        func minus(_ earlier: WindowCounts) -> WindowCounts {
            var difference = self
            difference.sent -= earlier.sent
            difference.guesses -= earlier.guesses
            difference.ticksBetweenTurns -= earlier.ticksBetweenTurns
            return difference
        }
    }

    /// Adds up every receiver. With `counting`, deliveries still missing count as lost (only
    /// meaningful after the drain).
    static func totals(handles: [RoomHandle], counting: Bool = true) -> DeliveryTotals {
        var totals = DeliveryTotals()
        for handle in handles {
            let sent = handle.sendLog.progress.count
            totals.sent += sent
            for receiver in handle.receivers {
                let seen = receiver.totals
                totals.expectedDeliveries += sent
                totals.receivedDeliveries += seen.received
                if counting { totals.lost += max(0, sent - seen.received) }
                totals.outOfOrder += seen.outOfOrder
                totals.seqGaps += seen.seqGaps
                totals.unrecognised += seen.unrecognised
                totals.serverErrors += seen.serverErrors
                if let failure = seen.failure { totals.failures.append("room \(handle.index): \(failure)") }
            }
        }
        return totals
    }
}

extension Duration {
    /// The duration in seconds, as a Double.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
