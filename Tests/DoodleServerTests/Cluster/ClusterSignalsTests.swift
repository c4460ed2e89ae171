import DoodleCore
import DoodleTestSupport
import Logging
import Testing

@testable import DoodleServer

@Suite("Cluster signals and pair calls handed to another node")
struct ClusterSignalsTests {
    static let logger = TestServer.logger
    static let upload = PairCall.unpair(by: "p_bob")

    @Test("a signal reaches the node it is sent to, a broadcast every node but its sender, and nothing reaches a node that stopped listening")
    func delivery() async throws {
        let signals = InProcessClusterSignals()
        let a = await signals.subscribe("n_a")
        let b = await signals.subscribe("n_b")
        try await signals.send(ClusterSignal(.connected(player: "p_1", nodeID: "n_b", at: 1)), to: "n_a")
        try await signals.broadcast(ClusterSignal(.connected(player: "p_2", nodeID: "n_a", at: 2)), from: "n_a")
        await signals.unsubscribe("n_a")
        await signals.unsubscribe("n_b")
        // Dropped: nobody listens any more.
        try await signals.send(ClusterSignal(.connected(player: "p_3", nodeID: "n_b", at: 3)), to: "n_a")
        #expect(await Self.players(in: a) == ["p_1"])
        #expect(await Self.players(in: b) == ["p_2"])
        #expect(await signals.listenerCount == 0)
    }

    @Test("a call answered by its host returns that answer; a later answer to it is dropped")
    func answered() async throws {
        let signals = InProcessClusterSignals()
        let clock = ManualGameClock()
        let host = await signals.subscribe("n_host")
        let forwarding = PairForwarding(
            nodeID: "n_caller", signals: signals, clock: clock, timeoutMilliseconds: 1_000, retryAfterSeconds: 15, logger: Self.logger)
        async let answer = forwarding.call(Self.upload, on: "n_host")
        var calls = host.makeAsyncIterator()
        let signal = try #require(await calls.next())
        guard case .pairCall(let callID, let from, let call) = signal.body else {
            Issue.record("the host got \(signal.body), not the call")
            return
        }
        #expect(from == "n_caller")
        #expect(call == Self.upload)
        await forwarding.answered(callID, .unpaired(pairId: "pr_1"))
        #expect(await answer == .unpaired(pairId: "pr_1"))
        await forwarding.answered(callID, .unpaired(pairId: "pr_late"))
        #expect(await forwarding.waitingCount == 0)
        await signals.unsubscribe("n_host")
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

    private static func players(in stream: AsyncStream<ClusterSignal>) async -> [String] {
        var players: [String] = []
        for await signal in stream {
            if case .connected(let player, _, _) = signal.body { players.append(player) }
        }
        return players
    }
}
