/// The signals shared by several nodes in one process: what the tests run clusters on. A
/// signal to a node that does not listen (never did, or was stopped or killed) is dropped, as
/// PostgreSQL drops a `NOTIFY` on a channel nobody listens on.
public actor InProcessClusterSignals: ClusterSignals {
    private var listeners: [String: AsyncStream<ClusterSignal>.Continuation] = [:]

    public init() {}

    public func send(_ signal: ClusterSignal, to nodeID: String) {
        listeners[nodeID]?.yield(signal)
    }

    public func broadcast(_ signal: ClusterSignal, from nodeID: String) {
        for (listener, continuation) in listeners where listener != nodeID {
            continuation.yield(signal)
        }
    }

    public func subscribe(_ nodeID: String) -> AsyncStream<ClusterSignal> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClusterSignal.self)
        listeners[nodeID]?.finish()
        listeners[nodeID] = continuation
        return stream
    }

    public func unsubscribe(_ nodeID: String) {
        listeners[nodeID]?.finish()
        listeners[nodeID] = nil
    }

    /// How many nodes listen now (for tests).
    public var listenerCount: Int { listeners.count }
}
