import DoodleCore

/// Where each player holds a seat (or watches), kept for the `hello` that resumes it: the
/// player directory's entry answers a `hello` on this node, the cluster directory's on any
/// node. Both are indexes of one truth, the rooms' own seats (which their checkpoints keep), so
/// that a restore rebuilds them from the rooms alone.
///
/// This is their one writer: a party room records its seats here as its state machine takes
/// and frees them (``Room``), and pair mode the places of its partners (``PairHosting``).
/// Nothing else writes either index.
struct SeatIndex: Sendable {
    let players: PlayerDirectory
    let cluster: ClusterMembership

    /// `player` holds a seat in the party room `code` on this node, or watches it: after a
    /// join, a room's creation, and a restore.
    func taken(_ player: PlayerID, room code: String) async {
        await players.seatTaken(player, room: code)
        if cluster.isClustered { await cluster.seatTaken(player, room: code) }
    }

    /// The room `code` let `player`'s seat go (it left, was kicked, its grace ran out, or the
    /// room closed).
    func released(_ player: PlayerID, room code: String) async {
        await players.seatReleased(player, room: code)
        if cluster.isClustered { await cluster.seatReleased(player, room: code) }
    }

    /// This node holds the code `code` again after its lease lapsed, which took the cluster's
    /// record of the room's seats along: they are recorded there again. This node's own
    /// entries never went.
    func recordedAgain(_ members: [PlayerID], room code: String) async {
        guard cluster.isClustered else { return }
        for player in members { await cluster.seatTaken(player, room: code) }
    }

    /// A partner is in the pair room hosted here under `key` (``PairHosting/key(ofPair:)`` or
    /// a waiting room's code). Pair mode keeps its own record of who is where on this node
    /// (``PairRegistry``), so only the cluster's index learns of it.
    func pairPlaceTaken(_ player: PlayerID, key: String) async {
        await cluster.seatTaken(player, room: key)
    }

    func pairPlaceReleased(_ player: PlayerID, key: String) async {
        await cluster.seatReleased(player, room: key)
    }
}
