import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

@Suite("Quick play and the room list across the nodes of a cluster, live")
struct ClusterQuickPlayTests {
    static let logger = TestServer.logger

    @Test("every node lists every node's public rooms; quick play on another node is redirected to the fullest, and joined there", .timeLimit(.minutes(1)))
    func acrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { ada in
                try await ada.hello(name: "Ada")
                let room = try await ada.quickPlay(wordPack: "fr")
                // Published to the directory within moments: B lists it with A's address.
                try await QuickPlayTests.eventually {
                    let listed = try #require(try await HTTPProbe.json(b.httpBase + "/v1/rooms?wordPack=fr")["rooms"] as? [[String: Any]])
                    return listed.first?["code"] as? String == room.code && listed.first?["url"] as? String == a.url
                }
                let bobToken = try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { bob in
                    let welcome = try await bob.hello(name: "Bob")
                    do {
                        _ = try await bob.quickPlay(wordPack: "fr")
                        Issue.record("quick play on B did not send Bob to A's room")
                    } catch let redirected as Redirected {
                        #expect(redirected.redirect == Redirect(url: a.url, code: room.code))
                    }
                    // Watching goes the same way.
                    do {
                        _ = try await bob.quickPlay(wordPack: "fr", spectate: true)
                        Issue.record("quick watch on B did not send Bob to A's room")
                    } catch let redirected as Redirected {
                        #expect(redirected.redirect == Redirect(url: a.url, code: room.code))
                    }
                    // A pack nobody plays on A: B opens its own room.
                    let german = try await bob.quickPlay(wordPack: "de")
                    #expect(try await cluster.nodeID(hosting: german.code) != cluster.nodeID(hosting: room.code))
                    try await bob.send(.leaveRoom)
                    _ = try await bob.receive(until: { if case .event(.playerLeft, _) = $0 { true } else { false } })
                    return welcome.token
                }
                try await DoodleClient.withJoinedConnection(to: b.url, name: "Bob", token: bobToken, code: room.code, logger: Self.logger) {
                    _, _, joined, redirects in
                    #expect(redirects == 1)
                    #expect(joined.players.map(\.name) == ["Ada", "Bob"])
                    try await QuickPlayTests.eventually {
                        let listed = try #require(try await HTTPProbe.json(a.httpBase + "/v1/rooms?wordPack=fr")["rooms"] as? [[String: Any]])
                        return listed.first?["players"] as? Int == 2
                    }
                }
            }
        }
    }
}
