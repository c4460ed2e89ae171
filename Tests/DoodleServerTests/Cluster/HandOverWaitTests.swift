import DoodleStorage
import DoodleTestSupport
import Synchronization
import Testing

@testable import DoodleServer

/// A node stopping gracefully lets its clients go only once the rooms it handed over have new
/// hosts (``ClusterMembership/waitUntilHosted(_:within:)``): before that, leaving has taken
/// their seats out of the directory, and a player who came back at once would find none.
@Suite("Hand-over: the stopping node's wait for its rooms' new hosts")
struct HandOverWaitTests {
    private final class Finished: Sendable {
        private let state = Mutex(false)
        func set() { state.withLock { $0 = true } }
        var isSet: Bool { state.withLock { $0 } }
    }

    private static func stoppingNode(_ directory: InProcessRoomDirectory, clock: ManualGameClock) -> ClusterMembership {
        ClusterMembership(
            settings: ClusterSettings(directory: directory, nodeURL: { _ in "ws://127.0.0.1:1/v1/ws" }, leaseClock: clock), directory: directory,
            signals: nil, logger: TestServer.logger)
    }

    @Test("the wait ends once a live node hosts every room handed over, and not before", .timeLimit(.minutes(1)))
    func endsOnceEveryRoomIsHosted() async throws {
        let clock = ManualGameClock()
        let directory = InProcessRoomDirectory(now: { clock.nowMillis() })
        let adopter = ClusterNode(id: "n_adopter", url: "ws://127.0.0.1:2/v1/ws")
        await directory.register(adopter, leaseMilliseconds: 15_000)
        let stopping = Self.stoppingNode(directory, clock: clock)
        let finished = Finished()
        try await withThrowingTaskGroup { group in
            // Far beyond the test's time limit: only the adoptions can end it in time.
            group.addTask {
                await stopping.waitUntilHosted(["AAAAAA", "BBBBBB"], within: .seconds(120))
                finished.set()
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(!finished.isSet, "no room has a new host yet")
            #expect(await directory.claim(code: "AAAAAA", for: adopter.id))
            try await Task.sleep(for: .milliseconds(200))
            #expect(!finished.isSet, "one room still has none")
            #expect(await directory.claim(code: "BBBBBB", for: adopter.id))
            try await group.waitForAll()
        }
        #expect(finished.isSet)
    }

    @Test("with no live node left to adopt (the whole cluster stopping) there is nothing to wait for", .timeLimit(.minutes(1)))
    func noLiveNodeNoWait() async throws {
        let clock = ManualGameClock()
        let directory = InProcessRoomDirectory(now: { clock.nowMillis() })
        await Self.stoppingNode(directory, clock: clock).waitUntilHosted(["AAAAAA"], within: .seconds(120))
    }

    @Test("a room nobody adopts holds the clients no longer than the limit", .timeLimit(.minutes(1)))
    func boundedByTheLimit() async throws {
        let clock = ManualGameClock()
        let directory = InProcessRoomDirectory(now: { clock.nowMillis() })
        await directory.register(ClusterNode(id: "n_other", url: "ws://127.0.0.1:2/v1/ws"), leaseMilliseconds: 15_000)
        let started = ContinuousClock.now
        await Self.stoppingNode(directory, clock: clock).waitUntilHosted(["AAAAAA"], within: .milliseconds(300))
        #expect(ContinuousClock.now - started >= .milliseconds(300))
    }
}
