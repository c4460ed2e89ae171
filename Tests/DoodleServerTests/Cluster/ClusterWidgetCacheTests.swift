import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A node of a cluster keeps widget heads only because it hears of the heads other nodes
/// change: a pair drawing stored on the pair's host must reach every other node's cache.
@Suite("Cluster: widget heads across nodes")
struct ClusterWidgetCacheTests {
    @Test("a drawing stored on the pair's host makes another node's cached 304 a 200 with the new picture", .timeLimit(.minutes(1)))
    func headsForgottenAcrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await PairClusterTests.withPairOnA(cluster) { ada, bobToken, adaToken, _ in
                // Ada's widget polled on B: the starter, then B's cache answers 304.
                let starter = try await Self.poll(b, token: adaToken)
                #expect(starter.status == 200)
                let starterTag = try #require(starter.etag)
                #expect(try await Self.poll(b, token: adaToken, ifNoneMatch: starterTag).status == 304)
                #expect(try await Self.cacheHits(httpBase: b.httpBase) >= 1, "B's cache answered the 304")

                // Bob's drawing is stored by the pair room on A.
                let upload = try await PairClusterTests.http(
                    "POST", a, "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_widget_1", "word": "kite", "strokes": [PairClusterTests.line]])
                #expect(upload.status == 201)
                _ = try await ada.next("drawingReceived")

                // B hears of it within the signal's flight, and shows the new drawing.
                let deadline = ContinuousClock.now + .seconds(5)
                var latest = try await Self.poll(b, token: adaToken, ifNoneMatch: starterTag)
                while latest.status == 304, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                    latest = try await Self.poll(b, token: adaToken, ifNoneMatch: starterTag)
                }
                #expect(latest.status == 200, "B still answers 304 for the starter after Bob's drawing")
                let drawingTag = try #require(latest.etag)
                #expect(drawingTag != starterTag)
                // And keeps the new head.
                #expect(try await Self.poll(b, token: adaToken, ifNoneMatch: drawingTag).status == 304)
            }
        }
    }

    static func poll(_ node: TestCluster.Node, token: String, ifNoneMatch: String? = nil) async throws -> PairHTTP.Answer {
        try await PairHTTP.request("GET", node.httpBase + "/v1/me/latest-received.png?size=64", token: token, ifNoneMatch: ifNoneMatch)
    }

    static func cacheHits(httpBase: String) async throws -> Int {
        let (metrics, _) = try await URLSession.shared.data(from: try #require(URL(string: httpBase + "/metrics")))
        let line = String(decoding: metrics, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("doodle_widget_head_cache_hits_total ") }
        // Gauges print as decimals ("1.0").
        return Int(Double(line?.split(separator: " ").last ?? "") ?? 0)
    }
}
