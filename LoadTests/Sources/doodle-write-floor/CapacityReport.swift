import Foundation

/// What one step of the capacity search measured, as printed and as written to --json.
struct StepOutcome: Codable {
    var groups: Int
    var connections: Int
    /// Over the whole step (warm-up, window, drain): what the loss check compares.
    var triggersSent: Int
    var deliveriesExpected: Int
    var deliveriesReceived: Int
    var malformedFrames: Int
    var strayTriggers: Int
    /// Over the window.
    var windowSeconds: Double
    var deliveriesPerSecond: Double
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var p999Milliseconds: Double
    var maxMilliseconds: Double
    var floorCPUSeconds: Double
    var floorWrites: Int
    /// The fan-out thread's CPU per wall second.
    var floorCores: Double
    var deliveriesPerFloorCPUSecond: Double
    /// The rest of the process (pacer, readers) per wall second, and the readers' loop alone.
    var loadCores: Double
    var readerCores: Double
    /// The longest each pinned CPU was held from us in the window (CPUStallWatch), ms.
    var floorCPUStallMilliseconds: Double
    var loadCPUStallMilliseconds: Double
    /// Over the whole step; nil if /proc/net could not be read.
    var tcp: TCPCounters?
    var pacerMaxLatenessMilliseconds: Double
    var pacerKeptUp: Bool
    /// Why the step did not pass; empty if it did.
    var failures: [String] = []
    var passed: Bool { failures.isEmpty }

    /// Our threads' CPU on a pinned CPU past which it has little to spare (the kernel's share of
    /// the loopback work is not all charged to them): a step that failed with the load side so
    /// busy is no clear verdict on the floor.
    static let saturatedCores = 0.85

    var loadSaturated: Bool { loadCores >= Self.saturatedCores }

    var line: String {
        "\(groups) groups (\(connections) connections): \(Int(deliveriesPerSecond.rounded())) deliveries/s, "
            + "p99 \(Self.ms(p99Milliseconds)) p999 \(Self.ms(p999Milliseconds)) max \(Self.ms(maxMilliseconds)) ms; "
            + "floor thread \(Self.two(floorCores)) cores = \(Int(deliveriesPerFloorCPUSecond.rounded())) deliveries per CPU-s; "
            + "load threads \(Self.two(loadCores)) cores (readers \(Self.two(readerCores))); "
            + "CPU stalls ≤ floor \(Self.ms(floorCPUStallMilliseconds)), load \(Self.ms(loadCPUStallMilliseconds)) ms; "
            + "pacer late ≤ \(Self.ms(pacerMaxLatenessMilliseconds)) ms; "
            + (tcp.map { "TCP \($0.retransmittedSegments) resent, \($0.retransmissionTimeouts) RTOs, \($0.lossProbes) loss probes; " } ?? "")
            + "\(deliveriesReceived)/\(deliveriesExpected) delivered: "
            + (passed ? "pass" : "FAIL (\(failures.joined(separator: "; ")))")
    }

    static func ms(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }
    static func two(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// The whole search, for --json: its settings, every step, the largest passing one.
struct CapacityReport: Codable {
    var groupSize: Int
    var rate: Int
    var frameBytes: Int
    var warmupSeconds: Double
    var windowSeconds: Double
    var p99BoundMilliseconds: Double
    var floorCPU: Int
    var loadCPU: Int
    var startGroups: Int
    var stepGroups: Int
    var maxGroups: Int
    /// Each group's triggers on a connection of its own (else one connection carries them all).
    var triggerPerGroup: Bool
    var steps: [StepOutcome] = []
    var capacity: StepOutcome?
    var stoppedBecause = ""
    var searchSeconds = 0.0

    var resultLine: String {
        guard let capacity else { return "floor capacity: no step passed" }
        return "floor capacity: \(capacity.groups) groups of \(groupSize) = \(capacity.connections) connections at p99 "
            + "\(StepOutcome.ms(capacity.p99Milliseconds)) ms; \(Int(capacity.deliveriesPerSecond.rounded())) deliveries/s; "
            + "\(StepOutcome.two(capacity.floorCores)) cores; \(Int(capacity.deliveriesPerFloorCPUSecond.rounded())) deliveries per CPU-s"
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}
