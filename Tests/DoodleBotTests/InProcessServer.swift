import DoodleServer
import Foundation
import Logging
import ServiceLifecycle

/// A real Doodle server (the same `buildApplication` as `doodle-server`) on 127.0.0.1, port 0,
/// with the repository's GameRules and a temporary database, for the length of one test.
enum InProcessServer {
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static var logger: Logger {
        var logger = Logger(label: "doodle-bot-test")
        logger.logLevel = ProcessInfo.processInfo.environment["DOODLE_TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .warning
        return logger
    }

    /// Runs `body` with the server's WebSocket URL, then shuts the server down gracefully.
    static func with<T: Sendable>(_ body: @Sendable (_ url: String) async throws -> T) async throws -> T {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("doodle-bot-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = try await buildApplication(
            ServerConfiguration(
                host: "127.0.0.1", port: 0, rulesFolder: repositoryRoot + "/GameRules",
                databasePath: scratch.appendingPathComponent("doodle.sqlite").path),
            logger: logger,
            onServerRunning: { port in portContinuation.yield(port) })
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
