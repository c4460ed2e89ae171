import DoodleServer
import Synchronization

/// A clock that moves only when a test moves it. Sleeping is not supported: the pieces tested
/// with it read the time and are driven by the test.
final class ManualGameClock: GameClock {
    private let now: Atomic<Int64>

    init(now: Int64 = 1_700_000_000_000) {
        self.now = Atomic(now)
    }

    func nowMillis() -> Int64 { now.load(ordering: .relaxed) }

    func advance(byMillis millis: Int64) {
        now.add(millis, ordering: .relaxed)
    }

    func sleep(untilMillis deadline: Int64) async throws {
        struct SleepingIsNotSupported: Error {}
        throw SleepingIsNotSupported()
    }
}
