import Foundation

/// Everything one invocation measured, as written to the JSON file.
public struct LoadReport: Sendable, Codable, Equatable {
    public var date: String
    public var command: String
    public var machine: MachineInfo
    /// Fixed-load runs: Doodle's, and the bare relay's under the identical load.
    public var doodleRuns: [DrawingRunResult] = []
    public var relayRuns: [DrawingRunResult] = []
    public var ramp: RampOutcome?
    /// Doodle at half of the ramp's largest sustained load.
    public var halfLoad: DrawingRunResult?
    public var idle: IdleResult?
    public var targets: [TargetCheck] = []

    public init(command: String, machine: MachineInfo, date: Date = Date()) {
        self.command = command
        self.machine = machine
        self.date = ISO8601DateFormatter().string(from: date)
    }

    /// The median of Doodle's and the relay's delivered messages per server CPU second.
    public var doodlePerCPUSecond: Double? { Self.median(doodleRuns.compactMap { $0.steps.last?.server?.deliveredPerCPUSecond }) }
    public var relayPerCPUSecond: Double? { Self.median(relayRuns.compactMap { $0.steps.last?.server?.deliveredPerCPUSecond }) }
    public var ratioToRelay: Double? {
        guard let doodle = doodlePerCPUSecond, let relay = relayPerCPUSecond, relay > 0 else { return nil }
        return doodle / relay
    }

    /// True when no run lost or reordered anything.
    public var isClean: Bool {
        (doodleRuns + relayRuns + [ramp?.run, halfLoad].compactMap { $0 }).allSatisfy(\.totals.isClean)
            && (idle?.failures.isEmpty ?? true)
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// A ramp and what it found.
public struct RampOutcome: Sendable, Codable, Equatable {
    public var run: DrawingRunResult
    public var p99BoundMilliseconds: Double
    /// The largest step whose p99 stayed within the bound with no errors and drawers keeping up.
    public var maxSustained: StepResult?

    public init(run: DrawingRunResult, p99BoundMilliseconds: Double, maxSustained: StepResult?) {
        self.run = run
        self.p99BoundMilliseconds = p99BoundMilliseconds
        self.maxSustained = maxSustained
    }
}

/// One of the targets, measured.
public struct TargetCheck: Sendable, Codable, Equatable {
    public var name: String
    public var goal: String
    public var measured: String
    public var met: Bool
}
