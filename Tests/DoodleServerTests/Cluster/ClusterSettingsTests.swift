import DoodleStorage
import DoodleTestSupport
import Testing

@testable import DoodleServer

@Suite("Cluster settings: node URLs and lease timings")
struct ClusterSettingsTests {
    @Test("a node URL is ws:// or wss://, with a host, ending in the game's endpoint", arguments: [
        ("ws://node-a.example/v1/ws", nil),
        ("wss://game.example:8443/n/a/v1/ws", nil),
        ("WSS://GAME.EXAMPLE/v1/ws", nil),
        ("http://node-a.example/v1/ws", "scheme"),
        ("ws://node-a.example/", "/v1/ws"),
        ("ws:///v1/ws", "host"),
        ("ws://node-a.example/v1/ws?x=1", "query"),
        ("node-a.example", "scheme"),
    ] as [(String, String?)])
    func validation(_ text: String, _ problemMentions: String?) {
        let problem = NodeURL.problem(with: text)
        if let problemMentions {
            #expect(problem?.contains(problemMentions) == true, "\(problem ?? "accepted")")
            #expect(NodeURL(text) == nil)
        } else {
            #expect(problem == nil)
            #expect(NodeURL(text)?.text == text)
        }
    }

    @Test("lease timings that cannot work stop start-up")
    func badLeaseStopsStartup() async throws {
        let cluster = ClusterSettings(
            directory: SingleNodeDirectory(), nodeURL: { _ in "ws://127.0.0.1:1/v1/ws" },
            lease: DirectoryLease(leaseMilliseconds: 6_000, renewalMilliseconds: 5_000))
        do {
            _ = try await buildApplication(
                ServerConfiguration(port: 0, rulesFolder: TestServer.repositoryRoot + "/GameRules", databasePath: ":memory:", cluster: cluster),
                logger: TestServer.logger)
            Issue.record("the server was built with a lease shorter than two renewals")
        } catch let error as ClusterSettingsError {
            #expect(error.description.contains("twice the renewal interval"))
        }
    }

    @Test("a node's HTTP address keeps its host, port and prefix; ws becomes http and wss https")
    func httpAddress() {
        #expect(NodeURL.httpURL(ofNode: "ws://127.0.0.1:8081/v1/ws", route: "/v1/rooms/K7PQ2M") == "http://127.0.0.1:8081/v1/rooms/K7PQ2M")
        #expect(NodeURL.httpURL(ofNode: "wss://game.example/n/b/v1/ws", route: "/v1/rooms/K7PQ2M") == "https://game.example/n/b/v1/rooms/K7PQ2M")
        #expect(NodeURL.httpURL(ofNode: "wss://game.example/elsewhere", route: "/v1/rooms/K7PQ2M") == nil)
    }
}
