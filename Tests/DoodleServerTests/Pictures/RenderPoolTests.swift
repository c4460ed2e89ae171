import Dispatch
import Synchronization
import Testing

@testable import DoodleServer

@Suite("Render pool")
struct RenderPoolTests {
    /// Set by a render once it runs.
    final class Flag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    @Test("with every thread busy and the queue full a render is refused at once, and taken again once there is room")
    func busy() async throws {
        let pool = RenderPool(threads: 1, waitingLimit: 1)
        let release = DispatchSemaphore(value: 0)
        let started = Flag()
        async let first = pool.run {
            started.set()
            release.wait()
            return 1
        }
        while !started.isSet { try await Task.sleep(for: .milliseconds(5)) }
        async let second = pool.run { 2 }
        while pool.admittedRenders < 2 { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: RenderPoolBusy.self) { try await pool.run { 3 } }
        release.signal()
        #expect(try await first == 1)
        #expect(try await second == 2)
        #expect(try await pool.run { 4 } == 4)
        #expect(pool.admittedRenders == 0)
        try await pool.shutdown()
    }
}
