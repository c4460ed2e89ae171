import DoodleStorage

/// The per-email lockout of password logins (contract: "after 5 failed logins for one email
/// within 15 minutes: 429 for that email until the window passes"). A pure policy: the failures
/// come from `AccountStore.loginFailures`, the time from the caller.
///
/// The window slides: an email is locked while `maximumFailures` failures lie within the last
/// `windowMilliseconds`, that is until the oldest of them is that old. Ask before verifying the
/// password, and neither verify nor record an attempt refused here: a locked email then costs no
/// hashing at all, and the lock ends when the window passes however often the attacker knocks.
/// Unknown emails count like known ones, so the lockout does not tell them apart either.
struct LoginLockout: Equatable, Sendable {
    /// Failures within the window that lock the email.
    var maximumFailures = 5
    /// The window, in milliseconds (what `AccountStore`'s `window` parameters take).
    var windowMilliseconds: Int64 = 15 * 60 * 1000

    /// Whether a login for the email may be tried now.
    enum Decision: Equatable, Sendable {
        case allowed
        /// 429, with `Retry-After: retryAfterSeconds` (at least 1).
        case locked(retryAfterSeconds: Int)
    }

    /// Decides from the email's failures in the window before `now` (milliseconds since 1970).
    func decision(failures: LoginFailures, now: Int64) -> Decision {
        guard failures.count >= maximumFailures, let oldest = failures.oldestAt else { return .allowed }
        // `oldest` is the database's: a row from beyond the year 292 million must not trap a login.
        let (unlocksAt, overflow) = oldest.addingReportingOverflow(windowMilliseconds)
        guard !overflow, unlocksAt > now else { return .allowed }
        // Whole seconds, rounded up: a client that waits exactly that long finds the email open.
        // Never more than a window, even for a failure another node's clock put in the future.
        let seconds = (min(unlocksAt - now, windowMilliseconds) + 999) / 1000
        return .locked(retryAfterSeconds: Int(seconds))
    }
}
