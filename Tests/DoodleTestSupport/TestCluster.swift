import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Logging
import DoodleServer
import ServiceLifecycle
import Testing

/// Two or three real nodes (`buildApplication`, port 0) in this process, sharing one SQLite file
/// (players and tokens are valid on every node) and one in-process room directory whose leases
/// run on a manual clock, and one in-process signal bus. A node can be stopped gracefully or killed: cancelled without a
/// graceful shutdown, so it neither renews nor releases anything, as a crashed process.
public struct TestCluster: Sendable {
    public struct Node: Sendable {
        public let port: Int
        public var url: String { "ws://127.0.0.1:\(port)/v1/ws" }
        public var httpBase: String { "http://127.0.0.1:\(port)" }
    }

    public enum Stop: Sendable {
        case graceful
        case kill
    }

    public let nodes: [Node]
    /// The SQLite file every node stores to, for a test that reads what was stored.
    public let databasePath: String
    public let directory: InProcessRoomDirectory
    public let signals: InProcessClusterSignals
    public let leaseClock: ManualGameClock
    public let lease: DirectoryLease
    private let stops: [AsyncStream<Stop>.Continuation]
    private let stopped: [AsyncStream<Void>]

    /// Runs `body` against `count` fresh nodes, then stops every node still running gracefully.
    /// - Parameter drawPartyCode: replaces every node's random draw of room codes.
    public static func with<T: Sendable>(
        nodes count: Int, drawPartyCode: (@Sendable () -> String)? = nil,
        _ body: @Sendable (TestCluster) async throws -> T
    ) async throws -> T {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-cluster-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let databasePath = scratch.appendingPathComponent("doodle.sqlite").path
        let rulesFolder = try TestRules.folder(in: scratch)
        let leaseClock = ManualGameClock()
        let directory = InProcessRoomDirectory(now: { leaseClock.nowMillis() })
        let lease = DirectoryLease.standard
        let signals = InProcessClusterSignals()
        let (ports, portContinuation) = AsyncStream.makeStream(of: (Int, Int).self)
        var groups: [ServiceGroup] = []
        for index in 0..<count {
            var cluster = ClusterSettings(
                directory: directory, nodeURL: { port in "ws://127.0.0.1:\(port)/v1/ws" }, lease: lease, leaseClock: leaseClock)
            cluster.drawPartyCode = drawPartyCode
            cluster.signals = signals
            let application = try await buildApplication(
                ServerConfiguration(
                    host: "127.0.0.1", port: 0, rulesFolder: rulesFolder, databasePath: databasePath,
                    cluster: cluster, adminToken: TestServer.adminToken, passwordHashing: TestServer.passwordHashing),
                logger: TestServer.logger,
                onServerRunning: { port in portContinuation.yield((index, port)) })
            groups.append(application.serviceGroup())
        }
        let stopStreams = (0..<count).map { _ in AsyncStream.makeStream(of: Stop.self, bufferingPolicy: .bufferingNewest(1)) }
        let stoppedStreams = (0..<count).map { _ in AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1)) }
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            for (index, group) in groups.enumerated() {
                let stops = stopStreams[index].stream
                let stopped = stoppedStreams[index].continuation
                tasks.addTask {
                    defer { stopped.finish() }
                    try await Self.run(group, until: stops)
                }
            }
            var portsByNode: [Int: Int] = [:]
            for await (index, port) in ports {
                portsByNode[index] = port
                if portsByNode.count == count { break }
            }
            let cluster = TestCluster(
                nodes: (0..<count).map { Node(port: portsByNode[$0] ?? 0) }, databasePath: databasePath, directory: directory, signals: signals, leaseClock: leaseClock,
                lease: lease, stops: stopStreams.map(\.continuation), stopped: stoppedStreams.map(\.stream))
            let outcome: Result<T, any Error>
            do {
                outcome = .success(try await body(cluster))
            } catch {
                outcome = .failure(error)
            }
            for stop in stopStreams { stop.continuation.yield(.graceful) }
            try await tasks.waitForAll()
            return try outcome.get()
        }
    }

    /// Runs one node until told to stop, then stops it the way it was told.
    private static func run(_ group: ServiceGroup, until stops: AsyncStream<Stop>) async throws {
        try await withThrowingTaskGroup(of: Void.self) { node in
            node.addTask { try await group.run() }
            var iterator = stops.makeAsyncIterator()
            switch await iterator.next() ?? .graceful {
            case .graceful:
                await group.triggerGracefulShutdown()
                try await node.waitForAll()
            case .kill:
                node.cancelAll()
                // A cancelled server may end with a cancellation error: that is the crash asked for.
                try? await node.waitForAll()
            }
        }
    }

    /// Stops node `index` and returns once it has stopped.
    public func stop(_ index: Int, _ how: Stop) async {
        stops[index].yield(how)
        for await _ in stopped[index] {}
    }

    /// The directory's view of a node, found through a room it hosts.
    public func nodeID(hosting code: String) async throws -> String {
        try #require(try await directory.host(of: code)).id
    }

    /// Moves the lease clock on by one renewal interval and waits until each node in `alive`
    /// has renewed its lease for it.
    public func advanceOneRenewal(alive: [String]) async throws {
        leaseClock.advance(byMillis: lease.renewalMilliseconds)
        let expected = leaseClock.nowMillis() + lease.leaseMilliseconds
        let deadline = ContinuousClock.now + .seconds(10)
        for id in alive {
            while await directory.leaseExpiry(of: id) != expected {
                guard ContinuousClock.now < deadline else {
                    Issue.record("node \(id) did not renew its lease")
                    return
                }
                try await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// Waits until the cluster's database holds a checkpoint of `code`'s room, from which a live
    /// node adopts it when its node dies: the archive writer stores it within milliseconds of
    /// the room's change. Fails the test after 5 s.
    public func waitForCheckpoint(of code: String) async throws {
        let storage = try await Storage.open(location: databasePath, logger: TestServer.logger)
        let deadline = ContinuousClock.now + .seconds(5)
        while try await !storage.checkpoints.hasCheckpoint(code: code) {
            guard ContinuousClock.now < deadline else {
                Issue.record("no checkpoint of \(code) was stored")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
