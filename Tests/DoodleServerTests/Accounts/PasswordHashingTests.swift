import Dispatch
import Logging
import ServiceLifecycle
import Testing

@testable import DoodleServer

/// Passwords hashed with bcrypt on threads of their own, a bounded number at a time: round
/// trips, the cost, the bound (deterministic: the work waits on a gate the test opens), and
/// the refusals once stopped.
@Suite("Password hashing")
struct PasswordHashingTests {
    @Test("a hash verifies its password and no other; with no hash every password is wrong")
    func roundTrip() async throws {
        try await withHasher { hasher in
            let hash = try await hasher.hash("Kettle-Moon-Orbit-42")
            #expect(try await hasher.verify("Kettle-Moon-Orbit-42", against: hash))
            #expect(try await !hasher.verify("kettle-moon-orbit-42", against: hash))
            #expect(try await !hasher.verify("Kettle-Moon-Orbit-43", against: hash))
            #expect(try await !hasher.verify("Kettle-Moon-Orbit-42", against: nil))
            #expect(try await !hasher.verify("", against: nil))
            // A stored value that is no bcrypt hash at all is a wrong password, not a crash.
            #expect(try await !hasher.verify("Kettle-Moon-Orbit-42", against: "not a hash"))
        }
    }

    @Test("each hash has its own salt")
    func freshSalt() async throws {
        try await withHasher { hasher in
            let first = try await hasher.hash("Kettle-Moon-Orbit-42")
            let second = try await hasher.hash("Kettle-Moon-Orbit-42")
            #expect(first != second)
            #expect(try await hasher.verify("Kettle-Moon-Orbit-42", against: second))
        }
    }

    @Test("a server hashes at cost 12: the hash is bcrypt's $2b$12$ and verifies")
    func productionCost() async throws {
        let pool = PasswordHashingPool(threads: 1, waitingLimit: 1)
        let hasher = try BcryptPasswordHashing(pool: pool)
        #expect(hasher.cost == 12)
        let hash = try await hasher.hash("Kettle-Moon-Orbit-42")
        #expect(hash.hasPrefix("$2b$12$"))
        #expect(hash.count == 60)
        #expect(try await hasher.verify("Kettle-Moon-Orbit-42", against: hash))
        await pool.shutdown()
    }

    @Test("a server refuses a cost below 12 or above 31; only the testing initializer goes down to 4")
    func costBounds() async throws {
        let pool = PasswordHashingPool(threads: 1, waitingLimit: 0)
        #expect(throws: BcryptCostOutOfRange(cost: 11, allowed: 12...31)) { try BcryptPasswordHashing(cost: 11, pool: pool) }
        #expect(throws: BcryptCostOutOfRange(cost: 32, allowed: 12...31)) { try BcryptPasswordHashing(cost: 32, pool: pool) }
        #expect(throws: BcryptCostOutOfRange(cost: 3, allowed: 4...31)) { try BcryptPasswordHashing(testingCost: 3, pool: pool) }
        #expect(try BcryptPasswordHashing(testingCost: 4, pool: pool).cost == 4)
        #expect(try BcryptPasswordHashing(cost: 13, pool: pool).cost == 13)
        await pool.shutdown()
    }

    @Test("passwords alike in their first 72 bytes, or up to a NUL, are still different passwords")
    func wholePasswordCounts() async throws {
        try await withHasher { hasher in
            let prefix = String(repeating: "correct horse battery staple ", count: 3)  // 87 bytes
            let hash = try await hasher.hash(prefix + "one")
            #expect(try await !hasher.verify(prefix + "two", against: hash))
            let withNUL = try await hasher.hash("before\u{0}after-one")
            #expect(try await !hasher.verify("before\u{0}after-two", against: withNUL))
            #expect(try await hasher.verify("before\u{0}after-one", against: withNUL))
        }
    }

    @Test("an accent typed composed or decomposed is the same password")
    func unicodeComposition() async throws {
        try await withHasher { hasher in
            let composed = "caf\u{E9}-au-lait-42"
            let decomposed = "cafe\u{301}-au-lait-42"
            let hash = try await hasher.hash(composed)
            #expect(try await hasher.verify(decomposed, against: hash))
        }
    }

    @Test("with N threads busy and M calls waiting, call N+M+1 is refused as busy at once; the others all finish")
    func boundedQueue() async throws {
        let metrics = ServerMetrics()
        let pool = PasswordHashingPool(threads: 2, waitingLimit: 3, metrics: metrics.passwordHashing)
        let gate = DispatchSemaphore(value: 0)
        try await withThrowingTaskGroup(of: Int.self) { calls in
            for call in 0..<5 {
                calls.addTask {
                    try await pool.execute {
                        gate.wait()
                        return call
                    }
                }
            }
            do {
                try await waitUntil { pool.occupancy == .init(running: 2, waiting: 3) }
            } catch {
                // Open the gate for every call, so the group can end and the test fails instead of hanging.
                for _ in 0..<6 { gate.signal() }
                throw error
            }
            #expect(Self.value("doodle_password_hashes_running", in: metrics) == 2)
            #expect(Self.value("doodle_password_hashes_waiting", in: metrics) == 3)

            await #expect(throws: PasswordHashingError.busy) { try await pool.execute { 99 } }
            #expect(Self.value("doodle_password_hashes_refused_total", in: metrics) == 1)

            // One more than the five calls, so a sixth call wrongly admitted cannot hang the test.
            for _ in 0..<6 { gate.signal() }
            var finished: [Int] = []
            for try await call in calls { finished.append(call) }
            #expect(finished.sorted() == [0, 1, 2, 3, 4])
        }
        #expect(pool.occupancy == .init(running: 0, waiting: 0))
        #expect(Self.value("doodle_password_hashes_running", in: metrics) == 0)
        #expect(Self.value("doodle_password_hashes_waiting", in: metrics) == 0)
        // Room again once the queue has drained.
        #expect(try await pool.execute { 7 } == 7)
        await pool.shutdown()
    }

    @Test("with no waiting room, one call per thread runs and the next is busy")
    func noWaitingRoom() async throws {
        let pool = PasswordHashingPool(threads: 1, waitingLimit: 0)
        let gate = DispatchSemaphore(value: 0)
        try await withThrowingTaskGroup(of: Int.self) { calls in
            calls.addTask { try await pool.execute { gate.wait(); return 1 } }
            try await waitUntil { pool.occupancy == .init(running: 1, waiting: 0) }
            await #expect(throws: PasswordHashingError.busy) { try await pool.execute { 2 } }
            gate.signal()
            #expect(try await calls.next() == 1)
        }
        await pool.shutdown()
    }

    @Test("shutting down: a waiting call is stopped, the running one finishes, later calls are stopped")
    func stopping() async throws {
        let pool = PasswordHashingPool(threads: 1, waitingLimit: 4)
        let gate = DispatchSemaphore(value: 0)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    let value = try await pool.execute { gate.wait(); return 1 }
                    #expect(value == 1)
                } catch {
                    Issue.record("the running call failed: \(error)")
                }
            }
            try? await waitUntil { pool.occupancy == .init(running: 1, waiting: 0) }
            group.addTask { await #expect(throws: PasswordHashingError.stopped) { try await pool.execute { 2 } } }
            try? await waitUntil { pool.occupancy == .init(running: 1, waiting: 1) }
            group.addTask { await pool.shutdown() }
            // The waiting call is stopped only when the thread comes to it (NIO's thread pool runs
            // its queue out as cancelled), after the running one; new calls are stopped at once.
            try? await waitUntil { pool.isStopped }
            await #expect(throws: PasswordHashingError.stopped) { try await pool.execute { 3 } }
            gate.signal()
        }
        await #expect(throws: PasswordHashingError.stopped) { try await pool.execute { 4 } }
    }

    @Test("as a service the hasher stops at graceful shutdown: hashing is then .stopped")
    func serviceStops() async throws {
        let hasher = try BcryptPasswordHashing(testingCost: 4, pool: PasswordHashingPool(threads: 1, waitingLimit: 1))
        let group = ServiceGroup(services: [hasher], logger: .init(label: "test"))
        try await withThrowingTaskGroup(of: Void.self) { running in
            running.addTask { try await group.run() }
            #expect(try await hasher.verify("Kettle-Moon-Orbit-42", against: nil) == false)
            await group.triggerGracefulShutdown()
            try await running.waitForAll()
        }
        await #expect(throws: PasswordHashingError.stopped) { try await hasher.hash("Kettle-Moon-Orbit-42") }
        await #expect(throws: PasswordHashingError.stopped) { try await hasher.verify("Kettle-Moon-Orbit-42", against: nil) }
    }

    /// A hasher at bcrypt's lowest cost, on its own pool, stopped afterwards.
    private func withHasher(_ body: (BcryptPasswordHashing) async throws -> Void) async throws {
        let pool = PasswordHashingPool(threads: 2, waitingLimit: 8)
        let hasher = try BcryptPasswordHashing(testingCost: 4, pool: pool)
        do {
            try await body(hasher)
        } catch {
            await pool.shutdown()
            throw error
        }
        await pool.shutdown()
    }

    /// The value of an unlabelled metric in the server's exposition.
    private static func value(_ name: String, in metrics: ServerMetrics) -> Double? {
        for line in metrics.exposition().split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }
}

/// Waits (polling, at most 10 s) until the condition holds; fails the test if it never does.
/// The condition is about what has happened, not how fast: no timing is asserted.
private func waitUntil(_ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(30))
    while !condition() {
        guard clock.now < deadline else {
            Issue.record("the condition never held", sourceLocation: sourceLocation)
            throw WaitedInVain()
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}

private struct WaitedInVain: Error {}
