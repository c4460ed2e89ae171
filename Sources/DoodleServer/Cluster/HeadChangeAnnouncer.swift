import ServiceLifecycle

/// Tells the other nodes of the cluster of the widget-head changes made here, as they come
/// (``PendingHeadChanges``), so that their ``LatestHeadCache`` forgets those heads too.
struct HeadChangeAnnouncer: Service, CustomStringConvertible {
    var description: String { "HeadChangeAnnouncer" }

    /// Players named by one signal: about 21 bytes each, well inside a `NOTIFY`'s 8,000.
    static let playersPerSignal = 200

    let pending: PendingHeadChanges
    let membership: ClusterMembership

    func run() async {
        for await _ in pending.added.cancelOnGracefulShutdown() {
            await announcePending()
        }
        // What changed while the shutdown began still goes out.
        await announcePending()
    }

    private func announcePending() async {
        while let batch = pending.take(upTo: Self.playersPerSignal) {
            await membership.announceHeadsChanged(batch)
        }
    }
}
