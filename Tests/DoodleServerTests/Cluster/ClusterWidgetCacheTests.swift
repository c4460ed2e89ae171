import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Until invalidations cross nodes, another node's pair room could store a drawing a node's
/// widget cache would not hear of: a node of a cluster keeps no widget heads at all.
@Suite("Cluster: no widget cache")
struct ClusterWidgetCacheTests {
    @Test("a node of a cluster answers every widget poll from the database and keeps no head")
    func noHeadsKept() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let node = cluster.nodes[1]
            try await DoodleClient.withConnection(to: node.url, logger: TestServer.logger) { connection in
                let token = try await connection.hello(name: "Ada").token
                var request = URLRequest(url: try #require(URL(string: node.httpBase + "/v1/me/latest-received.png?size=64")))
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                var statuses: [Int] = []
                for _ in 0..<3 {
                    let (_, response) = try await URLSession.shared.data(for: request)
                    statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
                }
                #expect(statuses == [200, 200, 200])
                let (metrics, _) = try await URLSession.shared.data(from: try #require(URL(string: node.httpBase + "/metrics")))
                let text = String(decoding: metrics, as: UTF8.self)
                #expect(text.contains("doodle_widget_head_cache_entries 0"))
                #expect(text.contains("doodle_widget_head_cache_hits_total 0"))
                #expect(text.contains("doodle_widget_head_cache_misses_total 3"))
            }
        }
    }
}
