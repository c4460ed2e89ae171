import ServiceLifecycle

/// Keeps this node in the cluster while it runs: registers it once the server listens (its
/// address may depend on the port), renews its lease, and on graceful shutdown releases its
/// rooms at once. Cancelled without a graceful shutdown (a crash, as far as the cluster can
/// tell) it releases nothing, and its rooms go when the lease runs out.
struct NodeLease: Service, CustomStringConvertible {
    var description: String { "NodeLease" }

    let membership: ClusterMembership
    /// Its rooms take their codes back after a lapsed lease.
    let registry: RoomRegistry
    /// The port the server listens on, once it does.
    let boundPorts: AsyncStream<Int>

    func run() async throws {
        var ports = boundPorts.makeAsyncIterator()
        guard let port = await ports.next() else { return }
        try await membership.register(boundPort: port)
        await cancelWhenGracefulShutdown { [membership, registry] in
            await membership.renewUntilCancelled(leaseRestarted: { await registry.reclaimCodes() })
        }
        if Task.isCancelled { return }
        await membership.leave()
    }
}
