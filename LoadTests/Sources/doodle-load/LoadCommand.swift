import ArgumentParser
import DoodleLoad
import Foundation
import Logging

/// `doodle-load`: drawing load, ramp, relay baseline, idle capacity, slow readers, the
/// hostile soak and pair mode against `doodle-server`.
/// See LoadTests/README.md.
@main
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-load",
        abstract: "Load tests for the Doodle server.",
        discussion: "Without --server it starts doodle-server (and doodle-relay for --baseline) from its own build folder on port 0.")

    @Option(help: "Target a running Doodle server at this WebSocket URL (127.0.0.1 only) instead of starting one.")
    var server: String?

    @Option(
        help: """
            A cluster: running nodes' WebSocket URLs, comma-separated (127.0.0.1 only). The fixed drawing load spreads its rooms \
            over them; joiners start on a node other than the host and follow its redirect.
            """)
    var servers: String?

    @OptionGroup(title: "Quick play")
    var quickPlay: QuickPlayArguments

    @OptionGroup(title: "Capacity")
    var capacity: CapacityArguments

    @Flag(help: "Telephone: --rooms telephone rooms of --telephone-players play one game each at once; steps, reveal size and latency, leaks, server CPU per game.")
    var telephone = false
    @Option(help: "Telephone: players per room (3–16).") var telephonePlayers = 8

    @Flag(help: "The smoke run: a few rooms for a few seconds; fails on any lost or out-of-order message.")
    var quick = false

    @Flag(help: "Everything: fixed load with baseline (--runs times), ramp, half load, idle; rewrites LATEST.md.")
    var full = false

    @Option(help: "Rooms for the fixed load.") var rooms = 20
    @Option(help: "Players per room (2–16).") var players = 8
    @Option(help: "Drawing messages per second per drawer (at most 120).") var rate = 20
    @OptionGroup(title: "What the rooms do")
    var shape: LoadShapeArguments
    @Option(help: "Measurement window per step, seconds.") var window = 10
    @Option(help: "Warm-up before each window, seconds.") var warmup = 3
    @Option(help: "Repetitions of the fixed load (the report gives medians).") var runs = 1
    @Flag(help: "Each room is made by an extra connection that leaves before the game, so the drawer is on the room's event loop only by chance, as in a real game's later turns.")
    var hostLeaves = false

    @Flag(help: "Also run the bare relay (doodle-relay) under the identical fixed load.")
    var baseline = false

    @Flag(help: "Increase rooms step by step until p99 exceeds --p99-bound or errors appear.")
    var ramp = false
    @Option(help: "Rooms in the ramp's first step.") var rampStart = 10
    @Option(help: "Rooms added per ramp step.") var rampStep = 10
    @Option(help: "Most rooms the ramp tries.") var rampMax = 400
    @Option(help: "The ramp's p99 bound, milliseconds.") var p99Bound = 50.0

    @Flag(help: "After the ramp, measure Doodle at half of its largest sustained load.")
    var halfLoad = false

    @Option(help: "Idle session counts, comma-separated (e.g. 5000,19000).") var idle: String?
    @Option(help: "Seconds to keep the idle sessions open after the last count (several generators against one --server).")
    var idleHold = 0

    @Flag(help: "Slow readers: full-canvas rooms, clients that ask for roomState and never read, one room playing (docs/reliability.md).")
    var slowReaders = false
    @Option(help: "Slow-reader clients.") var slowClients = 50
    @Option(help: "At most this many seconds of slow readers.") var slowSeconds = 20

    @Flag(help: "Hostile soak: malformed, unauthorised, oversized and flooding traffic while a room plays (docs/reliability.md).")
    var hostile = false
    @Option(help: "Hostile connections at once.") var hostileConnections = 200
    @Option(help: "Hostile frames in all.") var hostileFrames = 100_000
    @Option(help: "At most this many seconds of hostile traffic.") var hostileSeconds = 180
    @Option(help: "At least this many seconds of hostile traffic.") var hostileMinSeconds = 30

    @Option(help: "Canvas memory: points per room, comma-separated (e.g. 5000,100000); one fresh server per size.")
    var canvasMemory: String?
    @Option(help: "Rooms drawing at once in a canvas-memory run.") var canvasRooms = 20
    @Option(help: "Points per drawing message in a canvas-memory run (1–256).") var canvasBatch = 8

    @Option(help: "Pair mode: pair counts, comma-separated (e.g. 50,200,1000), each against a fresh server; one partner of each pair online at a time.")
    var pairs: String?
    @Option(help: "Pair mode: measured seconds per size.") var pairWindow = 20
    @Option(help: "Pair mode: warm-up seconds after the pairs are set up.") var pairWarmup = 5
    @Option(help: "Pair mode: seconds a partner stays online before the other takes over.") var pairRotation = 6.0
    @Option(help: "Pair mode: milliseconds between a drawingSent and the partner's next drawing.") var pairThinkMs = 1000

    @Option(help: "Stop a slow-reader run when the server's RSS passes this many MiB (the machine is shared).")
    var memoryCapMib = 2048

    @Option(help: "Widgets: pairs whose two players poll GET /v1/me/latest-received.png (one received a drawing, one shows the starter).")
    var widgets: Int?
    @Option(help: "Widgets: milliseconds between one player's polls.") var widgetIntervalMs = 1000
    @Option(help: "Widgets: measured seconds.") var widgetSeconds = 20
    @Option(help: "Widgets: seconds of polling before the measurement (every first fetch renders).") var widgetWarmup = 20
    @Option(help: "Widgets: share of polls with If-None-Match (0–1).") var widgetConditional = 0.9
    @Flag(help: "Widgets: poll GET /v1/health instead, the same way: the floor of one HTTP answer on this machine.")
    var widgetFloor = false

    @Option(
        help: """
            Login flood: POST /v1/auth/login this many times a second (half unknown emails, half wrong passwords) while the \
            fixed drawing load runs, and the same load without it; --runs times, each on a fresh server.
            """)
    var loginFlood: Int?
    @Option(help: "Login flood: accounts registered first, which the wrong-password half goes to.") var loginFloodAccounts = 4
    @Option(help: "Login flood: client addresses the logins claim (X-Forwarded-For), 1–512.") var loginFloodAddresses = 256

    @Flag(
        help: """
            Restart during load: the fixed load's rooms draw while the server (one of its own) is stopped with SIGTERM and \
            started again, then killed with -9 and started again; reports players resumed, time to resume, strokes lost and \
            turns ended twice. --window is the drawing time before, between and after the stops.
            """)
    var restartDuring = false
    @Option(help: "Restart during load: seconds the server stays stopped.") var restartDownSeconds = 1.0
    @Option(
        help: """
            Restart during load, two nodes: run the two nodes of a cluster on this PostgreSQL database (postgres://…; an empty \
            database, which the nodes migrate). The node hosting the rooms is stopped with SIGTERM (its rooms move to the other), \
            then the other with -9 (its rooms are adopted when its 3 s lease runs out); the players reconnect to the node left.
            """)
    var restartCluster: String?
    @Option(help: "Restart during load: the server's timing.checkpointMillis, which bounds what kill -9 may lose.") var checkpointMillis = 1000

    @Option(help: "Where to write the JSON report.") var json = "LoadTests/results/last-run.json"
    @Option(help: "The Markdown summary a full run rewrites.") var latest = "LoadTests/results/LATEST.md"
    @Option(help: "The GameRules folder for the server the tool starts.") var rules = "./GameRules"
    @Option(help: "Log level of the tool (the servers log at info to a temporary file).") var logLevel = "info"

    func validate() throws {
        if let server {
            guard server.hasPrefix("ws://127.0.0.1:") || server.hasPrefix("ws://localhost:") else {
                throw ValidationError("--server must be a ws://127.0.0.1:PORT/v1/ws address: load goes only to this machine")
            }
            if baseline || full { throw ValidationError("--baseline and --full start their own servers; leave out --server") }
        }
        if let servers {
            let urls = clusterURLs(servers)
            guard !urls.isEmpty, urls.allSatisfy({ $0.hasPrefix("ws://127.0.0.1:") || $0.hasPrefix("ws://localhost:") }) else {
                throw ValidationError("--servers takes ws://127.0.0.1:PORT/v1/ws addresses, comma-separated: load goes only to this machine")
            }
            if server != nil { throw ValidationError("give --server or --servers, not both") }
            if !quickPlay.quickPlay && (quick || full || baseline || halfLoad || slowReaders || hostile || pairs != nil || widgets != nil || idle != nil || canvasMemory != nil) {
                throw ValidationError("--servers runs the fixed drawing load, --ramp or --quick-play only: leave out the other scenarios")
            }
        }
        if let violation = loginFloodConfiguration?.violation { throw ValidationError(violation) }
        if loginFlood != nil, quick || full || baseline || ramp || slowReaders || hostile || pairs != nil || widgets != nil || idle != nil
            || canvasMemory != nil || quickPlay.quickPlay || servers != nil
        {
            throw ValidationError("--login-flood runs alone (with the fixed drawing load's options): leave out the other scenarios")
        }
        if restartDuring {
            if server != nil || servers != nil { throw ValidationError("--restart-during stops and starts a server of its own; leave out --server and --servers") }
            if let violation = RestartScenario.Configuration(rooms: rooms, players: players, plan: restartPlan, phaseSeconds: window).violation {
                throw ValidationError(violation)
            }
            guard restartDownSeconds >= 0, restartDownSeconds <= 60, (1...60_000).contains(checkpointMillis) else {
                throw ValidationError("--restart-down-seconds must be 0–60 and --checkpoint-millis 1–60000")
            }
        }
        if let restartCluster {
            guard restartDuring else { throw ValidationError("--restart-cluster goes with --restart-during") }
            guard restartCluster.hasPrefix("postgres://") || restartCluster.hasPrefix("postgresql://") else {
                throw ValidationError("--restart-cluster takes a postgres:// URL")
            }
        }
        if telephone {
            if let violation = telephoneConfiguration.violation { throw ValidationError(violation) }
            if quickPlay.quickPlay || quick || full || baseline || ramp || slowReaders || hostile || pairs != nil || widgets != nil || idle != nil
                || canvasMemory != nil || servers != nil || restartDuring || loginFlood != nil
            {
                throw ValidationError("--telephone runs alone: leave out the other scenarios")
            }
        }
        if quickPlay.quickPlay {
            if let violation = quickPlay.configuration.violation { throw ValidationError(violation) }
            if quick || full || baseline || ramp || slowReaders || hostile || pairs != nil || widgets != nil || idle != nil || canvasMemory != nil {
                throw ValidationError("--quick-play runs alone: leave out the other scenarios")
            }
        }
        guard (2...16).contains(players) else { throw ValidationError("--players must be 2–16") }
        guard rooms >= 1, runs >= 1, runs <= 10, window >= 1, window <= 120, warmup >= 0 else { throw ValidationError("check --rooms, --runs, --window, --warmup") }
        guard rampStart >= 1, rampStep >= 1, rampMax >= rampStart else { throw ValidationError("check the --ramp-* options") }
        // A turn of at most 240 s is one drawing (a ramp keeps its first rooms drawing for one).
        if let violation = shape.plan(messagesPerSecond: rate).violation(forSeconds: 240) { throw ValidationError(violation) }
        try shape.validate(turnByTurn: capacity.capacity, players: players)
        if let idle { guard parseSizes(idle) != nil else { throw ValidationError("--idle takes counts like 1000,5000") } }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level") }
        if let pairs {
            guard let sizes = parseSizes(pairs) else { throw ValidationError("--pairs takes counts like 50,200,1000") }
            for size in sizes {
                if let violation = pairConfiguration(pairs: size).violation { throw ValidationError(violation) }
            }
        }
        guard slowClients >= 1, slowClients <= 500, slowSeconds >= 1, memoryCapMib >= 64 else { throw ValidationError("check the --slow-* options") }
        if let canvasMemory {
            guard let sizes = parseSizes(canvasMemory), !sizes.isEmpty else { throw ValidationError("--canvas-memory takes point counts like 5000,100000") }
            if server != nil { throw ValidationError("--canvas-memory reads the memory of a server it starts; leave out --server") }
            guard canvasRooms >= 1, canvasRooms <= 200 else { throw ValidationError("--canvas-rooms must be 1–200") }
            guard (1...256).contains(canvasBatch) else { throw ValidationError("--canvas-batch must be 1–256 (the contract's most per message)") }
            // A drawing holds at most 2,000 strokes and 100,000 points (PROTOCOL.md).
            for size in sizes {
                let configuration = CanvasMemory.Configuration(rooms: canvasRooms, points: size, pointsPerMessage: canvasBatch)
                if let violation = configuration.violation { throw ValidationError("--canvas-memory \(size): \(violation)") }
            }
        }
        guard hostileConnections >= 10, hostileFrames >= 1, hostileSeconds >= 1, hostileMinSeconds >= 0, hostileMinSeconds <= hostileSeconds else { throw ValidationError("check the --hostile-* options") }
    }

    func run() async throws {
        let logger = makeLogger()
        let descriptorLimit = FileLimit.raiseToHardLimit()
        var report = LoadReport(
            command: (["doodle-load"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
            machine: MachineInfo.current(descriptorLimit: descriptorLimit))
        let plan = shape.plan(messagesPerSecond: rate)
        let (players, warmup, window, hostLeaves, shape) = (players, Duration.seconds(warmup), Duration.seconds(window), hostLeaves, shape)
        let runner = Runner(
            server: server, rules: rules, logger: logger,
            configuration: { target in
                var configuration = shape.applied(
                    to: DrawingLoad.Configuration(target: target, playersPerRoom: players, plan: plan, warmup: warmup, window: window))
                configuration.hostLeaves = hostLeaves
                return configuration
            })

        if quickPlay.quickPlay {
            try await runQuickPlay(runner: runner, machine: report.machine)
            return
        }
        if capacity.capacity {
            try await runCapacity(plan: plan, machine: report.machine)
            return
        }
        if telephone {
            try await runTelephone(runner: runner, machine: report.machine)
            return
        }
        if restartDuring {
            let configuration = RestartScenario.Configuration(
                rooms: rooms, players: players, plan: restartPlan, phaseSeconds: self.window,
                downSeconds: restartDownSeconds)
            let result = try await runner.restartDuring(configuration, clusterDatabase: restartCluster)
            StandardOutput.write(conditions(report.machine) + result.text + "\n")
            if let failure = result.failure(checkpointMillis: checkpointMillis) {
                StandardOutput.write("  the servers' logs, kept: \(result.serverLogs.joined(separator: ", "))\n")
                throw LoadFailure("restart during load: \(failure)")
            }
            for log in result.serverLogs { try? FileManager.default.removeItem(atPath: log) }
            return
        }
        if let flood = loginFloodConfiguration {
            try await runLoginFlood(runner: runner, flood: flood, machine: report.machine, plan: plan)
            return
        }
        if let servers {
            if ramp {
                report.ramp = try await runner.ramp(start: rampStart, step: rampStep, max: rampMax, p99Bound: p99Bound, urls: clusterURLs(servers))
            } else {
                report.doodleRuns = [await runner.cluster(urls: clusterURLs(servers), rooms: rooms)]
            }
            try finish(report)
            if !report.isClean { throw LoadFailure("messages were lost, reordered or refused: see the delivery check") }
            return
        }
        if slowReaders {
            let configuration = SlowReaderScenario.Configuration(
                clients: slowClients, duration: .seconds(slowSeconds), memoryCapBytes: memoryCapMib << 20)
            let result = try await runner.slowReaders(configuration)
            StandardOutput.write(conditions(report.machine) + result.text)
            try ReportFiles.writeJSON(result, to: json)
            if !result.passed { throw LoadFailure("the slow-reader run failed its criteria") }
            return
        }
        if let pairs, let sizes = parseSizes(pairs) {
            StandardOutput.write(conditions(report.machine))
            var results: [PairLoadResult] = []
            for size in sizes {
                let result = try await runner.pairs(pairConfiguration(pairs: size))
                StandardOutput.write(result.text)
                results.append(result)
            }
            StandardOutput.write("load average \(MachineInfo.loadAverage()) at the end\n")
            try ReportFiles.writeJSON(results, to: json)
            if !results.allSatisfy(\.isComplete) { throw LoadFailure("a pair run was incomplete: see its errors, failures and undelivered count") }
            return
        }
        if let widgets {
            let configuration = WidgetPolling.Configuration(
                pairs: widgets, interval: .milliseconds(widgetIntervalMs), warmup: .seconds(widgetWarmup), window: .seconds(widgetSeconds),
                conditionalShare: widgetConditional, size: 512, floor: widgetFloor)
            let result = try await runner.widgets(configuration)
            StandardOutput.write(conditions(report.machine) + result.text)
            try ReportFiles.writeJSON(result, to: json)
            if !result.isClean { throw LoadFailure("widget polls failed: \(result.errors)") }
            return
        }
        if hostile {
            let configuration = HostileSoak.Configuration(
                connections: hostileConnections, frames: hostileFrames, timeLimit: .seconds(hostileSeconds),
                minimumDuration: .seconds(hostileMinSeconds))
            let result = try await runner.hostile(configuration)
            StandardOutput.write(conditions(report.machine) + result.text)
            try ReportFiles.writeJSON(result, to: json)
            if !result.passed { throw LoadFailure("the hostile soak failed its criteria") }
            return
        }
        if let canvasMemory, let sizes = parseSizes(canvasMemory) {
            var results: [CanvasMemoryResult] = []
            for size in sizes {
                let result = try await runner.canvasMemory(CanvasMemory.Configuration(rooms: canvasRooms, points: size, pointsPerMessage: canvasBatch))
                StandardOutput.write(result.text)
                results.append(result)
            }
            try ReportFiles.writeJSON(results, to: json)
            StandardOutput.write(conditions(report.machine))
            return
        }
        if quick {
            let result = try await runner.quick()
            report.doodleRuns = [result]
            try finish(report)
            if let failure = QuickScenario.failure(of: result) { throw LoadFailure("quick run failed: \(failure)") }
            return
        }

        let doBaseline = baseline || full
        let doRamp = ramp || full
        let idleSizes = parseSizes(idle ?? (full ? "5000,19000" : "")) ?? []
        let repetitions = full ? max(runs, 3) : runs
        if !doRamp || full || doBaseline {
            for repetition in 0..<repetitions {
                // Alternate which goes first so neither always gets the cooler machine.
                let relayFirst = doBaseline && repetition % 2 == 1
                if relayFirst { report.relayRuns.append(try await runner.fixed(relay: true, rooms: rooms)) }
                report.doodleRuns.append(try await runner.fixed(relay: false, rooms: rooms))
                if doBaseline && !relayFirst { report.relayRuns.append(try await runner.fixed(relay: true, rooms: rooms)) }
            }
        }
        if doRamp {
            let outcome = try await runner.ramp(start: rampStart, step: rampStep, max: rampMax, p99Bound: p99Bound)
            report.ramp = outcome
            if (halfLoad || full), let sustained = outcome.maxSustained {
                report.halfLoad = try await runner.fixed(relay: false, rooms: max(1, sustained.rooms / 2))
            }
        }
        if !idleSizes.isEmpty { report.idle = try await runner.idle(sizes: idleSizes, hold: .seconds(idleHold)) }
        report.targets = TargetChecks.evaluate(report)
        try finish(report, writeLatest: full)
        if !report.isClean { throw LoadFailure("messages were lost, reordered or refused: see the delivery check") }
    }

    /// `--runs` quick-play runs, each against a fresh server unless given servers; medians at the end.
    private func runQuickPlay(runner: Runner, machine: MachineInfo) async throws {
        StandardOutput.write(conditions(machine))
        var results: [QuickPlayLoadResult] = []
        for _ in 0..<runs {
            let result = try await runner.quickPlay(quickPlay.configuration, urls: servers.map(clusterURLs))
            StandardOutput.write(result.text)
            results.append(result)
        }
        StandardOutput.write(QuickPlayLoadResult.mediansText(results) + "load average \(MachineInfo.loadAverage()) at the end\n")
        try ReportFiles.writeJSON(results, to: json)
        if !results.allSatisfy(\.isClean) { throw LoadFailure("quick play lost events, left players unseated or met errors: see above") }
    }

    /// `--runs` capacity searches of Doodle (and of the relay with `--baseline`, alternating
    /// which goes first), each on a fresh server; medians at the end.
    private func runCapacity(plan: StrokePlan, machine: MachineInfo) async throws {
        StandardOutput.write(conditions(machine))
        let (players, warmup, window, shape) = (players, Duration.seconds(warmup), Duration.seconds(capacity.capacityWindow), shape)
        // The lean generator, one event loop per core it has.
        let generatorLoops = capacity.generatorCores?.count ?? CorePinning.onlineCores
        let runner = Runner(
            server: nil, rules: rules, logger: makeLogger(),
            configuration: { target in
                var configuration = shape.applied(
                    to: DrawingLoad.Configuration(target: target, playersPerRoom: players, plan: plan, warmup: warmup, window: window),
                    turnByTurn: true)
                configuration.leanLoops = generatorLoops
                return configuration
            })
        var doodle: [CapacityResult] = []
        var relay: [CapacityResult] = []
        func search(relay isRelay: Bool) async throws -> CapacityResult {
            let result = try await runner.capacity(
                relay: isRelay, eventLoops: capacity.capacityLoops, serverCores: capacity.serverCores, generatorCores: capacity.generatorCores,
                steps: capacity.steps, p99Bound: p99Bound, shape: shape.summary(turnByTurn: true))
            StandardOutput.write(result.text)
            return result
        }
        for repetition in 0..<runs {
            if capacity.capacityRelayOnly {
                relay.append(try await search(relay: true))
                continue
            }
            let relayFirst = baseline && repetition % 2 == 1
            if relayFirst { relay.append(try await search(relay: true)) }
            doodle.append(try await search(relay: false))
            if baseline && !relayFirst { relay.append(try await search(relay: true)) }
        }
        for (name, results) in [("doodle", doodle), ("relay", relay)] where !results.isEmpty {
            let rooms = results.map { "\($0.capacity?.rooms ?? 0)" }.joined(separator: " · ")
            StandardOutput.write("\(name): capacity in rooms of \(players), \(results.count) search(es): \(rooms); median \(CapacityResult.medianRooms(results) ?? 0)\n")
        }
        StandardOutput.write("load average \(MachineInfo.loadAverage()) at the end\n")
        try ReportFiles.writeJSON(doodle + relay, to: json)
        if !(doodle + relay).allSatisfy(\.run.totals.isClean) { throw LoadFailure("a capacity search lost, reordered or refused messages: see above") }
    }

    private var telephoneConfiguration: TelephoneLoadConfiguration {
        TelephoneLoadConfiguration(rooms: rooms, players: telephonePlayers)
    }

    /// `--runs` telephone runs, each against a fresh server unless `--server` is given.
    private func runTelephone(runner: Runner, machine: MachineInfo) async throws {
        StandardOutput.write(conditions(machine))
        var results: [TelephoneLoadResult] = []
        for _ in 0..<runs {
            let result = try await runner.telephone(telephoneConfiguration)
            StandardOutput.write(result.text)
            results.append(result)
        }
        StandardOutput.write("load average \(MachineInfo.loadAverage()) at the end\n")
        try ReportFiles.writeJSON(results, to: json)
        if !results.allSatisfy(\.isClean) { throw LoadFailure("a telephone game did not complete, leaked or met errors: see above") }
    }

    /// `--runs` login-flood runs, each on a fresh server; medians at the end.
    private func runLoginFlood(runner: Runner, flood: LoginFlood.Configuration, machine: MachineInfo, plan: StrokePlan) async throws {
        StandardOutput.write(conditions(machine))
        let scenario = LoginFloodScenario(
            flood: flood, playersPerRoom: players, plan: plan, warmup: .seconds(warmup), window: .seconds(window), rooms: rooms, logger: makeLogger())
        var results: [LoginFloodRun] = []
        for index in 0..<runs {
            let result = try await runner.loginFlood(scenario, index: index)
            StandardOutput.write("run \(index + 1)\(result.floodFirst ? " (flood first)" : ""):\n" + result.text)
            results.append(result)
        }
        StandardOutput.write(LoginFloodRun.mediansText(results) + "load average \(MachineInfo.loadAverage()) at the end\n")
        try ReportFiles.writeJSON(results, to: json)
        if !results.allSatisfy({ $0.quiet.totals.isClean && $0.flooded.totals.isClean }) {
            throw LoadFailure("the drawing load lost, reordered or refused messages: see the errors above")
        }
    }

    /// The restart scenario counts what a restored canvas lacks by points per message, so its
    /// strokes are uniform whatever `--strokes` says.
    private var restartPlan: StrokePlan {
        StrokePlan(messagesPerSecond: rate, pointsPerBatch: shape.points, strokeLength: shape.strokeLength)
    }

    private var loginFloodConfiguration: LoginFlood.Configuration? {
        loginFlood.map { LoginFlood.Configuration(rate: $0, accounts: loginFloodAccounts, addresses: loginFloodAddresses) }
    }

    /// The machine and how busy it is, before and after a reliability run.
    private func conditions(_ machine: MachineInfo) -> String {
        "machine: \(machine.summary); load average \(MachineInfo.loadAverage()) at the end\ncommand: \(CommandLine.arguments.joined(separator: " "))\n"
    }

    private func finish(_ report: LoadReport, writeLatest: Bool = false) throws {
        StandardOutput.write(ReportText.plain(report))
        try ReportFiles.writeJSON(report, to: json)
        if writeLatest { try ReportFiles.writeMarkdown(report, to: latest) }
    }

    private func makeLogger() -> Logger {
        var logger = Logger(label: "doodle-load")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        return logger
    }

    private func pairConfiguration(pairs: Int) -> PairLoadConfiguration {
        PairLoadConfiguration(
            pairs: pairs, warmupSeconds: pairWarmup, windowSeconds: pairWindow, rotationSeconds: pairRotation, thinkMilliseconds: pairThinkMs)
    }

    private func clusterURLs(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private func parseSizes(_ text: String) -> [Int]? {
        if text.isEmpty { return [] }
        let sizes = text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard sizes.count == text.split(separator: ",").count, sizes.allSatisfy({ $0 > 0 && $0 <= 100_000 }) else { return nil }
        return sizes
    }
}

/// A run that completed but failed its checks: exit status 1 after the report.
struct LoadFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
