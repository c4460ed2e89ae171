import Foundation
import Glibc
import NIOCore

/// One step of the capacity search: `groups` groups set up afresh on the search's two pinned
/// loops, paced through the warm-up and the window, then stopped, drained and checked.
struct CapacityStep {
    let floorLoop: any EventLoop
    let readerLoop: any EventLoop
    let options: CapacityOptions
    let frameBytes: Int
    let floorWatch: CPUStallWatch
    let loadWatch: CPUStallWatch

    /// How long the last deliveries may take to arrive once the pacer has stopped.
    private static let drainSeconds = 2.0

    func run(groups: Int) throws -> StepOutcome {
        let connections = groups * CapacityOptions.groupSize
        let fanOut = try CapacityFanOut(loop: floorLoop, groupSize: CapacityOptions.groupSize, frameBytes: frameBytes)
        let readers: LatencyReaders
        do {
            readers = try LatencyReaders(count: connections, port: fanOut.targetPort, frameBytes: frameBytes, loop: readerLoop)
        } catch {
            try? fanOut.close()
            throw error
        }
        let outcome: StepOutcome
        do {
            outcome = try measure(groups: groups, fanOut: fanOut, readers: readers)
        } catch {
            try? readers.close()
            try? fanOut.close()
            throw error
        }
        try readers.close()
        try fanOut.close()
        return outcome
    }

    private func measure(groups: Int, fanOut: CapacityFanOut, readers: LatencyReaders) throws -> StepOutcome {
        let connections = groups * CapacityOptions.groupSize
        try fanOut.awaitConnections(connections)
        let tcpBefore = TCPCounters()
        var sockets: [Int32] = []
        defer { for socket in sockets { Glibc.close(socket) } }
        for _ in 0..<(options.triggerPerGroup ? groups : 1) {
            sockets.append(try LoopbackSockets.connect(to: LoopbackSockets.address(port: UInt16(fanOut.triggerPort))))
        }
        let schedule = TriggerSchedule(groups: groups, rate: options.rate, start: MonotonicClock.nanoseconds())
        let pacer = TriggerPacer(sockets: sockets, schedule: schedule, cpu: options.loadCpu)
        try pacer.start()
        // Stopped before the socket it writes to closes, should a read below fail first.
        defer { _ = try? pacer.stop() }
        Thread.sleep(forTimeInterval: options.warmup)

        let floorBefore = try fanOut.counts()
        let readersBefore = try readers.startWindow()
        let processBefore = ProcessCPUTime.seconds()
        _ = floorWatch.takeWorstStall()
        _ = loadWatch.takeWorstStall()
        _ = pacer.takeLateness()
        let started = MonotonicClock.nanoseconds()
        Thread.sleep(forTimeInterval: options.window)
        let floorAfter = try fanOut.counts()
        let window = try readers.window()
        let processAfter = ProcessCPUTime.seconds()
        let floorStall = floorWatch.takeWorstStall()
        let loadStall = loadWatch.takeWorstStall()
        let lateness = pacer.takeLateness()
        let wall = Double(MonotonicClock.nanoseconds() - started) / 1e9

        let triggers = try pacer.stop()
        let expected = triggers * CapacityOptions.groupSize
        let drainDeadline = Date().addingTimeInterval(Self.drainSeconds)
        var totals = try readers.totals()
        while totals.frames < expected && Date() < drainDeadline {
            usleep(10_000)
            totals = try readers.totals()
        }
        let floorEnd = try fanOut.counts()
        let tcp = TCPCounters().flatMap { after in tcpBefore.map { after.since($0) } }

        let floorCPU = floorAfter.cpuSeconds - floorBefore.cpuSeconds
        let floorWrites = floorAfter.writes - floorBefore.writes
        var outcome = StepOutcome(
            groups: groups, connections: connections, triggersSent: triggers, deliveriesExpected: expected,
            deliveriesReceived: totals.frames, malformedFrames: totals.malformed, strayTriggers: floorEnd.strayTriggers,
            windowSeconds: wall, deliveriesPerSecond: Double(window.frames - readersBefore.frames) / wall,
            p50Milliseconds: Double(window.p50Microseconds) / 1_000, p99Milliseconds: Double(window.p99Microseconds) / 1_000,
            p999Milliseconds: Double(window.p999Microseconds) / 1_000, maxMilliseconds: Double(window.maxMicroseconds) / 1_000,
            floorCPUSeconds: floorCPU, floorWrites: floorWrites, floorCores: floorCPU / wall,
            deliveriesPerFloorCPUSecond: floorCPU > 0 ? Double(floorWrites) / floorCPU : 0,
            loadCores: (processAfter - processBefore - floorCPU) / wall,
            readerCores: (window.cpuSeconds - readersBefore.cpuSeconds) / wall,
            floorCPUStallMilliseconds: Double(floorStall) / 1e6, loadCPUStallMilliseconds: Double(loadStall) / 1e6, tcp: tcp,
            pacerMaxLatenessMilliseconds: Double(lateness) / 1e6,
            pacerKeptUp: lateness <= schedule.periodNanoseconds)
        outcome.failures = failures(of: outcome)
        return outcome
    }

    private func failures(of step: StepOutcome) -> [String] {
        var failures: [String] = []
        if step.p99Milliseconds > options.p99BoundMilliseconds {
            failures.append("p99 \(StepOutcome.ms(step.p99Milliseconds)) ms > \(StepOutcome.ms(options.p99BoundMilliseconds)) ms")
        }
        if step.deliveriesReceived != step.deliveriesExpected {
            failures.append("\(step.deliveriesExpected - step.deliveriesReceived) deliveries missing \(Int(Self.drainSeconds)) s after the last trigger")
        }
        if step.malformedFrames > 0 { failures.append("\(step.malformedFrames) malformed frames") }
        if step.strayTriggers > 0 { failures.append("\(step.strayTriggers) triggers named no group") }
        if !step.pacerKeptUp {
            failures.append("the pacer fell \(StepOutcome.ms(step.pacerMaxLatenessMilliseconds)) ms behind, more than a period: the generator did not keep up")
        }
        return failures
    }
}
