import ArgumentParser
import DoodleLoad
import Foundation
import Logging

/// `doodle-load`: drawing load, ramp, relay baseline and idle capacity against `doodle-server`.
/// See LoadTests/README.md.
@main
struct LoadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-load",
        abstract: "Load tests for the Doodle server.",
        discussion: "Without --server it starts doodle-server (and doodle-relay for --baseline) from its own build folder on port 0.")

    @Option(help: "Target a running Doodle server at this WebSocket URL (127.0.0.1 only) instead of starting one.")
    var server: String?

    @Flag(help: "The smoke run: a few rooms for a few seconds; fails on any lost or out-of-order message.")
    var quick = false

    @Flag(help: "Everything: fixed load with baseline (--runs times), ramp, half load, idle; rewrites LATEST.md.")
    var full = false

    @Option(help: "Rooms for the fixed load.") var rooms = 20
    @Option(help: "Players per room (2–16).") var players = 8
    @Option(help: "Drawing messages per second per drawer (at most 120).") var rate = 20
    @Option(help: "Points per batch.") var points = 8
    @Option(help: "Messages per stroke.") var strokeLength = 20
    @Option(help: "Measurement window per step, seconds.") var window = 10
    @Option(help: "Warm-up before each window, seconds.") var warmup = 3
    @Option(help: "Repetitions of the fixed load (the report gives medians).") var runs = 1

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
        guard (2...16).contains(players) else { throw ValidationError("--players must be 2–16") }
        guard rooms >= 1, runs >= 1, runs <= 10, window >= 1, window <= 120, warmup >= 0 else { throw ValidationError("check --rooms, --runs, --window, --warmup") }
        guard rampStart >= 1, rampStep >= 1, rampMax >= rampStart else { throw ValidationError("check the --ramp-* options") }
        let plan = StrokePlan(messagesPerSecond: rate, pointsPerBatch: points, strokeLength: strokeLength)
        // A ramp keeps its first rooms drawing for the whole ramp: at most one 240 s turn.
        if let violation = plan.violation(forSeconds: 240) { throw ValidationError(violation) }
        if let idle { guard parseSizes(idle) != nil else { throw ValidationError("--idle takes counts like 1000,5000") } }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level") }
    }

    func run() async throws {
        let logger = makeLogger()
        let descriptorLimit = FileLimit.raiseToHardLimit()
        var report = LoadReport(
            command: (["doodle-load"] + CommandLine.arguments.dropFirst()).joined(separator: " "),
            machine: MachineInfo.current(descriptorLimit: descriptorLimit))
        let plan = StrokePlan(messagesPerSecond: rate, pointsPerBatch: points, strokeLength: strokeLength)
        let (players, warmup, window) = (players, Duration.seconds(warmup), Duration.seconds(window))
        let runner = Runner(
            server: server, rules: rules, logger: logger,
            configuration: { target in
                DrawingLoad.Configuration(target: target, playersPerRoom: players, plan: plan, warmup: warmup, window: window)
            })

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
