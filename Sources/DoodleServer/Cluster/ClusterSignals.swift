import DoodleCore

/// Node-to-node messages of a cluster: one node sends a signal to another (or to all), and each
/// node reads the signals sent to it. Delivery is at most once and only to a node that listens
/// now: a node that died gets nothing, as a PostgreSQL channel nobody listens on drops what is
/// sent to it. So whoever waits for an answer waits with a deadline.
///
/// Implementations: ``InProcessClusterSignals`` (several nodes in one process, for tests) and,
/// mechanically from the statements below, PostgreSQL `LISTEN`/`NOTIFY` on the shared database:
/// ```sql
/// -- subscribe(node): one channel per node (node ids are `n_` plus URL-safe letters and digits,
/// -- so they need no quoting beyond the identifier quotes), and one for everyone
/// LISTEN "doodle_node_<node id>";
/// LISTEN "doodle_cluster";
///
/// -- send(signal, to: node): the signal as JSON (below); delivered when the transaction commits
/// SELECT pg_notify('doodle_node_' || $1, $2);
///
/// -- broadcast(signal, from: node): every listening node, the sender included (it skips its own)
/// SELECT pg_notify('doodle_cluster', $2);
///
/// -- unsubscribe(node)
/// UNLISTEN *;
/// ```
/// Payloads are JSON: `{"kind":"connected","playerId","nodeId","at"}`,
/// `{"kind":"pairCall","callId","from","call":{…}}` and `{"kind":"pairAnswer","callId","answer":{…}}`.
/// A `NOTIFY` payload holds at most 8,000 bytes, and an uploaded drawing can be larger: a
/// `pairCall` carrying an upload is stored first (`INSERT INTO pair_call (id, body) …`) and the
/// signal names its row, which the host deletes once it has answered.
public protocol ClusterSignals: Sendable {
    /// Sends `signal` to the node with `nodeID`; dropped when that node does not listen.
    func send(_ signal: ClusterSignal, to nodeID: String) async throws
    /// Sends `signal` to every listening node but `nodeID`, the sender.
    func broadcast(_ signal: ClusterSignal, from nodeID: String) async throws
    /// The signals sent to the node with `nodeID` from now until ``unsubscribe(_:)``.
    func subscribe(_ nodeID: String) async -> AsyncStream<ClusterSignal>
    /// The node stops listening: what is sent to it from now on is dropped.
    func unsubscribe(_ nodeID: String) async
}

/// One node-to-node message. Its contents are the server's own business; the transport only
/// carries it.
public struct ClusterSignal: Sendable {
    enum Body: Sendable {
        /// `player` said `hello` on node `nodeID` at `at` (milliseconds): any connection of it
        /// elsewhere that began before is replaced (close 4002).
        case connected(player: PlayerID, nodeID: String, at: Int64)
        /// Node `from` asks this node, which hosts the pair's room, to run `call` there.
        case pairCall(callID: UInt64, from: String, call: PairCall)
        /// The answer to the `pairCall` with `callID`.
        case pairAnswer(callID: UInt64, answer: PairCallAnswer)
    }

    let body: Body

    init(_ body: Body) {
        self.body = body
    }
}
