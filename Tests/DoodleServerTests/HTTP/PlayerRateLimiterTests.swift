import DoodleCore
import Foundation
import Testing

@testable import DoodleServer

/// The per-player sliding window behind HTTP guesses' 429 and its `Retry-After`.
@Suite("Player rate limiter")
struct PlayerRateLimiterTests {
    static func limiter(count: Int = 5, windowMilliseconds: Int64 = 3_000) throws -> PlayerRateLimiter {
        let rule = try JSONDecoder().decode(
            RateLimitRule.self, from: Data(#"{"count":\#(count),"windowMilliseconds":\#(windowMilliseconds)}"#.utf8))
        return PlayerRateLimiter(rule: rule)
    }

    @Test("five within the window pass, the sixth waits for the oldest to leave it; other players are apart")
    func window() throws {
        let limiter = try Self.limiter()
        for at in [0, 500, 1_000, 1_500, 2_000] as [Int64] {
            #expect(limiter.record("p_ada", now: at) == .allowed, "at \(at)")
        }
        // The oldest kept attempt (500) leaves the window at 3,500: 1.4 s from 2,100, rounded up.
        #expect(limiter.record("p_ada", now: 2_100) == .limited(retryAfterSeconds: 2))
        #expect(limiter.record("p_bob", now: 2_100) == .allowed)
        // Refused attempts count too, so hammering keeps the door shut.
        #expect(limiter.record("p_ada", now: 3_001) == .limited(retryAfterSeconds: 1))
        #expect(limiter.record("p_ada", now: 3_501) == .limited(retryAfterSeconds: 1))
        #expect(limiter.record("p_ada", now: 6_600) == .allowed)
    }

    @Test("waiting exactly Retry-After seconds is enough")
    func retryAfterIsHonest() throws {
        let limiter = try Self.limiter()
        for _ in 0..<5 { #expect(limiter.record("p_ada", now: 0) == .allowed) }
        guard case .limited(let wait) = limiter.record("p_ada", now: 100) else {
            Issue.record("the sixth guess within the window passed")
            return
        }
        #expect(wait == 3)
        #expect(limiter.record("p_ada", now: 100 + Int64(wait) * 1_000) == .allowed)
    }
}
