import ArgumentParser
import BenchDatabaseOptions
import DoodleCore
import DoodleServer
import DoodleStorage
import Foundation
import Logging
import ServiceLifecycle

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What restoring live rooms adds to a server's start-up (PROTOCOL.md rev 5): `--rooms` rooms of
/// 8 players, each mid-drawing with a canvas of `--points` points, are checkpointed into a
/// database; then `doodle-server` (the same `buildApplication` as `main`) is started on it, and
/// on the same database with the checkpoints cleared, alternately, `--runs` times each. A start
/// is timed from `buildApplication` until `GET /v1/health` answers 200, which it does once the
/// rooms are back.
@main
struct RestoreBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-restore-bench", abstract: "How much restoring live rooms from their checkpoints adds to start-up.")

    @Option(help: "Rooms to checkpoint.") var rooms = 1_000
    @Option(help: "Points on each room's canvas.") var points = 5_000
    @Option(help: "Starts of each kind (with the rooms, without), alternated.") var runs = 3
    @Option(help: "The GameRules folder the server starts with.") var rules = "GameRules"
    @OptionGroup var database: BenchDatabaseOptions

    func validate() throws {
        guard (1...100_000).contains(rooms) else { throw ValidationError("--rooms must be 1–100000") }
        guard (0...100_000).contains(points) else { throw ValidationError("--points must be 0–100000") }
        guard (1...50).contains(runs) else { throw ValidationError("--runs must be 1–50") }
    }

    func run() async throws {
        let logger = database.logger(label: "doodle-restore-bench")
        let rulesFolder = URL(fileURLWithPath: rules).standardizedFileURL.path
        let gameRules = try RulesLoader.decodeRules(
            try Data(contentsOf: URL(fileURLWithPath: rulesFolder + "/rules.json")), path: rulesFolder + "/rules.json")
        if let location = try database.postgresLocation() {
            try await measure(databasePath: location.url, rulesFolder: rulesFolder, rules: gameRules, logger: logger)
        } else {
            try await database.withScratchFile(named: "doodle-restore-bench") { path in
                try await measure(databasePath: path, rulesFolder: rulesFolder, rules: gameRules, logger: logger)
            }
        }
    }

    private func measure(databasePath: String, rulesFolder: String, rules gameRules: GameRules, logger: Logger) async throws {
        print("doodle-restore-bench")
        print("rooms         \(rooms) × 8 players, mid-drawing, \(points) points on each canvas")
        print("database      \(databasePath.hasPrefix("postgres") ? "PostgreSQL" : databasePath)")
        let checkpoints = BenchCheckpoints(rules: gameRules, points: points)
        var withRooms: [Duration] = []
        var without: [Duration] = []
        for run in 1...runs {
            let filled = try await checkpoints.fill(rooms: rooms, databasePath: databasePath, logger: logger)
            let full = try await Self.timeStartUp(databasePath: databasePath, rulesFolder: rulesFolder, logger: logger)
            withRooms.append(full)
            try await checkpoints.clear(codes: filled, databasePath: databasePath, logger: logger)
            let empty = try await Self.timeStartUp(databasePath: databasePath, rulesFolder: rulesFolder, logger: logger)
            without.append(empty)
            print("run \(run)         start-up with the rooms \(Self.millis(full)), without \(Self.millis(empty))")
        }
        let added = Self.median(withRooms) - Self.median(without)
        print("median        with \(Self.millis(Self.median(withRooms))), without \(Self.millis(Self.median(without))): restoring adds \(Self.millis(added))")
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        print("machine       \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(load) at the end of the run")
    }

    /// From `buildApplication` to the first 200 of `GET /v1/health`; then a graceful stop (which
    /// writes the restored rooms' checkpoints again, for the next run).
    private static func timeStartUp(databasePath: String, rulesFolder: String, logger: Logger) async throws -> Duration {
        let clock = ContinuousClock()
        let started = clock.now
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = try await buildApplication(
            ServerConfiguration(host: "127.0.0.1", port: 0, rulesFolder: rulesFolder, databasePath: databasePath), logger: logger,
            onServerRunning: { port in portContinuation.yield(port) })
        let group = application.serviceGroup()
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw RestoreBenchError.didNotStart }
            let health = try require(URL(string: "http://127.0.0.1:\(port)/v1/health"), "the health URL")
            while try await status(of: health) != 200 {
                try await Task.sleep(for: .milliseconds(2))
            }
            let elapsed = clock.now - started
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return elapsed
        }
    }

    private static func status(of url: URL) async throws -> Int {
        let (_, response) = try await URLSession.shared.data(from: url)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    static func median(_ durations: [Duration]) -> Duration {
        durations.sorted()[durations.count / 2]
    }

    static func millis(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.0f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}

enum RestoreBenchError: Error {
    case didNotStart
    case missing(String)
}

/// `try #require` without the testing library: the value, or an error naming it.
func require<T>(_ value: T?, _ what: String = "value") throws -> T {
    guard let value else { throw RestoreBenchError.missing(what) }
    return value
}
