import Hummingbird
import Logging
import ServiceLifecycle

/// A small real HTTP server for a test's stand-ins (a provider's keys, a push service): `router`
/// served on 127.0.0.1, port 0, for the length of `body`, which gets the port; the server stops
/// when the body returns or throws.
public enum LocalHTTPServer {
    public static func run<T: Sendable>(
        _ router: Router<BasicRequestContext>, label: String, _ body: @Sendable (_ port: Int) async throws -> T
    ) async throws -> T {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: label)
        logger.logLevel = .warning
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let group = ServiceGroup(configuration: .init(services: [.init(service: application)], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            let outcome: Result<T, any Error>
            do {
                guard let port = await iterator.next() else { throw LocalHTTPServerError.didNotStart(label) }
                outcome = .success(try await body(port))
            } catch {
                outcome = .failure(error)
            }
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            return try outcome.get()
        }
    }
}

public enum LocalHTTPServerError: Error {
    case didNotStart(String)
}
