import DoodleLoad
import DoodleTestSupport
import Testing

@Suite("Load smoke over two nodes (doodle-load --servers, in process)")
struct ClusterLoadSmokeTests {
    @Test("rooms spread over both nodes, every joiner redirected once, and every stroke still reaches every member in order")
    func clusterLoadIsLossless() async throws {
        let (rooms, players) = (4, 3)
        let result = try await TestCluster.with(nodes: 2) { cluster in
            let configuration = DrawingLoad.Configuration(
                target: .cluster(urls: cluster.nodes.map(\.url)), playersPerRoom: players,
                plan: StrokePlan(messagesPerSecond: 20, pointsPerBatch: 8, strokeLength: 10), warmup: .seconds(1), window: .seconds(2))
            return await DrawingLoad(configuration: configuration, logger: QuickSmokeTests.logger).run(roomSteps: [rooms])
        }
        #expect(result.target == "cluster2")
        #expect(result.totals.isClean, "\(result.totals)")
        #expect(result.totals.sent > 0)
        #expect(result.totals.receivedDeliveries == result.totals.sent * players)
        #expect(result.redirectsFollowed == rooms * (players - 1), "each joiner started on the node that does not host its room")
        #expect(result.steps.first?.connections == rooms * players)
    }
}
