import ArgumentParser
import DoodleClient
import DoodleCore
import DoodleServer
import DoodleStorage
import Foundation
import Logging
import ServiceLifecycle

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Two nodes sharing a room directory and cluster signals: by default both in this process
/// (in-process signals), or two running `doodle-server` nodes named by `--servers` (on
/// PostgreSQL, signals over `LISTEN`/`NOTIFY`). A pair whose room is hosted on node A (one
/// partner in it); then the other partner's HTTP uploads, alternately to A (run on the room
/// there) and to B (handed to A and answered from there). Prints each path's latency
/// percentiles: their difference is what the hand-over costs. `--points` makes each upload
/// longer: past about 8,000 bytes a handed-over call travels through the database's
/// `node_message` table rather than in the notification itself.
@main
struct PairHopBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doodle-pair-hop-bench", abstract: "Latency of pair uploads sent to the hosting node and to another node.")

    @Option(help: "Uploads per path.")
    var uploads = 300

    @Option(help: "The GameRules folder.")
    var rules = "GameRules"

    @Option(help: "Two running nodes of one cluster, host first, as ws://host:port/v1/ws,ws://…; none: two nodes in this process.")
    var servers: String?

    @Option(help: "Points per uploaded drawing (one stroke).")
    var points = 2

    func validate() throws {
        guard uploads >= 10 else { throw ValidationError("--uploads must be at least 10") }
        guard (2...100_000).contains(points) else { throw ValidationError("--points must be 2–100000") }
        if let servers {
            guard try Self.httpBases(servers).count == 2 else { throw ValidationError("--servers names two nodes") }
        }
    }

    func run() async throws {
        var logger = Logger(label: "doodle-pair-hop-bench")
        logger.logLevel = .warning
        if let servers {
            let webSockets = servers.split(separator: ",").map(String.init)
            let bases = try Self.httpBases(servers)
            let result = try await measure(host: (webSockets[0], bases[0]), other: bases[1], logger: logger)
            report(result)
            return
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-pair-hop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let directory = InProcessRoomDirectory(now: { Int64(Date().timeIntervalSince1970 * 1000) })
        let signals = InProcessClusterSignals()
        let (ports, portReady) = AsyncStream.makeStream(of: (Int, Int).self)
        var groups: [ServiceGroup] = []
        for index in 0..<2 {
            var cluster = ClusterSettings(directory: directory, nodeURL: { port in "ws://127.0.0.1:\(port)/v1/ws" })
            cluster.signals = signals
            let application = try await buildApplication(
                ServerConfiguration(
                    host: "127.0.0.1", port: 0, rulesFolder: rules, databasePath: scratch.appendingPathComponent("doodle.sqlite").path,
                    cluster: cluster),
                logger: logger, onServerRunning: { port in portReady.yield((index, port)) })
            groups.append(application.serviceGroup())
        }
        try await withThrowingTaskGroup(of: Void.self) { nodes in
            for group in groups { nodes.addTask { try await group.run() } }
            var byIndex: [Int: Int] = [:]
            for await (index, port) in ports {
                byIndex[index] = port
                if byIndex.count == 2 { break }
            }
            let (a, b) = (byIndex[0] ?? 0, byIndex[1] ?? 0)
            let result = try await measure(
                host: ("ws://127.0.0.1:\(a)/v1/ws", "http://127.0.0.1:\(a)"), other: "http://127.0.0.1:\(b)", logger: logger)
            report(result)
            for group in groups { await group.triggerGracefulShutdown() }
            try await nodes.waitForAll()
        }
    }

    private func report(_ result: (direct: Percentiles, handedOver: Percentiles)) {
        print("uploads per path: \(uploads), \(points) points each")
        print("to the hosting node:  \(result.direct)")
        print("to another node:      \(result.handedOver)")
    }

    /// `ws://host:port/path` → `http://host:port` (and `wss` → `https`) for each listed node.
    static func httpBases(_ servers: String) throws -> [String] {
        try servers.split(separator: ",").map { server in
            guard var components = URLComponents(string: String(server)), let scheme = components.scheme, ["ws", "wss"].contains(scheme) else {
                throw ValidationError("'\(server)' is not a ws:// or wss:// URL")
            }
            components.scheme = scheme == "wss" ? "https" : "http"
            components.path = ""
            guard let base = components.string else { throw ValidationError("'\(server)' has no host") }
            return base
        }
    }

    private func measure(
        host: (webSocket: String, http: String), other: String, logger: Logger
    ) async throws -> (direct: Percentiles, handedOver: Percentiles) {
        let url = host.webSocket
        return try await DoodleClient.withConnection(to: url, logger: logger) { ada in
            try await ada.hello(name: "Ada")
            let code = try await ada.createPairRoom().code ?? ""
            let bobToken = try await DoodleClient.withConnection(to: url, logger: logger) { bob in
                let welcome = try await bob.hello(name: "Bob")
                _ = try await bob.joinPair(code: code)
                return welcome.token
            }
            var direct: [Double] = []
            var handedOver: [Double] = []
            for index in 0..<uploads {
                for (base, isDirect) in [(host.http, true), (other, false)] {
                    let started = ContinuousClock.now
                    try await upload(to: base, token: bobToken, clientDrawingId: "c_bench_\(isDirect ? "a" : "b")_\(index)")
                    let elapsed = ContinuousClock.now - started
                    let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
                    if isDirect { direct.append(milliseconds) } else { handedOver.append(milliseconds) }
                    // Ada, in the room, hears each drawing at once; reading it keeps her queue short.
                    _ = try await ada.receivePairFirst { if case .pair(.drawingReceived) = $0 { true } else { nil } }
                }
            }
            return (Percentiles(direct), Percentiles(handedOver))
        }
    }

    private func upload(to base: String, token: String, clientDrawingId: String) async throws {
        guard let url = URL(string: base + "/v1/me/pair/drawings") else { throw BenchError("bad URL \(base)") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let numbers = (0..<points).flatMap { index in [10 + index % 1_500, 10 + (index * 7) % 1_100] }
        let line: [String: Any] = ["kind": "stroke", "strokeId": 1, "tool": "pen", "color": "#335577", "width": 6, "points": numbers]
        request.httpBody = try JSONSerialization.data(withJSONObject: ["clientDrawingId": clientDrawingId, "word": "kite", "strokes": [line]])
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 201 else { throw BenchError("an upload to \(base) answered \(status), not 201") }
    }
}

struct Percentiles: CustomStringConvertible {
    let p50: Double
    let p90: Double
    let p99: Double
    let max: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        func at(_ fraction: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))] }
        p50 = at(0.50)
        p90 = at(0.90)
        p99 = at(0.99)
        max = sorted.last ?? 0
    }

    var description: String {
        String(format: "p50 %.2f ms  p90 %.2f ms  p99 %.2f ms  max %.2f ms", p50, p90, p99, max)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
