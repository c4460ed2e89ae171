import ArgumentParser
import DoodleLoad

/// The options of `doodle-load --capacity`.
struct CapacityArguments: ParsableArguments {
    @Flag(
        help: """
            Capacity: a fresh server on core 0 with --capacity-loops event loops, this generator on core 1; rooms of --players added \
            --capacity-step at a time, each step measured for --capacity-window s, until p99 passes --p99-bound, anything is lost or \
            drawers fall behind. The capacity is the largest step that held. With --baseline, the relay (doodle-relay) is searched too, \
            alternated over --runs.
            """)
    var capacity = false
    @Option(help: "Capacity: rooms in the first step.") var capacityStart = 25
    @Option(help: "Capacity: rooms added per step.") var capacityStep = 25
    @Option(help: "Capacity: most rooms tried.") var capacityMax = 1_000
    @Option(help: "Capacity: seconds measured per step.") var capacityWindow = 30
    @Option(help: "Capacity: the server's event loops.") var capacityLoops = 1
    @Flag(help: "Capacity: search doodle-relay alone, not Doodle (for rounds alternated by hand with other yardsticks).")
    var capacityRelayOnly = false
    @Flag(help: "Capacity: pin nothing; the server and the generator share every core (the row for more than one loop).")
    var capacityUnpinned = false

    func validate() throws {
        guard capacityStart >= 1, capacityStep >= 1, capacityMax >= capacityStart, capacityMax <= 5_000 else {
            throw ValidationError("check the --capacity-* room counts (at most 5000 rooms)")
        }
        guard (5...300).contains(capacityWindow) else { throw ValidationError("--capacity-window must be 5–300 seconds") }
        guard (1...16).contains(capacityLoops) else { throw ValidationError("--capacity-loops must be 1–16") }
        if capacity && !capacityUnpinned && CorePinning.onlineCores < 2 {
            throw ValidationError("--capacity keeps the server and the generator on cores of their own: it needs 2 cores (or --capacity-unpinned)")
        }
    }

    var steps: [Int] { Array(stride(from: capacityStart, through: capacityMax, by: capacityStep)) }
    var serverCores: [Int]? { capacityUnpinned ? nil : [0] }
    var generatorCores: [Int]? { capacityUnpinned ? nil : [1] }
}
