import DoodleCore
import Testing

@testable import DoodleServer

@Suite("Notification retry schedule")
struct RetryScheduleTests {
    @Test("the delay doubles from the first to the maximum, jittered within its upper half")
    func backoffWithJitter() {
        let schedule = RetrySchedule(firstDelayMilliseconds: 1_000, maxDelayMilliseconds: 60_000)
        var random = SeededRandom(seed: 42)
        for (attempts, full) in [(1, 1_000), (2, 2_000), (3, 4_000), (6, 32_000), (7, 60_000), (40, 60_000)] as [(Int, Int64)] {
            let delays = (0..<200).map { _ in schedule.delay(afterAttempts: attempts, using: &random) }
            #expect(delays.allSatisfy { $0 >= full / 2 && $0 <= full }, "attempt \(attempts)")
            #expect(Set(delays).count > 50, "jittered, not one fixed delay")
        }
    }
}
