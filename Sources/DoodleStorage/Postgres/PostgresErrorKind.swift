import NIOCore
import PostgresNIO

/// What a PostgreSQL error means to the stores: the database is out of reach or overloaded for
/// now (retry later: the archive writer's outages), this transaction lost a race that a second
/// run answers, or the data itself was refused.
enum PostgresErrorKind: Equatable {
    case outage
    case conflict
    case refused

    init(_ error: any Error) {
        let error = (error as? PostgresFailure)?.underlying ?? error
        switch error {
        case is PostgresUnavailable, is IOError, is ChannelError:
            self = .outage
        case let error as PSQLError:
            self = Self.kind(of: error)
        default:
            self = .refused
        }
    }

    /// Whether `error` left the connection itself unusable (anything but the server's answer):
    /// then a `ROLLBACK` would only fail too, and the server rolls back a transaction whose
    /// connection is gone. After any other error, thrown by the server or by a store's body, the
    /// connection is live and its transaction must be ended before it goes back to the pool.
    static func connectionFailed(_ error: any Error) -> Bool {
        (error as? PSQLError).map { $0.code != .server } ?? false
    }

    /// Whether the transaction lost a race with a concurrent one (a unique key the other
    /// committed first, a deadlock, a serialisation failure): run again, it answers from what the
    /// winner committed.
    static func lostRace(_ error: PSQLError) -> Bool {
        ["23505", "40001", "40P01"].contains(error.serverInfo?[.sqlState] ?? "")
    }

    private static func kind(of error: PSQLError) -> PostgresErrorKind {
        guard error.code == .server else {
            // Everything but a server's answer is the connection failing: refused, closed,
            // reset, cancelled, or the pool shutting down.
            return .outage
        }
        let state = error.serverInfo?[.sqlState] ?? ""
        switch state {
        // 40001 serialisation failure, 40P01 deadlock: the other transaction won, try again.
        case "40001", "40P01": return .outage
        // 23505 unique violation: a concurrent transaction committed the same key first.
        case "23505": return .conflict
        default: break
        }
        switch state.prefix(2) {
        // 08 connection exception, 53 insufficient resources (disk full, out of memory, too many
        // connections), 57 operator intervention (admin shutdown 57P01, crash 57P02, cannot
        // connect now 57P03, query cancelled 57014), 58 system error (I/O).
        case "08", "53", "57", "58": return .outage
        default: return .refused
        }
    }
}

/// A PostgreSQL call that did not finish within its time: the pool waits for ever for a server
/// it cannot reach, so calls that must give up (the archive writer's batches) race a deadline.
struct PostgresUnavailable: Error, CustomStringConvertible {
    let seconds: Int

    var description: String { "PostgreSQL did not answer within \(seconds) s" }
}
