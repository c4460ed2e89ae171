import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The threads pictures are rendered on: Cairo's work is seconds of CPU under load and must
/// never run on a NIO event loop, where it would stall every connection of that loop. One
/// thread per core bounds how many renders run at once; up to `waitingLimit` more wait their
/// turn, and a render beyond that is refused at once (`RenderPoolBusy`, a 503 to the client)
/// rather than queued behind minutes of work: an album of a long game costs seconds of CPU, and a
/// client asking for many of them must not hold up everyone's pictures. A service, so the threads
/// stop with the server.
final class RenderPool: Service, CustomStringConvertible, Sendable {
    var description: String { "RenderPool" }

    let threads: Int
    let waitingLimit: Int
    private let pool: NIOThreadPool
    /// Renders running or waiting.
    private let admitted = Atomic<Int>(0)

    /// Starts the threads at once, so requests that arrive before the service group runs are served.
    init(threads: Int = System.coreCount, waitingLimit: Int = 32) {
        self.threads = max(threads, 1)
        self.waitingLimit = max(waitingLimit, 0)
        pool = NIOThreadPool(numberOfThreads: self.threads)
        pool.start()
    }

    /// Runs `work` on one of the pool's threads.
    ///
    /// - Throws: `RenderPoolBusy` at once when `threads` renders run and `waitingLimit` wait.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        let count = admitted.wrappingAdd(1, ordering: .relaxed).newValue
        defer { admitted.wrappingSubtract(1, ordering: .relaxed) }
        guard count <= threads + waitingLimit else { throw RenderPoolBusy() }
        return try await pool.runIfActive(work)
    }

    /// Renders running or waiting now.
    var admittedRenders: Int { admitted.load(ordering: .relaxed) }

    func run() async throws {
        try? await gracefulShutdown()
        try await shutdown()
    }

    /// Stops the threads once the renders given to them are done.
    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}

/// Every render thread is busy and the queue is full.
struct RenderPoolBusy: Error, CustomStringConvertible {
    var description: String { "every render thread is busy and the render queue is full" }
}
