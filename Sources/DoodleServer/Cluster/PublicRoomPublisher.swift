import ServiceLifecycle

/// Writes this node's public rooms' status to the cluster's directory as it changes
/// (``PendingPublicRooms``), so that every node's room list and quick play see them: one
/// transaction per flush, with whatever changed while the previous one was written.
struct PublicRoomPublisher: Service, CustomStringConvertible {
    var description: String { "PublicRoomPublisher" }

    let pending: PendingPublicRooms
    let membership: ClusterMembership

    func run() async {
        for await _ in pending.added.cancelOnGracefulShutdown() {
            await publishPending()
        }
        await publishPending()
    }

    private func publishPending() async {
        while let changes = pending.take() {
            await membership.publish(changes.statuses, unpublish: changes.turnedPrivate)
        }
    }
}
