import NIOCore
import NIOPosix
import ServiceLifecycle

/// The threads pictures are rendered on: Cairo's work is seconds of CPU under load and must
/// never run on a NIO event loop, where it would stall every connection of that loop. One
/// thread per core bounds how many renders run at once; the rest wait their turn in the pool's
/// queue. A service, so the threads stop with the server.
final class RenderPool: Service, CustomStringConvertible, Sendable {
    var description: String { "RenderPool" }

    private let pool: NIOThreadPool

    /// Starts the threads at once, so requests that arrive before the service group runs are served.
    init(threads: Int = System.coreCount) {
        pool = NIOThreadPool(numberOfThreads: max(threads, 1))
        pool.start()
    }

    /// Runs `work` on one of the pool's threads.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await pool.runIfActive(work)
    }

    func run() async throws {
        try? await gracefulShutdown()
        try await pool.shutdownGracefully()
    }
}
