import Foundation
import Glibc
import Synchronization

/// A thread pinned to one CPU that naps 5 ms at a time and notes how much longer each nap took.
/// A nap many ms too long means nothing of ours could run on that CPU for that long: the VM's
/// host took it, or another process did. A step's tail latency that long is then the machine's,
/// not the floor's. It wakes 200 times a second, too few to cost the CPU it watches anything.
final class CPUStallWatch: Sendable {
    private let thread: PinnedThread
    private let worstOversleep = Atomic<UInt64>(0)

    private static let napNanoseconds: UInt64 = 5_000_000

    init(cpu: Int) {
        thread = PinnedThread(cpu: cpu, name: "stall watch \(cpu)")
    }

    var cpu: Int { thread.cpu }

    /// Starts the thread and returns once it is pinned and napping.
    func start() throws {
        try thread.start { self.run() }
    }

    /// The longest a nap overran since the last call, ns; starts the next interval at 0.
    func takeWorstStall() -> UInt64 {
        worstOversleep.exchange(0, ordering: .relaxed)
    }

    func stop() {
        thread.stop()
    }

    private func run() {
        var wake = MonotonicClock.nanoseconds()
        while !thread.isStopRequested {
            wake += Self.napNanoseconds
            MonotonicClock.sleep(until: wake)
            let now = MonotonicClock.nanoseconds()
            worstOversleep.raise(to: now > wake ? now - wake : 0)
            // After a stall, nap from now on: the stall is counted once, not again as each missed nap.
            wake = max(wake, now)
        }
    }
}
