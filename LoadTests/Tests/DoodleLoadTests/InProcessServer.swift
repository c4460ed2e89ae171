import DoodleServer
import Foundation
import Logging
import ServiceLifecycle

/// A Doodle server built with `buildApplication` (as `doodle-server` builds it) on 127.0.0.1,
/// port 0, inside the test process, for the length of `body`.
enum InProcessServer {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static func with<T: Sendable>(logger: Logger, _ body: @Sendable (_ webSocketURL: String) async throws -> T) async throws -> T {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-load-test-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
        }
        let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
        let application = try await buildApplication(
            ServerConfiguration(host: "127.0.0.1", port: 0, rulesFolder: repositoryRoot + "/GameRules", databasePath: database),
            logger: logger,
            onServerRunning: { port in portSink.yield(port) })
        let group = ServiceGroup(configuration: .init(services: [.init(service: application)], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw InProcessServerError.didNotStart }
            let outcome: Result<T, any Error>
            do {
                outcome = .success(try await body("ws://127.0.0.1:\(port)/v1/ws"))
            } catch {
                outcome = .failure(error)
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return try outcome.get()
        }
    }
}

enum InProcessServerError: Error {
    case didNotStart
}
