import ServiceLifecycle

/// Keeps this node in the cluster while it runs: renews its lease (registering it again if it
/// lapsed, or if the first registration, when the server began to listen, failed), and on
/// graceful shutdown releases its rooms at once. Cancelled without a graceful shutdown (a
/// crash, as far as the cluster can tell) it releases nothing, and its rooms go when the lease
/// runs out.
struct NodeLease: Service, CustomStringConvertible {
    var description: String { "NodeLease" }

    let membership: ClusterMembership
    /// Its rooms take their codes back after a lapsed lease, and its pair rooms their keys.
    let registry: RoomRegistry
    let pairs: PairRegistry

    func run() async {
        await cancelWhenGracefulShutdown { [membership, registry, pairs] in
            await membership.renewUntilCancelled(leaseRestarted: {
                await registry.reclaimCodes()
                await pairs.reclaimKeys()
            })
        }
        if Task.isCancelled { return }
        await membership.leave()
    }
}
