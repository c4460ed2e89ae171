import DoodleBot
import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("doodle-bot against two nodes")
struct LiveClusterBotTests {
    @Test("bots whose joiners first connect to the wrong node follow the redirect and play the game out", .timeLimit(.minutes(1)))
    func joinersStartOnTheWrongNode() async throws {
        let words = LiveBotGameTests.words
        let report = try await TestCluster.with(nodes: 2) { cluster in
            let options = BotOptions(
                server: cluster.nodes[0].url,
                mode: .create(SettingsPatch(rounds: 1, drawSeconds: 15, chooseSeconds: 5, revealSeconds: 0, customWords: words, customWordsOnly: true)),
                count: 3, skill: 0.9, seed: 7, speed: 20, strict: true,
                vocabulary: BotVocabulary(dictionary: words, pack: BotVocabulary.builtIn),
                joinServer: cluster.nodes[1].url)
            return try await BotRunner.run(options, logger: TestServer.logger)
        }
        #expect(report.succeeded, "\(BotReportFormatter.summary(report))")
        let room = try #require(report.rooms.first)
        #expect(room.endReason == .completed)
        #expect(room.ranking.count == 3)
        #expect(room.bots.map(\.stats.redirects) == [0, 1, 1], "the creator is on the hosting node; each joiner is redirected once")
    }

    @Test("a bot sent to a node that died falls back to its first server, and joins the room once a live node has adopted it", .timeLimit(.minutes(1)))
    func redirectToADeadNode() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (code, hostID, ownerToken) = try await DoodleClient.withConnection(to: cluster.nodes[0].url, logger: TestServer.logger) { owner in
                let welcome = try await owner.hello(name: "Owner")
                let room = try await owner.createRoom()
                return (room.code, try await cluster.nodeID(hosting: room.code), welcome.token)
            }
            let survivorID = try await DoodleClient.withConnection(to: cluster.nodes[1].url, logger: TestServer.logger) { other in
                try await other.hello(name: "Other")
                return try await cluster.nodeID(hosting: try await other.createRoom().code)
            }
            try await cluster.waitForCheckpoint(of: code)
            await cluster.stop(0, .kill)
            let options = BotOptions(
                server: cluster.nodes[1].url, mode: .join(code: code), count: 1, seed: 3, speed: 20,
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(50), maximumAttempts: 1_000))
            let report = try await withThrowingTaskGroup(of: BotRunReport?.self) { group in
                group.addTask { try await BotRunner.run(options, logger: TestServer.logger) }
                group.addTask {
                    // Once the live node has sent the bot to the dead one, let the dead node's
                    // lease run out: the live node adopts the room, and the bot gets in.
                    try await Self.waitForRedirect(from: cluster.nodes[1])
                    for _ in 0..<3 { try await cluster.advanceOneRenewal(alive: [survivorID]) }
                    try await DoodleClient.withConnection(to: cluster.nodes[1].url, logger: TestServer.logger) { owner in
                        _ = try await owner.hello(name: "Owner", token: ownerToken, lastSeq: 0)
                        // The bot may be in before the owner is back, or come after it.
                        _ = try await owner.receiveFirst(timeout: .seconds(20)) { message -> Bool? in
                            switch message {
                            case .roomState(let state) where state.players.count == 2: true
                            case .event(.playerJoined, _): true
                            default: nil
                            }
                        }
                    }
                    // The bot waits in the lobby for a game nobody starts: an operator ends it.
                    try await Self.closeRoom(code, at: cluster.nodes[1])
                    return nil
                }
                var report: BotRunReport?
                for try await result in group { if let result { report = result } }
                return report
            }
            let bot = try #require(report?.rooms.first?.bots.first)
            #expect(bot.failure?.contains("closed by an operator") == true, "\(bot.failure ?? "no failure")")
            #expect(bot.stats.redirects >= 1, "it was sent to the dead node first")
            #expect(hostID != survivorID)
        }
    }


    /// `POST /v1/admin/rooms/{code}/close` at `node`.
    static func closeRoom(_ code: String, at node: TestCluster.Node) async throws {
        var request = URLRequest(url: try #require(URL(string: "\(node.httpBase)/v1/admin/rooms/\(code)/close")))
        request.httpMethod = "POST"
        request.setValue("Bearer \(TestServer.adminTokenText)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"reason":"the test is over"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 204)
    }

    /// Returns once `node` has sent at least one redirect (its `/metrics`).
    static func waitForRedirect(from node: TestCluster.Node) async throws {
        let metrics = try #require(URL(string: "\(node.httpBase)/metrics"))
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
            let text = String(decoding: try await URLSession.shared.data(from: metrics).0, as: UTF8.self)
            if text.split(separator: "\n").contains(where: { $0.hasPrefix("doodle_redirects_total ") && !$0.hasSuffix(" 0") }) { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        Issue.record("no redirect within 20 s")
    }
}
