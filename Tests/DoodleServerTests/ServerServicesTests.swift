import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import DoodleServer

@Suite("The server's services: one group, stopped in reverse order of their stages")
struct ServerServicesTests {
    /// What the test services did, in order.
    private final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func record(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// Waits for the graceful shutdown, says so, takes `stopping` to stop, then says it stopped.
    private struct Recording: Service, CustomStringConvertible {
        let name: String
        let log: Log
        var stopping: Duration = .zero

        var description: String { name }

        func run() async throws {
            try? await gracefulShutdown()
            log.record("\(name) told")
            if stopping > .zero { try? await Task.sleep(for: stopping) }
            log.record("\(name) stopped")
        }
    }

    private static func runThenShutDown(_ services: ServerServices) async throws {
        let group = services.serviceGroup(gracefulShutdownSignals: [], logger: TestServer.logger)
        // Remembered until the group runs, which then shuts down at once.
        await group.triggerGracefulShutdown()
        try await group.run()
    }

    @Test("services stop in reverse order of their stages, whatever order they were added in")
    func reverseStageOrder() async throws {
        let log = Log()
        var services = ServerServices()
        for stage in ServiceStage.allCases.reversed() { services.add(Recording(name: "\(stage)", log: log), at: stage) }

        try await Self.runThenShutDown(services)

        let stopped = log.all.filter { $0.hasSuffix(" stopped") }.map { String($0.dropLast(" stopped".count)) }
        #expect(stopped == ServiceStage.allCases.reversed().map { "\($0)" })
    }

    @Test("storage is told to stop only once a slow service of a later stage has finished")
    func earlierStageOutlivesLaterOne() async throws {
        let log = Log()
        var services = ServerServices()
        services.add(Recording(name: "pool", log: log), at: .storage)
        services.add(Recording(name: "archive", log: log, stopping: .milliseconds(100)), at: .writers)

        try await Self.runThenShutDown(services)

        #expect(log.all == ["archive told", "archive stopped", "pool told", "pool stopped"])
    }

    @Test("within a stage, services start in the order they were added")
    func stageKeepsItsOrder() {
        let log = Log()
        var services = ServerServices()
        services.add(Recording(name: "drain", log: log), at: .clientDrain)
        services.add([Recording(name: "heartbeat", log: log), Recording(name: "runner", log: log)], at: .sessions)
        services.add(Recording(name: "rooms", log: log), at: .rooms)
        services.add(Recording(name: "another heartbeat", log: log), at: .sessions)

        #expect(services.inStartOrder.map { "\($0.service)" } == ["rooms", "heartbeat", "runner", "another heartbeat", "drain"])
    }

    @Test("alone: the writers, the workers, the rooms, the sessions, the HTTP server, then the drain")
    func singleNodeServices() async throws {
        let stages = try await Self.stagesOfBuiltServer(cluster: nil)
        #expect(
            stages == [
                "writers ArchiveWriter", "workers RenderPool", "workers AddressBanList", "workers BcryptPasswordHashing", "workers HTTPClientShutdown",
                "rooms RoomRegistry",
                "sessions Heartbeat", "sessions SessionRunner", "httpServer Application", "clientDrain ClientDrain",
            ])
    }

    @Test("in a cluster: also the announcer and publisher among the writers, the signal listener after the drain, the lease last")
    func clusterNodeServices() async throws {
        let leaseClock = ManualGameClock()
        var cluster = ClusterSettings(
            directory: InProcessRoomDirectory(now: { leaseClock.nowMillis() }), nodeURL: { port in "ws://127.0.0.1:\(port)/v1/ws" },
            leaseClock: leaseClock)
        cluster.signals = InProcessClusterSignals()
        let stages = try await Self.stagesOfBuiltServer(cluster: cluster)
        #expect(
            stages == [
                "writers ArchiveWriter", "writers HeadChangeAnnouncer", "writers PublicRoomPublisher", "workers RenderPool",
                "workers AddressBanList", "workers BcryptPasswordHashing", "workers HTTPClientShutdown", "rooms RoomRegistry", "sessions Heartbeat", "sessions SessionRunner",
                "httpServer Application", "clientDrain ClientDrain", "clusterSignals ClusterSignalListener", "nodeLease NodeLease",
            ])
    }

    /// Each service of a server built by `buildApplication` (SQLite in memory, whose storage
    /// runs no service of its own) as its stage and type, in start order. The server is run
    /// until it listens, then shut down: some of its parts must be stopped once made.
    private static func stagesOfBuiltServer(cluster: ClusterSettings?) async throws -> [String] {
        let (running, runningContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = try await buildApplication(
            ServerConfiguration(
                host: "127.0.0.1", port: 0, rulesFolder: TestServer.repositoryRoot + "/GameRules", databasePath: ":memory:", cluster: cluster,
                passwordHashing: TestServer.passwordHashing),
            logger: TestServer.logger, onServerRunning: { port in runningContinuation.yield(port) })
        let stages = application.services.inStartOrder.map { stage, service in
            "\(stage) \(String(describing: type(of: service)).prefix { $0 != "<" })"
        }
        let group = application.serviceGroup()
        try await withThrowingTaskGroup(of: Void.self) { server in
            server.addTask { try await group.run() }
            for await _ in running { break }
            await group.triggerGracefulShutdown()
            try await server.waitForAll()
        }
        return stages
    }
}
