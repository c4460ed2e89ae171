import Testing

@testable import DoodleCore

/// Sliding-window rate limits with a test clock (guess: 5 per 3,000 ms, flood at 10×).
@Suite struct RateLimiterTests {
    let rules: RateLimitRules

    init() throws {
        rules = try Fixtures.rules().rateLimits
    }

    @Test func shippedLimitsAreTheContractsDefaults() {
        #expect(rules.guess.count == 5 && rules.guess.windowMilliseconds == 3_000)
        #expect(rules.drawing.count == 120 && rules.drawing.windowMilliseconds == 1_000)
        #expect(rules.joinRoom.count == 10 && rules.joinRoom.windowMilliseconds == 60_000)
        #expect(rules.other.count == 30 && rules.other.windowMilliseconds == 1_000)
        #expect(rules.floodMultiplier == 10)
    }

    @Test func theLimitIsAllowedAndTheNextAttemptIsLimited() {
        var limiter = RateLimiter(rules: rules)
        for t in 0..<5 { #expect(limiter.record(.guess, now: Int64(t) * 100) == .allowed) }
        #expect(limiter.record(.guess, now: 500) == .limited)
    }

    @Test func theWindowSlidesAndRefusedAttemptsCount() {
        var limiter = RateLimiter(rules: rules)
        for _ in 0..<5 { #expect(limiter.record(.guess, now: 0) == .allowed) }
        #expect(limiter.record(.guess, now: 2_999) == .limited)
        // At 3,000 the five attempts at 0 have left the window; the refused one at 2,999 has not.
        #expect(limiter.record(.guess, now: 3_000) == .allowed)  // 2,999 and 3,000
        #expect(limiter.record(.guess, now: 3_001) == .allowed)
        #expect(limiter.record(.guess, now: 3_002) == .allowed)
        #expect(limiter.record(.guess, now: 3_003) == .allowed)  // 5 inside
        #expect(limiter.record(.guess, now: 3_004) == .limited)  // 6 inside
        #expect(limiter.record(.guess, now: 5_999) == .limited)  // (2,999, 5,999]: 3,000 … 3,004 and this one
        #expect(limiter.record(.guess, now: 6_000) == .limited)  // (3,000, 6,000]: 6
        #expect(limiter.record(.guess, now: 6_003) == .allowed)  // (3,003, 6,003]: 3,004, 5,999, 6,000, 6,003
    }

    @Test func tenTimesTheLimitWithinOneWindowIsFlooding() {
        var limiter = RateLimiter(rules: rules)
        var verdicts: [RateLimiter.Verdict] = []
        for t in 0..<50 { verdicts.append(limiter.record(.guess, now: Int64(t) * 10)) }
        #expect(verdicts.prefix(5).allSatisfy { $0 == .allowed })
        #expect(verdicts.dropFirst(5).prefix(44).allSatisfy { $0 == .limited })
        #expect(verdicts.last == .flooding)
    }

    @Test func spreadOutAttemptsNeverFlood() {
        var limiter = RateLimiter(rules: rules)
        // One guess every 600 ms is exactly 5 per 3 s: always allowed.
        for t in 0..<200 { #expect(limiter.record(.guess, now: Int64(t) * 600) == .allowed) }
    }

    @Test func bucketsAreIndependent() {
        var limiter = RateLimiter(rules: rules)
        for _ in 0..<6 { _ = limiter.record(.guess, now: 0) }
        #expect(limiter.record(.guess, now: 0) == .limited)
        #expect(limiter.record(.drawing, now: 0) == .allowed)
        #expect(limiter.record(.other, now: 0) == .allowed)
        #expect(limiter.record(.joinRoom, now: 0) == .allowed)
    }

    @Test func otherDrawingAndJoinLimits() {
        var limiter = RateLimiter(rules: rules)
        for _ in 0..<30 { #expect(limiter.record(.other, now: 100) == .allowed) }
        #expect(limiter.record(.other, now: 100) == .limited)
        for _ in 0..<120 { #expect(limiter.record(.drawing, now: 100) == .allowed) }
        #expect(limiter.record(.drawing, now: 100) == .limited)
        for n in 0..<10 { #expect(limiter.record(.joinRoom, now: Int64(n) * 5_000) == .allowed) }
        #expect(limiter.record(.joinRoom, now: 59_999) == .limited)
        #expect(limiter.record(.joinRoom, now: 60_001) == .limited)  // 5,000 … 45,000, 59,999 and this one: 11
    }

    @Test func messagesMapToTheirBuckets() {
        #expect(RateLimiter.bucket(for: .guess(text: "x")) == .guess)
        #expect(RateLimiter.bucket(for: .draw(.undo)) == .drawing)
        #expect(RateLimiter.bucket(for: .draw(.begin(1))) == .drawing)
        #expect(RateLimiter.bucket(for: .joinRoom(code: "ABCDEF")) == .joinRoom)
        #expect(RateLimiter.bucket(for: .startGame) == .other)
        #expect(RateLimiter.bucket(for: .chooseWord(index: 0)) == .other)
    }
}
