import DoodleLoad
import Foundation
import Logging

/// Runs each scenario against a fresh server process (so its CPU and memory are the
/// scenario's own), or against `--server` when given.
struct Runner {
    let server: String?
    let rules: String
    let logger: Logger
    let configuration: @Sendable (LoadTarget) -> DrawingLoad.Configuration

    func quick() async throws -> DrawingRunResult {
        try await withDoodle { url, probe in await QuickScenario.run(target: .doodle(url: url), logger: logger, probe: probe) }
    }

    func fixed(relay: Bool, rooms: Int) async throws -> DrawingRunResult {
        let body: @Sendable (String, (@Sendable () -> ProcessSample?)?) async -> DrawingRunResult = { [configuration, logger] url, probe in
            let target: LoadTarget = relay ? .relay(url: url) : .doodle(url: url)
            return await DrawingLoad(configuration: configuration(target), logger: logger, probe: probe).run(roomSteps: [rooms])
        }
        return relay ? try await withRelay(body) : try await withDoodle(body)
    }

    /// The fixed drawing load over running cluster nodes (their processes are not ours to measure).
    func cluster(urls: [String], rooms: Int) async -> DrawingRunResult {
        await DrawingLoad(configuration: configuration(.cluster(urls: urls)), logger: logger).run(roomSteps: [rooms])
    }

    /// Adds rooms step by step until a step breaks the bound: on a fresh server of our own, on
    /// `--server`, or over the running cluster nodes `urls` (rooms spread over them as in
    /// `cluster`), so a cluster's capacity curve is measured the way one node's is.
    func ramp(start: Int, step: Int, max: Int, p99Bound: Double, urls: [String]? = nil) async throws -> RampOutcome {
        let steps = Array(stride(from: start, through: max, by: step))
        let stop: @Sendable (StepResult) -> String? = { step in
            if step.errorsSoFar > 0 { return "errors at \(step.rooms) rooms" }
            if step.latency.p99 > p99Bound { return "p99 \(step.latency.p99) ms over \(p99Bound) ms at \(step.rooms) rooms" }
            if !step.drawersKeptUp { return "drawers fell behind at \(step.rooms) rooms (the machine is saturated)" }
            return nil
        }
        let run: DrawingRunResult
        if let urls {
            run = await DrawingLoad(configuration: configuration(.cluster(urls: urls)), logger: logger).run(roomSteps: steps, continueAfter: stop)
        } else {
            run = try await withDoodle { [configuration, logger] url, probe in
                await DrawingLoad(configuration: configuration(.doodle(url: url)), logger: logger, probe: probe).run(roomSteps: steps, continueAfter: stop)
            }
        }
        let sustained = run.steps.last { $0.errorsSoFar == 0 && $0.latency.p99 <= p99Bound && $0.drawersKeptUp }
        return RampOutcome(run: run, p99BoundMilliseconds: p99Bound, maxSustained: sustained)
    }

    /// Adds rooms step by step to a fresh server (or relay) with `eventLoops` loops on
    /// `serverCores`, while this process runs on `generatorCores`, until a step breaks the
    /// bound; the capacity is the largest step that held it.
    func capacity(
        relay: Bool, eventLoops: Int, serverCores: [Int]?, generatorCores: [Int]?, steps: [Int], p99Bound: Double, shape: String
    ) async throws -> CapacityResult {
        if let generatorCores { try CorePinning.pinThisProcess(toCores: generatorCores) } else { try CorePinning.unpinThisProcess() }
        let stop: @Sendable (StepResult) -> String? = { CapacityResult.failure(of: $0, p99Bound: p99Bound) }
        let body: @Sendable (String, (@Sendable () -> ProcessSample?)?) async -> DrawingRunResult = { [configuration, logger] url, probe in
            await DrawingLoad(configuration: configuration(relay ? .relay(url: url) : .doodle(url: url)), logger: logger, probe: probe)
                .run(roomSteps: steps, continueAfter: stop)
        }
        let run =
            if relay {
                try await withRelay(cores: serverCores, eventLoops: eventLoops, body)
            } else {
                try await withDoodle(extraArguments: ["--event-loops", "\(eventLoops)"], cores: serverCores, body)
            }
        return CapacityResult(
            target: relay ? "relay" : "doodle", eventLoops: eventLoops, serverCores: serverCores, generatorCores: generatorCores,
            p99BoundMilliseconds: p99Bound, shape: relay ? shape + "; the relay's rooms carry the strokes only" : shape, run: run)
    }

    func idle(sizes: [Int], hold: Duration) async throws -> IdleResult {
        try await withDoodle { [logger] url, probe in
            await IdleLoad(url: url, sizes: sizes, logger: logger, probe: probe).run(keepOpen: hold)
        }
    }

    func slowReaders(_ configuration: SlowReaderScenario.Configuration) async throws -> SlowReaderResult {
        try await withDoodle { [logger] url, probe in
            try await SlowReaderScenario(configuration: configuration, url: url, probe: probe, logger: logger).run()
        }
    }

    func hostile(_ configuration: HostileSoak.Configuration) async throws -> HostileResult {
        try await withDoodle { [logger] url, probe in
            try await HostileSoak(configuration: configuration, url: url, probe: probe, logger: logger).run()
        }
    }

    func canvasMemory(_ configuration: CanvasMemory.Configuration) async throws -> CanvasMemoryResult {
        try await withDoodle { [logger] url, probe in
            guard let probe else { throw LoadError.invalidConfiguration("--canvas-memory measures a server of its own: leave out --server") }
            return try await CanvasMemory(configuration: configuration, url: url, probe: probe, logger: logger).run()
        }
    }

    func pairs(_ configuration: PairLoadConfiguration) async throws -> PairLoadResult {
        try await withDoodle { [logger] url, probe in
            await PairLoad(configuration: configuration, url: url, probe: probe, logger: logger).run()
        }
    }

    func widgets(_ configuration: WidgetPolling.Configuration) async throws -> WidgetPollingResult {
        try await withDoodle { [logger] url, _ in
            try await WidgetPolling(configuration: configuration, url: url, logger: logger).run()
        }
    }

    func telephone(_ configuration: TelephoneLoadConfiguration) async throws -> TelephoneLoadResult {
        try await withDoodle { [logger] url, probe in
            await TelephoneLoad(configuration: configuration, url: url, probe: probe, logger: logger).run()
        }
    }

    /// Quick play against `urls` (a running cluster), or against one server: `--server` or a fresh one.
    func quickPlay(_ configuration: QuickPlayLoadConfiguration, urls: [String]?) async throws -> QuickPlayLoadResult {
        if let urls { return await QuickPlayLoad(configuration: configuration, urls: urls, probe: nil, logger: logger).run() }
        return try await withDoodle { [logger] url, probe in
            await QuickPlayLoad(configuration: configuration, urls: [url], probe: probe, logger: logger).run()
        }
    }

    /// The drawing load with and without a login flood, on a fresh server (`--server` when
    /// given: it must trust 127.0.0.1 as a proxy). The server trusts the tool as its proxy, so
    /// the flood's `X-Forwarded-For` addresses are the clients the server sees.
    func loginFlood(_ scenario: LoginFloodScenario, index: Int) async throws -> LoginFloodRun {
        try await withDoodle(extraArguments: ["--trusted-proxies", "127.0.0.1"]) { url, probe in
            try await scenario.run(index: index, url: url, probe: probe)
        }
    }

    // MARK: - Servers

    /// `--restart-during`: a server of its own on a fixed port and a scratch SQLite file,
    /// stopped and started again under the rooms' load; with `clusterDatabase`, two nodes of a
    /// cluster on that PostgreSQL database, each stopped in turn. The servers' logs are left for
    /// the caller, who keeps them when the run failed.
    func restartDuring(_ configuration: RestartScenario.Configuration, clusterDatabase: String?) async throws -> RestartResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-load-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let serverRules = try LoadRules.folder(copying: rules, into: scratch)
        let executable = ServerProcess.executableDirectory.appendingPathComponent("doodle-server")
        let servers: [RestartableServer]
        if let clusterDatabase {
            // A short lease, so that a killed node's rooms are adopted 3 s after its last renewal.
            let arguments = ["--rules", serverRules, "--database", clusterDatabase, "--log-level", "info", "--node-lease-ms", "3000"]
            servers = try (0..<2).map { _ in try RestartableServer(executable: executable, arguments: arguments, clusterNode: true, logger: logger) }
        } else {
            let database = scratch.appendingPathComponent("doodle.sqlite").path
            servers = [try RestartableServer(executable: executable, arguments: ["--rules", serverRules, "--database", database, "--log-level", "info"], logger: logger)]
        }
        var result = try await RestartScenario(configuration: configuration, servers: servers, logger: logger).run()
        result.serverLogs = servers.map(\.logPath)
        return result
    }

    private func withDoodle<T: Sendable>(
        extraArguments: [String] = [], cores: [Int]? = nil, _ body: (String, (@Sendable () -> ProcessSample?)?) async throws -> T
    ) async throws -> T {
        if let server { return try await body(server, nil) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-load-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let serverRules = try LoadRules.folder(copying: rules, into: scratch)
        let database = scratch.appendingPathComponent("doodle.sqlite").path
        return try await ServerProcess.with(
            executable: ServerProcess.executableDirectory.appendingPathComponent("doodle-server"),
            arguments: ["--host", "127.0.0.1", "--port", "0", "--rules", serverRules, "--database", database, "--log-level", "info"]
                + extraArguments,
            cores: cores, logger: logger
        ) { running in
            try await body(running.webSocketURL) { running.sample() }
        }
    }

    private func withRelay<T: Sendable>(
        cores: [Int]? = nil, eventLoops: Int? = nil, _ body: (String, (@Sendable () -> ProcessSample?)?) async throws -> T
    ) async throws -> T {
        try await ServerProcess.with(
            executable: ServerProcess.executableDirectory.appendingPathComponent("doodle-relay"),
            arguments: ["--host", "127.0.0.1", "--port", "0"] + (eventLoops.map { ["--event-loops", "\($0)"] } ?? []), cores: cores, logger: logger
        ) { running in
            try await body(running.webSocketURL) { running.sample() }
        }
    }
}
