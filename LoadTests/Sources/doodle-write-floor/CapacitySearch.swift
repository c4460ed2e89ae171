import BenchSupport
import Foundation
import NIOCore
import NIOPosix

/// `--through-nio --capacity`: how many groups of 8 (rooms whose drawer sends `rate` strokes a
/// second, each fanned out to all 8) the NIO floor serves on one core within the p99 bound,
/// nothing lost. Steps up from `start` by `step` until a step fails or `max` has passed, and
/// reports the largest passing step. The fan-out's loop has the floor CPU to itself; the pacer,
/// the readers' loop and this thread share the load CPU.
struct CapacitySearch {
    let options: CapacityOptions
    let frameBytes: Int

    func run() throws {
        let began = Date()
        try DescriptorLimit.raiseToHard()
        // Threads start with their creator's CPUs, so this keeps the loops' own start-up off the floor CPU too.
        try ThreadPinning.pinCurrentThread(to: options.loadCpu)
        let floorGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? floorGroup.syncShutdownGracefully() }
        let readerGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? readerGroup.syncShutdownGracefully() }
        let floorLoop = floorGroup.next()
        let readerLoop = readerGroup.next()
        let floorCpu = options.floorCpu, loadCpu = options.loadCpu
        try floorLoop.submit { try ThreadPinning.pinCurrentThread(to: floorCpu) }.wait()
        try readerLoop.submit { try ThreadPinning.pinCurrentThread(to: loadCpu) }.wait()
        let floorWatch = CPUStallWatch(cpu: floorCpu)
        try floorWatch.start()
        defer { floorWatch.stop() }
        let loadWatch = CPUStallWatch(cpu: loadCpu)
        try loadWatch.start()
        defer { loadWatch.stop() }

        var report = CapacityReport(
            groupSize: CapacityOptions.groupSize, rate: options.rate, frameBytes: frameBytes, warmupSeconds: options.warmup,
            windowSeconds: options.window, p99BoundMilliseconds: options.p99BoundMilliseconds, floorCPU: floorCpu,
            loadCPU: loadCpu, startGroups: options.startGroups, stepGroups: options.stepGroups, maxGroups: options.lastGroups,
            triggerPerGroup: options.triggerPerGroup)
        writeFigures(
            "capacity search on the NIO floor: groups of \(CapacityOptions.groupSize), \(options.rate) triggers/s each, frame \(frameBytes) B, "
                + "\(String(format: "%g", options.warmup)) s warm-up + \(String(format: "%g", options.window)) s window per step, p99 bound "
                + "\(String(format: "%g", options.p99BoundMilliseconds)) ms; "
                + (options.triggerPerGroup ? "each group's triggers on its own connection; " : "every group's triggers on one connection; ")
                + "floor on CPU \(floorCpu), load on CPU \(loadCpu); "
                + "\(options.startGroups) to \(options.lastGroups) groups by \(options.stepGroups)\(options.maxLimitedByFiles)\n")
        let step = CapacityStep(
            floorLoop: floorLoop, readerLoop: readerLoop, options: options, frameBytes: frameBytes, floorWatch: floorWatch, loadWatch: loadWatch)
        var groups = options.startGroups
        report.stoppedBecause = "reached --max (\(options.lastGroups) groups)"
        while groups <= options.lastGroups {
            let outcome = try step.run(groups: groups)
            report.steps.append(outcome)
            writeFigures(outcome.line + "\n")
            guard outcome.passed else {
                report.stoppedBecause = stopReason(outcome)
                break
            }
            report.capacity = outcome
            groups += options.stepGroups
        }
        report.searchSeconds = Date().timeIntervalSince(began)
        writeFigures(report.resultLine + "\n")
        writeFigures("stopped: \(report.stoppedBecause); the search took \(Int(report.searchSeconds.rounded())) s\n")
        if let path = options.json { try report.write(to: path) }
    }

    /// Why the search stopped at a failing step, and whether the verdict is the floor's: a load
    /// side with no time to spare may have failed the step itself, and a CPU held from us as
    /// long as the bound makes the tail the machine's.
    private func stopReason(_ step: StepOutcome) -> String {
        var reason = "\(step.groups) groups failed (\(step.failures.joined(separator: "; ")))"
        if step.loadSaturated {
            reason += "; the load threads used \(StepOutcome.two(step.loadCores)) of their one core (the floor thread \(StepOutcome.two(step.floorCores))): "
                + "the load side may have saturated before the floor"
        }
        let stall = max(step.floorCPUStallMilliseconds, step.loadCPUStallMilliseconds)
        if stall >= options.p99BoundMilliseconds {
            reason += "; a pinned CPU was held from us for \(StepOutcome.ms(stall)) ms in the window (the VM's host or another process): "
                + "the failure may be the machine's, not the floor's"
        }
        return reason
    }
}
