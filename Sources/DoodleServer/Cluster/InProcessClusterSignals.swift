/// The signals shared by several nodes in one process: what the tests run clusters on. A
/// signal to a node that does not listen (never did, or was stopped or killed) is dropped, as
/// PostgreSQL drops a `NOTIFY` on a channel nobody listens on. It never loses its way, so a node
/// hears `listening(true)` once and `listening(false)` never.
public actor InProcessClusterSignals: ClusterSignals {
    private var listeners: [String: (generation: Int, continuation: AsyncStream<ClusterSignal>.Continuation)] = [:]
    private var generations = 0

    public init() {}

    public func send(_ signal: ClusterSignal, to nodeID: String) {
        listeners[nodeID]?.continuation.yield(signal)
    }

    public func broadcast(_ signal: ClusterSignal, from nodeID: String) {
        for (listener, entry) in listeners where listener != nodeID {
            entry.continuation.yield(signal)
        }
    }

    public nonisolated func listen(as nodeID: String, listening: (Bool) async -> Void, receive: (ClusterSignal) async -> Void) async {
        let (stream, continuation) = AsyncStream.makeStream(of: ClusterSignal.self)
        let generation = await start(nodeID, continuation)
        await withTaskCancellationHandler {
            await listening(true)
            for await signal in stream { await receive(signal) }
        } onCancel: {
            continuation.finish()
        }
        await stop(nodeID, generation)
    }

    private func start(_ nodeID: String, _ continuation: AsyncStream<ClusterSignal>.Continuation) -> Int {
        generations += 1
        listeners[nodeID]?.continuation.finish()
        listeners[nodeID] = (generations, continuation)
        return generations
    }

    /// Forgets the node's listener, unless a newer one of the same id took its place.
    private func stop(_ nodeID: String, _ generation: Int) {
        guard let entry = listeners[nodeID], entry.generation == generation else { return }
        entry.continuation.finish()
        listeners[nodeID] = nil
    }

    /// How many nodes listen now (for tests).
    public var listenerCount: Int { listeners.count }
}
