import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

/// PROTOCOL.md rev 5, "Handing over": a node of a cluster that stops gracefully hands its rooms
/// to a live node, and the rooms of a node killed without a word are adopted when its lease runs
/// out. Real nodes (`buildApplication`) in this process, over real WebSockets.
@Suite("Rooms move between nodes, live")
struct ClusterHandOverTests {
    static let logger = TestServer.logger

    @Test("a node stopped mid-turn hands its room over: within 2 s another node hosts it, and its players resume the game there", .timeLimit(.minutes(1)))
    func gracefulHandOverMidTurn() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let scene = try await DoodleClient.withConnections(3, to: a.url) { players in
                let scene = try await LiveRestartTests.playToMidDrawing(players)
                let nodeA = try await cluster.nodeID(hosting: scene.states[0].code)
                let stopped = ContinuousClock.now
                async let stop: Void = cluster.stop(0, .graceful)
                for player in players {
                    #expect(try await player.waitForClose().closeCode == .shuttingDown)
                }
                let host = try await Self.waitForHost(of: scene.states[0].code, other: nodeA, in: cluster)
                let took = ContinuousClock.now - stopped
                #expect(host?.url == b.url, "the live node hosts the room")
                #expect(took < .seconds(2), "handed over in \(took)")
                await stop
                return scene
            }
            let before = scene.states
            try await DoodleClient.withConnections(3, to: b.url) { players in
                let after = try await LiveRestartTests.resume(players, from: scene)
                for (index, state) in after.enumerated() {
                    #expect(state.epoch != before[index].epoch, "a room handed over is a new epoch")
                    #expect(state.code == before[index].code, "the room keeps its code")
                    #expect(state.phase == .drawing)
                    #expect(state.drawerId == scene.ids[0])
                    #expect(state.word == before[index].word)
                    #expect(state.strokes == before[index].strokes, "the canvas, nothing lost after a graceful stop")
                    #expect(state.players.map(\.score) == before[index].players.map(\.score))
                    let left = try #require(before[index].deadline)
                    let now = try #require(state.deadline)
                    // The room's clock stood still while it had no host: the same time left, give or
                    // take the hand-over itself.
                    #expect(now >= left && now <= left + 3_000, "deadline \(now) against \(left)")
                }
                try await players[2].send(.guess(text: scene.word))
                let summary = try await players[0].receiveFirst { message -> TurnSummary? in
                    if case .event(.turnEnded(let summary), _) = message { summary } else { nil }
                }
                #expect(summary.reason == .allGuessed, "the game plays on on the new node")
                #expect(summary.scores.filter { $0.gained > 0 }.count == 3)
            }
        }
    }

    @Test("a node killed without a word: a live node adopts its room when its lease runs out, and the room's player resumes there", .timeLimit(.minutes(1)))
    func killedNodesRoomIsAdopted() async throws {
        try await TestCluster.with(nodes: 3) { cluster in
            let (a, b, c) = (cluster.nodes[0], cluster.nodes[1], cluster.nodes[2])
            let (lost, nodeA, token, playerId) = try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { victim in
                let welcome = try await victim.hello(name: "Victim")
                let room = try await victim.createRoom()
                let nodeA = try await cluster.nodeID(hosting: room.code)
                // The lobby's checkpoint is stored before the node dies.
                try await cluster.waitForCheckpoint(of: room.code)
                await cluster.stop(0, .kill)
                return (room.code, nodeA, welcome.token, welcome.playerId)
            }
            let (kept, nodeB) = try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { other in
                try await other.hello(name: "Other")
                let kept = try await other.createRoom().code
                return (kept, try await cluster.nodeID(hosting: kept))
            }
            let nodeC = try await DoodleClient.withConnection(to: c.url, logger: Self.logger) { other in
                try await other.hello(name: "Third")
                return try await cluster.nodeID(hosting: try await other.createRoom().code)
            }
            // Two renewals: 10 s of the 15 s lease. The dead node still counts; nobody adopts its room.
            for _ in 0..<2 { try await cluster.advanceOneRenewal(alive: [nodeB, nodeC]) }
            #expect(try await cluster.directory.host(of: lost)?.id == nodeA)
            // The third: the lease has run out, and the next renewal of a live node adopts the room.
            try await cluster.advanceOneRenewal(alive: [nodeB, nodeC])
            let host = try #require(try await Self.waitForHost(of: lost, other: nodeA, in: cluster), "a live node adopted the room")
            #expect([nodeB, nodeC].contains(host.id))
            #expect(try await cluster.directory.host(of: kept)?.id == nodeB, "a live node's own room stays where it is")
            let adopter = try #require(cluster.nodes.first { $0.url == host.url })
            try await DoodleClient.withConnection(to: adopter.url, logger: Self.logger) { back in
                let welcome = try await back.hello(name: "Victim", token: token, lastSeq: 0)
                #expect(welcome.playerId == playerId)
                let state = try await back.receiveFirst { message -> RoomSnapshot? in
                    if case .roomState(let state) = message { state } else { nil }
                }
                #expect(state.code == lost)
                #expect(state.players.map(\.id) == [playerId], "the seat came back with the room")
            }
            // Asked of the other live node, the room is found where it now lives.
            let other = try #require(cluster.nodes.dropFirst().first { $0.url != host.url })
            let info = try await ClusterTests.roomInfo(at: other, code: lost)
            #expect(info["url"] as? String == host.url)
        }
    }

    @Test("a join for a dead node's room between the end of its lease and the next renewal adopts the room at once, and seats the joiner", .timeLimit(.minutes(1)))
    func joinAdoptsAWaitingRoom() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let code = try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { owner in
                try await owner.hello(name: "Ada")
                return try await owner.createRoom().code
            }
            let nodeA = try await cluster.nodeID(hosting: code)
            try await cluster.waitForCheckpoint(of: code)
            await cluster.stop(0, .kill)
            // The lease has run out, as far as the directory can tell, and no renewal has come.
            try await cluster.directory.releaseAll(nodeA)
            #expect(try await cluster.directory.host(of: code) == nil)
            try await DoodleClient.withJoinedConnection(to: b.url, name: "Bob", code: code, logger: Self.logger) { _, _, joined, redirects in
                #expect(redirects == 0)
                #expect(joined.players.map(\.name) == ["Ada", "Bob"], "the room came back with its owner's seat")
            }
            #expect(try await cluster.directory.host(of: code)?.url == b.url)
        }
    }

    @Test("a player who reconnects to a live node the moment its stopping node lets it go (4001) is back in its seat there", .timeLimit(.minutes(1)))
    func resumeRightAfterHandOver() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { owner in
                let welcome = try await owner.hello(name: "Ada")
                let code = try await owner.createRoom().code
                async let stop: Void = cluster.stop(0, .graceful)
                #expect(try await owner.waitForClose().closeCode == .shuttingDown)
                // At once, without waiting for the directory to name a new host: the stopping
                // node let its clients go only once the room had one.
                try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { back in
                    let again = try await back.hello(name: "Ada", token: welcome.token, lastSeq: 0)
                    #expect(again.playerId == welcome.playerId)
                    let state = try await back.receiveFirst { message -> RoomSnapshot? in
                        if case .roomState(let state) = message { state } else { nil }
                    }
                    #expect(state.code == code)
                    #expect(state.players.map(\.id) == [welcome.playerId], "back in the seat, not in the lobby")
                }
                await stop
            }
        }
    }

    @Test("a resume for a seat on a dead node between the end of its lease and the next renewal adopts the room at once, and the player is back in its seat", .timeLimit(.minutes(1)))
    func resumeAdoptsAWaitingRoom() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let (code, token, playerId, nodeA) = try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { owner in
                let welcome = try await owner.hello(name: "Ada")
                let code = try await owner.createRoom().code
                let nodeA = try #require(try await cluster.directory.host(of: code))
                try await cluster.waitForCheckpoint(of: code)
                await cluster.stop(0, .kill)
                return (code, welcome.token, welcome.playerId, nodeA)
            }
            // The lease runs out, as far as the directory can tell, with the dead node's rows
            // still in it (a kill leaves them), and no renewal has come to adopt the room.
            try await cluster.directory.register(nodeA, leaseMilliseconds: 0)
            #expect(try await cluster.directory.host(of: code) == nil)
            try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { back in
                let welcome = try await back.hello(name: "Ada", token: token, lastSeq: 0)
                #expect(welcome.playerId == playerId)
                let state = try await back.receiveFirst { message -> RoomSnapshot? in
                    if case .roomState(let state) = message { state } else { nil }
                }
                #expect(state.code == code)
                #expect(state.players.map(\.id) == [playerId], "back in the seat, not in the lobby")
            }
            #expect(try await cluster.directory.host(of: code)?.url == b.url)
        }
    }

    @Test("a lobby handed over keeps its owner, lock and settings; unlocked, a newcomer joins it on the live node", .timeLimit(.minutes(1)))
    func lobbyHandOver() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let words = ["lighthouse", "teapot", "cactus"]
            let settings = SettingsPatch(rounds: 2, revealSeconds: 0, customWords: words, customWordsOnly: true)
            let (code, ownerToken) = try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { owner in
                let welcome = try await owner.hello(name: "Ada")
                let room = try await owner.createRoom(settings: settings)
                try await owner.send(.lockRoom(locked: true))
                _ = try await owner.receive(until: { message in
                    if case .event(.settingsChanged(_, let locked), _) = message { locked } else { false }
                })
                async let stop: Void = cluster.stop(0, .graceful)
                #expect(try await owner.waitForClose().closeCode == .shuttingDown)
                await stop
                return (room.code, welcome.token)
            }
            _ = try #require(try await Self.waitForHost(of: code, other: nil, in: cluster))
            try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { owner in
                let welcome = try await owner.hello(name: "Ada", token: ownerToken, lastSeq: 0)
                let state = try await owner.receiveFirst { message -> RoomSnapshot? in
                    if case .roomState(let state) = message { state } else { nil }
                }
                #expect(state.ownerId == welcome.playerId)
                #expect(state.locked)
                #expect(state.settings.settings.customWords == words)
                #expect(state.settings.settings.rounds == 2)
                try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { bob in
                    try await bob.hello(name: "Bob")
                    await expectError(.roomLocked) { try await bob.joinRoom(code: code) }
                }
                try await owner.send(.lockRoom(locked: false))
                _ = try await owner.receive(until: { message in
                    if case .event(.settingsChanged(_, let locked), _) = message { !locked } else { false }
                })
                try await DoodleClient.withJoinedConnection(to: b.url, name: "Bob", code: code, logger: Self.logger) { _, _, joined, redirects in
                    #expect(redirects == 0)
                    #expect(joined.players.map(\.name) == ["Ada", "Bob"])
                    #expect(joined.ownerId == welcome.playerId)
                }
            }
        }
    }

    // MARK: - Helpers

    /// The live node hosting `code` once it is not `other`, or nil after 5 s.
    static func waitForHost(of code: String, other: String?, in cluster: TestCluster) async throws -> ClusterNode? {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if let host = try await cluster.directory.host(of: code), host.id != other { return host }
            try await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }
}
