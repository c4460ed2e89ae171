import Foundation
import Synchronization

/// The server's resident memory over a scenario: at the start, the highest sample, and at the
/// end, from `/proc/<pid>/status` every 100 ms while the scenario runs.
public struct MemoryFigures: Sendable, Codable, Equatable {
    public var startBytes: Int
    public var peakBytes: Int
    public var endBytes: Int

    public var growthBytes: Int { peakBytes - startBytes }

    public var summary: String {
        func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }
        return "start \(mib(startBytes)), peak \(mib(peakBytes)) (+\(mib(growthBytes))), end \(mib(endBytes))"
    }
}

/// Samples a process's VmRSS while a scenario runs and says when it passes a safety cap, so that
/// a server without a memory bound is stopped before it takes the machine down with it.
final class MemoryWatch: Sendable {
    private struct State {
        var start = 0
        var peak = 0
        var last = 0
    }

    private let probe: @Sendable () -> ProcessSample?
    private let capBytes: Int
    private let state = Mutex(State())
    private let overCap = Atomic<Bool>(false)

    init(probe: @escaping @Sendable () -> ProcessSample?, capBytes: Int) {
        self.probe = probe
        self.capBytes = capBytes
        let now = probe()?.residentBytes ?? 0
        state.withLock { $0 = State(start: now, peak: now, last: now) }
    }

    /// Whether the process has passed the cap (the scenario should stop what it is doing).
    var isOverCap: Bool { overCap.load(ordering: .relaxed) }

    /// Samples every 100 ms until cancelled.
    func run() async {
        while !Task.isCancelled {
            sample()
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    @discardableResult
    func sample() -> Int {
        let now = probe()?.residentBytes ?? 0
        state.withLock { state in
            state.last = now
            state.peak = max(state.peak, now)
        }
        if now > capBytes { overCap.store(true, ordering: .relaxed) }
        return now
    }

    /// The figures, with a fresh sample as the end.
    func figures() -> MemoryFigures {
        sample()
        return state.withLock { MemoryFigures(startBytes: $0.start, peakBytes: $0.peak, endBytes: $0.last) }
    }
}
