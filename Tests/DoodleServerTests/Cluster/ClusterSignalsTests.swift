import DoodleCore
import DoodleTestSupport
import Logging
import Synchronization
import Testing

@testable import DoodleServer

@Suite("Cluster signals and pair calls handed to another node")
struct ClusterSignalsTests {
    static let logger = TestServer.logger
    static let upload = PairCall.unpair(by: "p_bob")

    @Test("a signal reaches the node it is sent to, a broadcast every node but its sender, and nothing reaches a node that stopped listening")
    func delivery() async throws {
        let signals = InProcessClusterSignals()
        let (a, b) = try await Self.listening(to: signals, as: "n_a", "n_b") { _ in
            try await signals.send(ClusterSignal(.connected(player: "p_1", nodeID: "n_b", at: 1)), to: "n_a")
            try await signals.broadcast(ClusterSignal(.connected(player: "p_2", nodeID: "n_a", at: 2)), from: "n_a")
        }
        #expect(await signals.listenerCount == 0)
        // Dropped: nobody listens any more.
        try await signals.send(ClusterSignal(.connected(player: "p_3", nodeID: "n_b", at: 3)), to: "n_a")
        #expect(Self.players(in: a) == ["p_1"])
        #expect(Self.players(in: b) == ["p_2"])
    }

    @Test("a call answered by its host returns that answer; a later answer to it is dropped")
    func answered() async throws {
        let signals = InProcessClusterSignals()
        let clock = ManualGameClock()
        let forwarding = PairForwarding(
            nodeID: "n_caller", signals: signals, clock: clock, timeoutMilliseconds: 1_000, retryAfterSeconds: 15, logger: Self.logger)
        let (received, arrivals) = AsyncStream.makeStream(of: ClusterSignal.self)
        try await withThrowingTaskGroup(of: Void.self) { host in
            host.addTask {
                await signals.listen(as: "n_host") { _ in } receive: { arrivals.yield($0) }
            }
            while await signals.listenerCount == 0 { await Task.yield() }
            async let answer = forwarding.call(Self.upload, on: "n_host")
            var calls = received.makeAsyncIterator()
            let signal = try #require(await calls.next())
            guard case .pairCall(let callID, let from, let call) = signal.body else {
                Issue.record("the host got \(signal.body), not the call")
                host.cancelAll()
                return
            }
            #expect(from == "n_caller")
            #expect(call == Self.upload)
            await forwarding.answered(callID, .unpaired(pairId: "pr_1"))
            #expect(await answer == .unpaired(pairId: "pr_1"))
            await forwarding.answered(callID, .unpaired(pairId: "pr_late"))
            #expect(await forwarding.waitingCount == 0)
            host.cancelAll()
        }
    }

    @Test("a call nobody answers gets hostUnreachable with the lease as Retry-After, at its deadline and not before")
    func unanswered() async throws {
        let signals = InProcessClusterSignals()
        let clock = ManualGameClock()
        let forwarding = PairForwarding(
            nodeID: "n_caller", signals: signals, clock: clock, timeoutMilliseconds: 1_000, retryAfterSeconds: 15, logger: Self.logger)
        async let answer = forwarding.call(Self.upload, on: "n_dead")
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(byMillis: 999)
        #expect(await forwarding.waitingCount == 1, "still waiting 1 ms before the deadline")
        clock.advance(byMillis: 1)
        #expect(await answer == .failed(.hostUnreachable(retryAfterSeconds: 15)))
    }

    /// Runs `body` while nodes `first` and `second` listen, then stops them; what each received.
    private static func listening(
        to signals: InProcessClusterSignals, as first: String, _ second: String, _ body: @Sendable (InProcessClusterSignals) async throws -> Void
    ) async throws -> ([ClusterSignal], [ClusterSignal]) {
        let received = SignalLog()
        try await withThrowingTaskGroup(of: Void.self) { nodes in
            for node in [first, second] {
                nodes.addTask { await signals.listen(as: node) { _ in } receive: { received.append($0, to: node) } }
            }
            while await signals.listenerCount < 2 { await Task.yield() }
            try await body(signals)
            // In-process delivery is immediate but a listener may not have handed it on yet.
            let deadline = ContinuousClock.now + .seconds(5)
            while received.count < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
            nodes.cancelAll()
        }
        return (received.signals(to: first), received.signals(to: second))
    }

    private static func players(in signals: [ClusterSignal]) -> [String] {
        signals.compactMap { signal in
            if case .connected(let player, _, _) = signal.body { return player }
            return nil
        }
    }
}

/// Signals received, by node.
private final class SignalLog: Sendable {
    private let log = Mutex<[(node: String, signal: ClusterSignal)]>([])

    func append(_ signal: ClusterSignal, to node: String) {
        log.withLock { $0.append((node, signal)) }
    }

    var count: Int { log.withLock { $0.count } }

    func signals(to node: String) -> [ClusterSignal] {
        log.withLock { $0.filter { $0.node == node }.map(\.signal) }
    }
}
