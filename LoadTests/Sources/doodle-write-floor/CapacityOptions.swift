import ArgumentParser

/// The capacity search's settings (`--capacity`): groups of 8 connections, each triggered
/// `rate` times a second, searched from `start` in `step`s up to `max`.
struct CapacityOptions: ParsableArguments {
    @Option(name: .customLong("start"), help: "With --capacity: groups of 8 connections in the first step.") var startGroups = 50
    @Option(name: .customLong("step"), help: "With --capacity: groups added at each step.") var stepGroups = 50
    @Option(name: .customLong("max"), help: "With --capacity: groups of the last step; 2000, or as many as the open-file limit holds (2 sockets per connection) if fewer.") var maxGroups: Int?
    @Option(help: "With --capacity: triggers per group per second, as a drawer's strokes.") var rate = 20
    @Option(help: "With --capacity: seconds each step runs before its window.") var warmup = 3.0
    @Option(help: "With --capacity: seconds each step is measured.") var window = 30.0
    @Option(name: .customLong("p99-bound"), help: "With --capacity: the most a passing step's p99 delivery latency may be, milliseconds.") var p99BoundMilliseconds = 50.0
    @Option(help: "With --capacity: the CPU the fan-out's event loop (the server) is pinned to.") var floorCpu = 0
    @Option(help: "With --capacity: the CPU the trigger pacer and the readers' event loop are pinned to.") var loadCpu = 1
    @Option(help: "With --capacity: also write the steps and the result to this file as JSON.") var json: String?
    @Flag(help: "With --capacity: each group's triggers come on a connection of its own, as each room's strokes come on its drawer's; by default one connection carries every group's.") var triggerPerGroup = false

    static let groupSize = 8
    private static let defaultMaxGroups = 2_000
    /// Descriptors besides the connections': listeners, the trigger connection, the event loops' own, standard streams.
    private static let otherDescriptors = 64

    /// A group's connections: its readers', and with --trigger-per-group its trigger connection.
    var connectionsPerGroup: Int { Self.groupSize + (triggerPerGroup ? 1 : 0) }

    /// The most groups whose connections the hard open-file limit holds, both ends of each in this process.
    var groupsTheFileLimitHolds: Int? {
        DescriptorLimit.hard.map { ($0 - Self.otherDescriptors) / (2 * connectionsPerGroup) }
    }

    var lastGroups: Int { maxGroups ?? min(Self.defaultMaxGroups, groupsTheFileLimitHolds ?? Self.defaultMaxGroups) }

    /// Says so when the default --max was cut to the open-file limit, for the search's heading.
    var maxLimitedByFiles: String {
        guard maxGroups == nil, lastGroups < Self.defaultMaxGroups else { return "" }
        return " (\(Self.defaultMaxGroups) groups would need \(Self.defaultMaxGroups * 2 * connectionsPerGroup) sockets; the hard open-file limit is \(DescriptorLimit.hard ?? 0))"
    }

    /// The bounds, checked by the command's `validate()` only with --capacity: the other modes
    /// ignore these options, and must not be refused for a CPU or a file limit they do not need.
    func validateSearch() throws {
        let fits = groupsTheFileLimitHolds ?? 0
        guard fits >= 1 else { throw ValidationError("the open-file limit does not hold one group's connections") }
        if let maxGroups {
            guard (1...fits).contains(maxGroups) else {
                throw ValidationError("--max must be 1–\(fits): the hard open-file limit holds \(fits) groups of \(connectionsPerGroup) connections, 2 sockets each")
            }
        }
        guard (1...lastGroups).contains(startGroups) else { throw ValidationError("--start must be 1–\(lastGroups) (--max)") }
        guard (1...10_000).contains(stepGroups) else { throw ValidationError("--step must be 1–10000") }
        guard (1...1_000).contains(rate) else { throw ValidationError("--rate must be 1–1000 triggers per second") }
        guard (0...600).contains(warmup) else { throw ValidationError("--warmup must be 0–600 s") }
        guard (1...3_600).contains(window) else { throw ValidationError("--window must be 1–3600 s") }
        guard (0.1...60_000).contains(p99BoundMilliseconds) else { throw ValidationError("--p99-bound must be 0.1–60000 ms") }
        let online = ThreadPinning.onlineCPUs
        guard (0..<online).contains(floorCpu), (0..<online).contains(loadCpu) else {
            throw ValidationError("--floor-cpu and --load-cpu must be 0–\(online - 1): this machine has \(online) CPUs online")
        }
        guard floorCpu != loadCpu else { throw ValidationError("--floor-cpu and --load-cpu must differ: the floor gets a CPU of its own") }
    }
}
