/// What the `ArchiveWriter` needs of a back end: one batch of saves written in one transaction.
///
/// Every insert must be idempotent on the record's id (a batch retried after an error that
/// came after its commit stores nothing twice, and a game's totals are added once), and a
/// returned call must be durable: a save whose batch committed survives `kill -9` of the server.
protocol ArchiveBatchWriter: Sendable {
    func write(_ writes: [PreparedWrite]) async throws

    /// Whether `error` means the database cannot take writes right now (busy, unreachable, full),
    /// as opposed to refusing this particular data. Only outages are retried batch-wide.
    func isOutage(_ error: any Error) -> Bool
}
