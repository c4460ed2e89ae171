/// How long a node's lease lasts and how often the node renews it.
///
/// A node that dies renewed last at most one ``renewalMilliseconds`` before dying, so its codes
/// and seats are gone for everyone at most ``leaseMilliseconds`` after its death (the
/// ``bound``): with the defaults, 15 s. Renewing every 5 s lets two renewals in a row fail
/// (a slow database, a long pause) before a live node loses its rooms.
public struct DirectoryLease: Sendable, Equatable {
    public static let defaultLeaseMilliseconds: Int64 = 15_000
    public static let defaultRenewalMilliseconds: Int64 = 5_000

    public var leaseMilliseconds: Int64
    public var renewalMilliseconds: Int64

    /// The defaults: a 15 s lease renewed every 5 s.
    public static let standard = DirectoryLease(
        leaseMilliseconds: defaultLeaseMilliseconds, renewalMilliseconds: defaultRenewalMilliseconds)

    public init(leaseMilliseconds: Int64, renewalMilliseconds: Int64) {
        self.leaseMilliseconds = leaseMilliseconds
        self.renewalMilliseconds = renewalMilliseconds
    }

    /// At most this long after a node dies, its codes are free and its seats forgotten.
    public var bound: Int64 { leaseMilliseconds }

    /// Why these timings cannot work, or nil when they can: the renewal must come well within
    /// the lease, or every hiccup would lose a live node its rooms.
    public var problem: String? {
        if renewalMilliseconds < 100 { return "the renewal interval must be at least 100 ms" }
        if leaseMilliseconds < 2 * renewalMilliseconds {
            return "the lease (\(leaseMilliseconds) ms) must be at least twice the renewal interval (\(renewalMilliseconds) ms)"
        }
        return nil
    }
}
