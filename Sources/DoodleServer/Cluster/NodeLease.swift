import ServiceLifecycle

/// Keeps this node in the cluster while it runs: renews its lease (registering it again if it
/// lapsed, or if the first registration, when the server began to listen, failed), adopts after
/// each renewal the rooms of nodes whose lease ran out, and on graceful shutdown hands its rooms
/// over (PROTOCOL.md rev 5, "Handing over"): their last checkpoints written and released, its
/// lease, codes and seats gone at once, the other nodes told to adopt them now, and its clients
/// kept until they have (at most 2 s). Cancelled
/// without a graceful shutdown (a crash, as far as the cluster can tell) it releases nothing,
/// and its rooms are adopted when the lease runs out.
struct NodeLease: Service, CustomStringConvertible {
    var description: String { "NodeLease" }

    let membership: ClusterMembership
    /// Its rooms take their codes back after a lapsed lease, and its pair rooms their keys.
    let registry: RoomRegistry
    let pairs: PairRegistry

    func run() async {
        await cancelWhenGracefulShutdown { [membership, registry, pairs] in
            let (renewals, renewed) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
            await withDiscardingTaskGroup { group in
                // Adopting rooms may take a restore's time: the lease is renewed on time meanwhile.
                group.addTask {
                    for await _ in renewals { await registry.adoptOrphans() }
                }
                await membership.renewUntilCancelled(
                    leaseRestarted: {
                        await registry.reclaimCodes()
                        await pairs.reclaimKeys()
                    },
                    renewed: { renewed.yield() })
                renewed.finish()
            }
        }
        if Task.isCancelled { return }
        // In this order: a room's code is free for another node only once its checkpoint is
        // final and released, so the node that adopts it restores the room as it stopped.
        let released = await registry.handOver()
        await membership.leave()
        await membership.announceRoomsReleased()
        // Only then are the clients told to go (4001, by a later stage): leaving took the
        // rooms' seats out of the directory, and a player back before its room's adoption
        // would find none and start afresh.
        await membership.waitUntilHosted(released, within: Self.handOverWait)
    }

    /// How long a stopping node keeps its clients while the others adopt its rooms: the
    /// contract's bound for a room to be answered by its new node.
    static let handOverWait: Duration = .seconds(2)
}
