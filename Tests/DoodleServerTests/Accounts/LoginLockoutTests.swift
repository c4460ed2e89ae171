import DoodleStorage
import Testing

@testable import DoodleServer

/// 5 failed logins within 15 minutes lock the email until the oldest of them is 15 minutes old.
@Suite("Login lockout")
struct LoginLockoutTests {
    let lockout = LoginLockout()
    let now: Int64 = 1_800_000_000_000
    let minute: Int64 = 60_000

    @Test("the contract's numbers: 5 failures, 15 minutes")
    func numbers() {
        #expect(lockout.maximumFailures == 5)
        #expect(lockout.windowMilliseconds == 15 * minute)
    }

    @Test("up to 4 failures in the window: allowed")
    func belowLimit() {
        #expect(lockout.decision(failures: LoginFailures(count: 0, oldestAt: nil), now: now) == .allowed)
        #expect(lockout.decision(failures: LoginFailures(count: 4, oldestAt: now - minute), now: now) == .allowed)
    }

    @Test("5 failures: locked until the oldest is 15 minutes old, Retry-After in whole seconds rounded up")
    func locked() {
        #expect(lockout.decision(failures: LoginFailures(count: 5, oldestAt: now - minute), now: now) == .locked(retryAfterSeconds: 14 * 60))
        #expect(lockout.decision(failures: LoginFailures(count: 5, oldestAt: now), now: now) == .locked(retryAfterSeconds: 15 * 60))
        #expect(lockout.decision(failures: LoginFailures(count: 9, oldestAt: now - 2 * minute), now: now) == .locked(retryAfterSeconds: 13 * 60))
        // 1 ms before the window passes: still one second to wait, never zero.
        #expect(lockout.decision(failures: LoginFailures(count: 5, oldestAt: now - 15 * minute + 1), now: now) == .locked(retryAfterSeconds: 1))
        #expect(lockout.decision(failures: LoginFailures(count: 5, oldestAt: now - 15 * minute + 1001), now: now) == .locked(retryAfterSeconds: 2))
    }

    @Test("the moment the oldest failure is 15 minutes old the email is open again")
    func windowPassed() {
        #expect(lockout.decision(failures: LoginFailures(count: 5, oldestAt: now - 15 * minute), now: now) == .allowed)
        #expect(lockout.decision(failures: LoginFailures(count: 5, oldestAt: now - 20 * minute), now: now) == .allowed)
    }

    @Test("a count without an oldest time (which a store never reports) does not lock")
    func inconsistentRecord() {
        #expect(lockout.decision(failures: LoginFailures(count: 5, oldestAt: nil), now: now) == .allowed)
    }
}
