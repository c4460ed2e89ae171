import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// The threads passwords are hashed on, and the bound on how much hashing may wait for them.
///
/// A bcrypt hash at cost 12 is 0.27 s of one core here (docs/performance.md, "Login flood").
/// On an event loop it would stall every connection of that loop; on the cooperative
/// pool it would hold one of its few threads, and the rooms' actors run there. So hashing runs on
/// threads of its own, `threads` at a time, and at most `waitingLimit` more wait their turn; a
/// call beyond that is refused at once as `.busy` rather than queued behind seconds of work its
/// client will have given up on.
///
/// The threads start with the pool, so calls made before the service group runs are served; the
/// pool stops at graceful shutdown (or `shutdown()`), after which every call is `.stopped`.
final class PasswordHashingPool: Service, CustomStringConvertible, Sendable {
    var description: String { "PasswordHashingPool" }

    /// How many hashes run at once, by default: half the cores, at least one. On our 2-core
    /// machine that is one, so however hard logins are pushed a core stays with the rooms; one
    /// thread still checks about 3.6 passwords a second, far above honest use (a person signs in
    /// once per device). docs/performance.md, "Login flood", has the figures and what is yet to
    /// be measured.
    static var defaultThreads: Int { max(1, System.coreCount / 2) }
    /// How many calls may wait for a thread, by default: at 0.27 s each on one thread, the last
    /// of them is answered within about 9 s, below a client's usual timeout of 10 s or more.
    static let defaultWaitingLimit = 32

    /// What is admitted now: every admitted call is running or waiting.
    struct Occupancy: Equatable, Sendable {
        var running = 0
        var waiting = 0
    }

    let threads: Int
    let waitingLimit: Int
    private let pool: NIOThreadPool
    private let metrics: PasswordHashingMetrics?
    private let state = Mutex<(occupancy: Occupancy, stopped: Bool)>((Occupancy(), false))

    /// Starts `threads` threads at once.
    ///
    /// - Parameters:
    ///   - threads: the most hashes at once (at least 1).
    ///   - waitingLimit: the most calls waiting for a thread (0 or more).
    ///   - metrics: where the running and waiting counts and the refusals are reported.
    init(threads: Int = PasswordHashingPool.defaultThreads, waitingLimit: Int = PasswordHashingPool.defaultWaitingLimit, metrics: PasswordHashingMetrics? = nil) {
        self.threads = max(1, threads)
        self.waitingLimit = max(0, waitingLimit)
        self.metrics = metrics
        pool = NIOThreadPool(numberOfThreads: self.threads)
        pool.start()
    }

    /// The calls running and waiting now.
    var occupancy: Occupancy { state.withLock { $0.occupancy } }

    /// Whether the pool has begun to stop (every new call is `.stopped`).
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Runs `work` on one of the pool's threads, once one is free.
    ///
    /// - Throws: `.busy` at once when `threads` calls run and `waitingLimit` wait already;
    ///   `.stopped` when the pool has stopped, or stops (or the calling task is cancelled) before
    ///   `work` ran.
    func execute<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async throws(PasswordHashingError) -> Value {
        try admit()
        do {
            return try await pool.runIfActive {
                self.started()
                defer { self.finished() }
                return work()
            }
        } catch {
            // `work` throws nothing, so this is work that never ran: the pool resumes it with
            // CancellationError when it is shutting down or the caller went away, and either way
            // no answer is wanted.
            abandoned()
            throw .stopped
        }
    }

    /// Stops the threads after the work already admitted; later calls are `.stopped`.
    func shutdown() async {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        // Fails only for a pool that cannot be stopped (the NIO singleton), which this is not.
        try? await pool.shutdownGracefully()
    }

    func run() async throws {
        try? await gracefulShutdown()
        await shutdown()
    }

    // The gauges are set under the lock, so that they show the counts in the order they changed.

    private func admit() throws(PasswordHashingError) {
        let refusal: PasswordHashingError? = state.withLock { state in
            if state.stopped { return .stopped }
            let occupancy = state.occupancy
            guard occupancy.running + occupancy.waiting < threads + waitingLimit else {
                metrics?.refused()
                return .busy
            }
            state.occupancy.waiting += 1
            metrics?.record(state.occupancy)
            return nil
        }
        if let refusal { throw refusal }
    }

    private func started() {
        change { occupancy in
            occupancy.waiting -= 1
            occupancy.running += 1
        }
    }

    private func finished() {
        change { $0.running -= 1 }
    }

    private func abandoned() {
        change { $0.waiting -= 1 }
    }

    private func change(_ body: (inout Occupancy) -> Void) {
        state.withLock { state in
            body(&state.occupancy)
            metrics?.record(state.occupancy)
        }
    }
}
