import DoodleCore

/// Node-to-node messages of a cluster: one node sends a signal to another (or to all), and each
/// node reads the signals sent to it. Delivery is at most once and only to a node that listens
/// now: a node that died gets nothing, as a PostgreSQL channel nobody listens on drops what is
/// sent to it. So whoever waits for an answer waits with a deadline.
///
/// Implementations: ``InProcessClusterSignals`` (several nodes in one process, for tests) and
/// ``DatabaseClusterSignals``, over the `NodeChannels` of the database the nodes share
/// (PostgreSQL `LISTEN`/`NOTIFY`): each node listens on `doodle_node_<node id>` (node ids are
/// lower-case letters, digits and `_`) and on `doodle_cluster`, where broadcasts go. Signals
/// travel as JSON (``ClusterSignal``'s `Codable` form); a broadcast names its sender, which
/// skips its own. A signal longer than a `NOTIFY` holds (a pair call carrying an upload) is
/// stored, and the notification names its row.
public protocol ClusterSignals: Sendable {
    /// Sends `signal` to the node with `nodeID`; dropped when that node does not listen.
    func send(_ signal: ClusterSignal, to nodeID: String) async throws
    /// Sends `signal` to every listening node but `nodeID`, the sender.
    func broadcast(_ signal: ClusterSignal, from nodeID: String) async throws
    /// Listens as the node with `nodeID` until the task is cancelled, handing each signal sent
    /// to it, or broadcast by another node, to `receive` in the order it arrived.
    /// `listening(true)` once it listens; `listening(false)` when it has lost its way to the
    /// others (what is sent meanwhile is lost), after which it tries again and says
    /// `listening(true)` when it listens anew. Cancelled, the node stops listening: what is sent
    /// to it from then on is dropped.
    func listen(as nodeID: String, listening: (Bool) async -> Void, receive: (ClusterSignal) async -> Void) async
}

/// One node-to-node message. Its contents are the server's own business; the transport only
/// carries it.
public struct ClusterSignal: Sendable, Equatable {
    enum Body: Sendable, Equatable {
        /// `player` said `hello` on node `nodeID` at `at` (milliseconds): any connection of it
        /// elsewhere that began before is replaced (close 4002).
        case connected(player: PlayerID, nodeID: String, at: Int64)
        /// Node `from` asks this node, which hosts the pair's room, to run `call` there.
        case pairCall(callID: UInt64, from: String, call: PairCall)
        /// The answer to the `pairCall` with `callID`.
        case pairAnswer(callID: UInt64, answer: PairCallAnswer)
        /// The widget heads of `players` changed on the broadcasting node (nil: maybe anyone's):
        /// the others forget what they keep of them (``LatestHeadCache``). A broadcast never
        /// reaches its sender, so the signal need not name it.
        case headsChanged(players: [PlayerID]?)
        /// An operator closed the party room `code`, which this node hosts: its members are told
        /// `reason` and let go (4005).
        case closeRoom(code: String, reason: String)
        /// An operator banned `player`: every node closes its connections (4004) and takes it out
        /// of the rooms and pair rooms there, as if it left.
        case playerBanned(player: PlayerID)
        /// An operator deleted the stored drawing `drawingId`: every node forgets its pictures,
        /// the widget heads of `players` (those it may have been the latest of), and, for a pair
        /// drawing, its pending copy in the pair room `pairId` if loaded there.
        case drawingDeleted(drawingId: String, pairId: String?, players: [PlayerID])
        /// `player` removed its device whose token has the hash `tokenHash` (the removal is
        /// stored): every node forgets the token and closes the connection made with it (4002),
        /// and forgets what it keeps of the player's widget head.
        case deviceRevoked(player: PlayerID, tokenHash: String)
        /// Node `nodeID` is stopping and has released its rooms' checkpoints: a live node adopts
        /// them now rather than at its next lease renewal.
        case roomsReleased(nodeID: String)
    }

    let body: Body

    init(_ body: Body) {
        self.body = body
    }
}
