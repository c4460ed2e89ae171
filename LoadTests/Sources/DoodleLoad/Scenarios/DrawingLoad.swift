import DoodleClient
import Foundation
import Logging

/// The drawing load: R rooms × P players, every drawer streaming strokes, every member reading.
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
        return await withTaskGroup(of: Void.self) { group in
            var outcomeIterator = outcomes.makeAsyncIterator()
            var handles: [RoomHandle] = []
            var steps: [StepResult] = []
            var setupFailures: [String] = []
            var stopReason = "completed"
            var redirects = 0
            let firstStart = ContinuousClock.now
            for rooms in roomSteps {
                let setupStart = ContinuousClock.now
                var opened = 0
                while handles.count < rooms && setupFailures.isEmpty {
                    let chunk = min(configuration.setupChunk, rooms - handles.count)
                    for _ in 0..<chunk {
                        let handle = RoomHandle(index: handles.count, players: configuration.playersPerRoom)
                        handles.append(handle)
                        let driver = RoomDriver(
                            target: configuration.target, handle: handle, plan: configuration.plan, clock: clock, stop: stop,
                            hostLeaves: configuration.hostLeaves, logger: logger)
                        group.addTask { await driver.run { outcomeSink.yield($0) } }
                    }
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
                    stopReason = "room setup failed at \(rooms) rooms"
                    break
                }
                let setupSeconds = (ContinuousClock.now - setupStart).seconds
                logger.info("rooms streaming", metadata: ["rooms": "\(rooms)", "target": "\(configuration.target.name)"])
                let step = await measure(handles: handles, setupRate: setupSeconds > 0 ? Double(opened) / setupSeconds : 0)
                steps.append(step)
                logger.info(
                    "step measured",
                    metadata: [
                        "rooms": "\(rooms)", "p99ms": "\(step.latency.p99)", "delivered/s": "\(Int(step.deliveredPerSecond))",
                        "errors": "\(step.errorsSoFar)",
                    ])
                if let reason = continueAfter(step) {
                    stopReason = reason
                    break
                }
                let nextStepCost = (ContinuousClock.now - setupStart)
                if rooms != roomSteps.last, ContinuousClock.now - firstStart + nextStepCost > timeBudget {
                    stopReason = "time budget: the next step would outlast the room's turn"
                    break
                }
            }
            stop.stop(drainUntil: clock.nanoseconds() + UInt64(configuration.drain.seconds * 1e9))
            await group.waitForAll()
            outcomeSink.finish()
            var totals = Self.totals(handles: handles)
            totals.failures = Array((setupFailures + totals.failures).prefix(10))
            return DrawingRunResult(
                target: configuration.target.name, playersPerRoom: configuration.playersPerRoom,
                messagesPerSecondPerDrawer: configuration.plan.messagesPerSecond, pointsPerBatch: configuration.plan.pointsPerBatch,
                steps: steps, totals: totals, stopReason: stopReason, serverPeakResidentBytes: probe?()?.peakResidentBytes,
                redirectsFollowed: redirects)
        }
    }

    /// Waits out the warm-up, then measures one window over every room so far.
    private func measure(handles: [RoomHandle], setupRate: Double) async -> StepResult {
        try? await Task.sleep(for: configuration.warmup)
        for handle in handles { for receiver in handle.receivers { _ = receiver.takeWindow() } }
        let sentBefore = handles.reduce(0) { $0 + $1.sendLog.progress.count }
        let sampleBefore = probe?()
        let start = ContinuousClock.now
        try? await Task.sleep(for: configuration.window)
        let seconds = (ContinuousClock.now - start).seconds
        var window = ReceiverStats.Window()
        for handle in handles { for receiver in handle.receivers { window.add(receiver.takeWindow()) } }
        let sampleAfter = probe?()
        let sent = handles.reduce(0) { $0 + $1.sendLog.progress.count } - sentBefore
        var server: ServerUsage?
        if let sampleBefore, let sampleAfter {
            let cpu = sampleAfter.cpuSeconds - sampleBefore.cpuSeconds
            server = ServerUsage(
                cpuSeconds: cpu, cores: cpu / seconds, deliveredPerCPUSecond: cpu > 0 ? Double(window.delivered) / cpu : 0,
                residentBytes: sampleAfter.residentBytes)
        }
        return StepResult(
            rooms: handles.count, connections: handles.count * configuration.playersPerRoom, windowSeconds: seconds,
            targetSentPerSecond: Double(handles.count * configuration.plan.messagesPerSecond), sentPerSecond: Double(sent) / seconds,
            deliveredToGuessersPerSecond: Double(window.deliveredToGuessers) / seconds, deliveredPerSecond: Double(window.delivered) / seconds,
            latency: LatencySummary(window.latency), server: server, setupConnectionsPerSecond: setupRate,
            errorsSoFar: Self.totals(handles: handles, counting: false).errorCount)
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
