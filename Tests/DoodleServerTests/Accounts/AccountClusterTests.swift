import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Devices across the nodes of a cluster (shared SQLite file, in-process signals).
@Suite("Accounts: devices across two nodes, live")
struct AccountClusterTests {
    static let logger = TestServer.logger

    /// One HTTP call to a node, its status and JSON body.
    private static func call(
        _ method: String, _ node: TestCluster.Node, _ path: String, token: String? = nil, body: [String: String]? = nil
    ) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: try #require(URL(string: node.httpBase + path)), cachePolicy: .reloadIgnoringLocalCacheData)
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return (try #require(response as? HTTPURLResponse).statusCode, data)
    }

    /// Registers on node `a` and logs in on node `b`: two devices of one player.
    private static func twoDevices(_ a: TestCluster.Node, _ b: TestCluster.Node) async throws -> (first: SignedIn, second: SignedIn) {
        let credentials = ["email": "ada@example.org", "password": TestServer.password]
        let registered = try await call("POST", a, "/v1/auth/register", body: credentials)
        #expect(registered.status == 201)
        let loggedIn = try await call("POST", b, "/v1/auth/login", body: credentials.merging(["device": "Phone"]) { $1 })
        #expect(loggedIn.status == 200)
        return (try JSONDecoder().decode(SignedIn.self, from: registered.body), try JSONDecoder().decode(SignedIn.self, from: loggedIn.body))
    }

    @Test("a player's two devices on two nodes: the newer WebSocket replaces the older (4002); both tokens work over HTTP on both nodes",
          .timeLimit(.minutes(1)))
    func oneConnectionAcrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let (laptop, phone) = try await Self.twoDevices(a, b)
            #expect(phone.playerId == laptop.playerId)
            try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { first in
                let firstWelcome = try await first.hello(name: "Ada", token: laptop.token)
                #expect(firstWelcome.playerId == laptop.playerId)
                try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { second in
                    let secondWelcome = try await second.hello(name: "Ada", token: phone.token)
                    #expect(secondWelcome.playerId == laptop.playerId)
                    let closure = try await first.waitForClose()
                    #expect(closure.code == 4002)
                }
            }
            for node in [a, b] {
                for token in [laptop.token, phone.token] {
                    #expect(try await Self.call("GET", node, "/v1/me", token: token).status == 200)
                }
            }
        }
    }

    @Test("a device removed on one node: its connection on the other closes at once, its token and widget are refused on both",
          .timeLimit(.minutes(1)))
    func revokeAcrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let (laptop, phone) = try await Self.twoDevices(a, b)
            let listed = try JSONDecoder().decode([DeviceListing].self, from: try await Self.call("GET", b, "/v1/me/sessions", token: phone.token).body)
            let phoneId = try #require(listed.first(where: \.current)?.id)
            try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { connection in
                _ = try await connection.hello(name: "Ada", token: phone.token)
                // Node b keeps the phone's widget head in memory from here on.
                #expect(try await Self.call("GET", b, "/v1/me/latest-received.png", token: phone.token).status == 200)
                #expect(try await Self.call("DELETE", a, "/v1/me/sessions/\(phoneId)", token: laptop.token).status == 204)
                #expect(try await connection.waitForClose().code == 4002)
            }
            for node in [a, b] {
                #expect(try await Self.call("GET", node, "/v1/me", token: phone.token).status == 401)
                #expect(try await Self.call("GET", node, "/v1/me/latest-received.png", token: phone.token).status == 401)
                #expect(try await Self.call("GET", node, "/v1/me", token: laptop.token).status == 200)
            }
            // A hello with the removed token makes a new player, on either node.
            try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { connection in
                let welcome = try await connection.hello(name: "Ada", token: phone.token)
                #expect(welcome.playerId != laptop.playerId)
            }
        }
    }
}
