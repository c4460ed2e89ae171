import DoodleLoad
import DoodleTestSupport
import Testing

@Suite("Quick-play load over two nodes (doodle-load --quick-play --servers, in process)")
struct QuickPlayClusterSmokeTests {
    @Test("arrivals alternate between two nodes, every player is seated, and no room event is lost", .timeLimit(.minutes(3)))
    func quickPlayOverTwoNodes() async throws {
        let configuration = QuickPlayLoadConfiguration(players: 24, rate: 50, wordPack: "de", holdSeconds: 2, answerTimeoutSeconds: 60)
        let result = try await TestCluster.with(nodes: 2) { cluster in
            await QuickPlayLoad(configuration: configuration, urls: cluster.nodes.map(\.url), probe: nil, logger: QuickSmokeTests.logger).run()
        }
        #expect(result.isClean, "\(result.text)")
        #expect(result.nodes == 2)
        // The contract allows at most one more room per extra node.
        #expect(result.roomsMade <= result.idealRooms + 1, "\(result.text)")
        // Quick play weighs the other node's rooms through the directory: arrivals on the node
        // without the fullest open room are sent to it.
        #expect(result.redirects > 0, "arrivals on the node without the open room were sent to it: \(result.text)")
    }
}
