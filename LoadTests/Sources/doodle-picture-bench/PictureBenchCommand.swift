import ArgumentParser
import AsyncHTTPClient
import BenchSupport
import DoodleLoad
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import PictureBenchSupport

/// `doodle-picture-bench`: the cost of a PNG that misses the cache, end to end, from outside:
/// the release `doodle-server` is started on a fresh SQLite file holding typical drawings and
/// asked over HTTP for each drawing at sizes no request asked for before (so every answer is a
/// render), and its CPU time (from /proc) per picture is set against plain Cairo's renders per
/// CPU second on the same drawings and sizes in this process, round by round, so both see the
/// same machine (docs/performance.md, "Pictures end to end").
@main
struct PictureBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-picture-bench",
        abstract: "PNG renders per server CPU second over HTTP (cache misses) against plain Cairo on the same drawings.",
        discussion: "Starts doodle-server from its own build folder (swift build -c release).")

    @Option(help: "Distinct drawings.") var drawings = 8
    @Option(help: "Rounds; each asks for every drawing at 8 new sizes, and renders the same with plain Cairo.") var rounds = 8
    @Option(help: "Requests at once.") var concurrency = 2
    @Option(help: "Log level.") var logLevel = "warning"

    func validate() throws {
        guard (1...64).contains(drawings), (1...8).contains(rounds), (1...16).contains(concurrency) else {
            throw ValidationError("--drawings 1–64, --rounds 1–8, --concurrency 1–16")
        }
    }

    /// Eight sizes a round, 480 to 543 px over the eight rounds: about 512 px, each new.
    static func sizes(round: Int) -> [Int] { (0..<8).map { 480 + round * 8 + $0 } }

    func run() async throws {
        var logger = Logger(label: "doodle-picture-bench")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .warning
        let seed = PictureSeed(drawings: drawings)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-picture-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("bench.sqlite").path
        try await seed.write(to: database, logger: logger)
        let floorStrokes = seed.actions.map(TypicalDrawing.strokes(of:))
        let points = floorStrokes[0].reduce(0) { $0 + $1.points.count / 2 }
        print("drawings: \(drawings) of \(points) points (the first); \(rounds) rounds of 8 sizes (480–\(480 + rounds * 8 - 1) px); \(concurrency) at once")

        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await ServerProcess.with(
                executable: ServerProcess.executableDirectory.appendingPathComponent("doodle-server"),
                arguments: ["--host", "127.0.0.1", "--port", "0", "--database", database, "--log-level", "info"], logger: logger
            ) { server in
                var serverRates: [Double] = []
                var floorRates: [Double] = []
                var bytes = 0
                for round in 0..<rounds {
                    let paths = Self.sizes(round: round).flatMap { size in seed.drawingIds.map { "/v1/drawings/\($0).png?size=\(size)" } }
                    let before = server.sample()?.cpuSeconds ?? 0
                    bytes = try await fetch(paths, from: server.port, client: client)
                    let serverSeconds = (server.sample()?.cpuSeconds ?? 0) - before
                    serverRates.append(Double(paths.count) / max(serverSeconds, 1e-9))
                    let jobs = Self.sizes(round: round).flatMap { size in floorStrokes.map { (size, $0) } }
                    floorRates.append(ThreadCPUTime.rate(count: jobs.count) { index in _ = PlainCairoFloor.png(strokes: jobs[index].1, size: jobs[index].0) })
                    print(
                        "round \(round + 1): server \(String(format: "%.1f", serverRates.last ?? 0)) pictures/CPU-s, "
                            + "plain Cairo \(String(format: "%.1f", floorRates.last ?? 0)) renders/CPU-s")
                }
                let ours = median(serverRates), floor = median(floorRates)
                print(
                    "median: server \(String(format: "%.1f", ours)) pictures per CPU-s end to end, plain Cairo \(String(format: "%.1f", floor)) "
                        + "renders per CPU-s: \(String(format: "%.2f", ours / floor))× the floor (last PNG \(bytes / 1024) KiB)")
            }
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    /// GETs every path, `concurrency` at a time; gives the last body's size.
    private func fetch(_ paths: [String], from port: Int, client: HTTPClient) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            var next = paths.makeIterator()
            var last = 0
            func start() -> Bool {
                guard let path = next.next() else { return false }
                group.addTask {
                    let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)"), timeout: .seconds(60))
                    let body = try await response.body.collect(upTo: 16 << 20)
                    guard response.status == .ok else { throw PictureBenchError.badAnswer(path, "\(response.status)") }
                    return body.readableBytes
                }
                return true
            }
            for _ in 0..<concurrency where start() {}
            while let size = try await group.next() {
                last = size
                _ = start()
            }
            return last
        }
    }
}
