import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import Synchronization

/// Does a login flood starve the rooms? The fixed drawing load twice against one server: once
/// alone, once while a `LoginFlood` runs from before its first room until its last delivery.
/// Which goes first alternates from run to run, so neither always gets the cooler machine.
public struct LoginFloodScenario: Sendable {
    let flood: LoginFlood.Configuration
    let playersPerRoom: Int
    let plan: StrokePlan
    let warmup: Duration
    let window: Duration
    let rooms: Int
    let logger: Logger

    /// The flood, and the fixed drawing load's shape (as `doodle-load` runs it by default).
    public init(
        flood: LoginFlood.Configuration, playersPerRoom: Int, plan: StrokePlan, warmup: Duration, window: Duration, rooms: Int, logger: Logger
    ) {
        self.flood = flood
        self.playersPerRoom = playersPerRoom
        self.plan = plan
        self.warmup = warmup
        self.window = window
        self.rooms = rooms
        self.logger = logger
    }

    /// One run against the server at `url` (a fresh one per run: the lockouts of one run must
    /// not carry into the next).
    public func run(index: Int, url: String, probe: (@Sendable () -> ProcessSample?)?) async throws -> LoginFloodRun {
        let client = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: .init(connectionPool: .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 256)))
        do {
            let result = try await run(index: index, url: url, probe: probe, client: client)
            try await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func run(index: Int, url: String, probe: (@Sendable () -> ProcessSample?)?, client: HTTPClient) async throws -> LoginFloodRun {
        let flooding = LoginFlood(configuration: flood, url: url, client: client, logger: logger)
        let accounts = try await flooding.registerAccounts(run: index)
        let floodFirst = index % 2 == 1
        let quiet: DrawingRunResult
        let flooded: (drawing: DrawingRunResult, flood: LoginFloodResult)
        let drawing = DrawingLoad.Configuration(target: .doodle(url: url), playersPerRoom: playersPerRoom, plan: plan, warmup: warmup, window: window)
        if floodFirst {
            flooded = await drawingLoad(drawing, probe: probe, flooding: flooding, accounts: accounts)
            quiet = await drawingLoad(drawing, probe: probe)
        } else {
            quiet = await drawingLoad(drawing, probe: probe)
            flooded = await drawingLoad(drawing, probe: probe, flooding: flooding, accounts: accounts)
        }
        return LoginFloodRun(floodFirst: floodFirst, quiet: quiet, flooded: flooded.drawing, flood: flooded.flood)
    }

    /// The drawing load with the flood running from before its first room until it has finished.
    private func drawingLoad(
        _ configuration: DrawingLoad.Configuration, probe: (@Sendable () -> ProcessSample?)?, flooding: LoginFlood, accounts: [String]
    ) async -> (drawing: DrawingRunResult, flood: LoginFloodResult) {
        let going = FloodSwitch()
        async let flood = flooding.run(accounts: accounts) { going.isOn }
        let drawing = await drawingLoad(configuration, probe: probe)
        going.turnOff()
        return (drawing, await flood)
    }

    private func drawingLoad(_ configuration: DrawingLoad.Configuration, probe: (@Sendable () -> ProcessSample?)?) async -> DrawingRunResult {
        await DrawingLoad(configuration: configuration, logger: logger, probe: probe).run(roomSteps: [rooms])
    }
}

/// On until the drawing load has finished.
private final class FloodSwitch: Sendable {
    private let on = Atomic<Bool>(true)
    var isOn: Bool { on.load(ordering: .relaxed) }
    func turnOff() { on.store(false, ordering: .relaxed) }
}

/// One run of the scenario: the drawing load alone and under the flood.
public struct LoginFloodRun: Sendable, Codable, Equatable {
    /// Whether the flooded drawing load went first in this run.
    public var floodFirst: Bool
    public var quiet: DrawingRunResult
    public var flooded: DrawingRunResult
    public var flood: LoginFloodResult

    public var text: String {
        func line(_ name: String, _ run: DrawingRunResult) -> String {
            guard let step = run.steps.last else { return "  \(name): no measurement (\(run.stopReason))\n" }
            let cores = step.server.map { String(format: ", server %.2f cores", $0.cores) } ?? ""
            return String(
                format: "  %@: stroke p50 %.1f ms, p99 %.1f ms, max %.1f ms; %.0f delivered/s%@; errors %d\n", name, step.latency.p50,
                step.latency.p99, step.latency.max, step.deliveredPerSecond, cores, run.totals.errorCount)
        }
        return line("without the flood", quiet) + line("with the flood", flooded) + flood.text
    }

    /// Medians over runs of what the report quotes.
    public static func mediansText(_ runs: [LoginFloodRun]) -> String {
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        func stat(_ run: DrawingRunResult, _ value: (LatencySummary) -> Double) -> Double { run.steps.last.map { value($0.latency) } ?? 0 }
        let quietP50 = median(runs.map { stat($0.quiet, \.p50) })
        let quietP99 = median(runs.map { stat($0.quiet, \.p99) })
        let floodP50 = median(runs.map { stat($0.flooded, \.p50) })
        let floodP99 = median(runs.map { stat($0.flooded, \.p99) })
        let answered = median(runs.map(\.flood.answeredPerSecond))
        let checked = median(runs.map(\.flood.checkedPerSecond))
        let busy = median(runs.map { Double($0.flood.counts.busy) })
        let locked = median(runs.map { Double($0.flood.counts.lockedOut) })
        let limited = median(runs.map { Double($0.flood.counts.addressLimited) })
        let toRefusalP50 = median(runs.map(\.flood.refusedLatency.p50))
        let toRefusalP99 = median(runs.map(\.flood.refusedLatency.p99))
        return String(
            format: """
                medians of %d runs: stroke p50 %.1f → %.1f ms, p99 %.1f → %.1f ms (without → with the flood); \
                logins answered %.1f/s, checked %.1f/s; 503 busy %.0f, 429 lockout %.0f, 429 address limit %.0f; \
                time to 401 p50 %.0f ms, p99 %.0f ms

                """, runs.count, quietP50, floodP50, quietP99, floodP99, answered, checked, busy, locked, limited, toRefusalP50, toRefusalP99)
    }
}
