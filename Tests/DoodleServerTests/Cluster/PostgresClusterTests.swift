import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Real `doodle-server` processes on one PostgreSQL database: the cluster as it is deployed,
/// directory in the database, each node its own process (so one can be killed with SIGKILL).
@Suite("A cluster of processes on PostgreSQL")
struct PostgresClusterTests {
    static let logger = TestServer.logger

    @Test("a join on the other node is redirected to the room's node and seats the player there", .timeLimit(.minutes(1)))
    func crossNodeJoin() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: a.webSocketURL, logger: Self.logger) { owner in
                try await owner.hello(name: "Ada")
                let room = try await owner.createRoom()
                let viaB = try await HTTPProbe.json(b.httpBase + "/v1/rooms/\(room.code)")
                #expect(viaB["url"] as? String == a.webSocketURL, "B's invite lookup names A")
                try await DoodleClient.withJoinedConnection(to: b.webSocketURL, name: "Bob", code: room.code, logger: Self.logger) {
                    _, _, joined, redirects in
                    #expect(redirects == 1)
                    #expect(joined.players.map(\.name) == ["Ada", "Bob"])
                }
            }
        }
    }

    @Test("a node says it listens only once it has joined the cluster, and opens a room at once", .timeLimit(.minutes(1)))
    func listeningMeansJoined() async throws {
        try await PostgresNodes.with(count: 1) { cluster in
            let node = cluster.nodes[0]
            let log = node.logTail
            let joined = try #require(log.range(of: "joined the cluster"), "\(log)")
            let listening = try #require(log.range(of: "] listening on 127.0.0.1:"), "\(log)")
            #expect(joined.upperBound <= listening.lowerBound, "\(log)")
            try await DoodleClient.withConnection(to: node.webSocketURL, logger: Self.logger) { owner in
                try await owner.hello(name: "Ada")
                _ = try await owner.createRoom()
            }
        }
    }

    @Test("20 simultaneous joiners spread over both nodes race for 3 seats: exactly 3 win", .timeLimit(.minutes(1)))
    func seatRace() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            try await SeatRace.expectThreeSeated(ownerAt: cluster.nodes[0].webSocketURL, joinersStartingAt: cluster.nodes.map(\.webSocketURL)) {
                code in
                let info = try await HTTPProbe.json(cluster.nodes[1].httpBase + "/v1/rooms/\(code)")
                #expect((info["players"] as? [Any])?.count == 4)
            }
        }
    }

    @Test("rooms created at once on both nodes get distinct codes, each claimed for its own node", .timeLimit(.minutes(1)))
    func codeUniqueness() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let created = try await withThrowingTaskGroup(of: (String, String).self) { group in
                for index in 0..<30 {
                    let node = cluster.nodes[index % 2]
                    group.addTask {
                        try await DoodleClient.withConnection(to: node.webSocketURL, logger: Self.logger) { creator in
                            try await creator.hello(name: "C\(index)")
                            return (try await creator.createRoom().code, node.webSocketURL)
                        }
                    }
                }
                var created: [(String, String)] = []
                for try await room in group { created.append(room) }
                return created
            }
            #expect(Set(created.map(\.0)).count == 30, "\(created.map(\.0).sorted())")
            // Asked of the node that does not host it, so the answer comes from the directory. Four
            // rooms of each node: invite lookups are limited to 10 a minute per client address,
            // and each of these counts on both nodes (the other node's 307 is followed).
            for node in cluster.nodes {
                for (code, url) in created.filter({ $0.1 == node.webSocketURL }).prefix(4) {
                    let other = try #require(cluster.nodes.first { $0.webSocketURL != url })
                    #expect(try await HTTPProbe.json(other.httpBase + "/v1/rooms/\(code)")["url"] as? String == url)
                }
            }
            for node in cluster.nodes {
                #expect(try await HTTPProbe.rooms(at: node.httpBase) == 15, "every room on the node it was created on")
            }
        }
    }

    @Test("a node killed with SIGKILL: the other node adopts its room within the lease, the room's player resumes there, and the other node's own room plays on", .timeLimit(.minutes(1)))
    func killedNode() async throws {
        let lease: Int64 = 3_000
        try await PostgresNodes.with(count: 2, leaseMilliseconds: lease) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let (lost, victim) = try await DoodleClient.withConnection(to: a.webSocketURL, logger: Self.logger) { victim in
                let welcome = try await victim.hello(name: "Victim")
                return (try await victim.createRoom().code, welcome)
            }
            try await DoodleClient.withConnection(to: b.webSocketURL, logger: Self.logger) { keeper in
                try await keeper.hello(name: "Keeper")
                let kept = try await keeper.createRoom()
                #expect(try await Self.isListed(lost, askingNode: b), "A's room is known to B before the kill")
                try await cluster.killAndWatchAdoption(a, hosting: lost, while: [kept.code], leaseMilliseconds: lease)
                try await DoodleClient.withConnection(to: b.webSocketURL, logger: Self.logger) { back in
                    let welcome = try await back.hello(name: "Victim", token: victim.token, lastSeq: 0)
                    #expect(welcome.playerId == victim.playerId)
                    let state = try await back.receiveFirst { message -> RoomSnapshot? in
                        if case .roomState(let state) = message { state } else { nil }
                    }
                    #expect(state.code == lost, "the victim is back in its room, now on B")
                }
                // B's room is untouched: still hosted there, and a newcomer joins it.
                try await DoodleClient.withJoinedConnection(to: b.webSocketURL, name: "Guest", code: kept.code, logger: Self.logger) {
                    _, _, joined, redirects in
                    #expect(redirects == 0)
                    #expect(joined.players.map(\.name) == ["Keeper", "Guest"])
                }
            }
        }
    }

    @Test("a node stopped with SIGTERM hands its room to the other: its player, back on the other node the moment 4001 arrives, is in its seat there", .timeLimit(.minutes(1)))
    func gracefulHandOver() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: a.webSocketURL, logger: Self.logger) { owner in
                let welcome = try await owner.hello(name: "Owner")
                let room = try await owner.createRoom(settings: SettingsPatch(rounds: 2))
                _ = kill(a.pid, SIGTERM)
                #expect(try await owner.waitForClose().closeCode == .shuttingDown)
                try await DoodleClient.withConnection(to: b.webSocketURL, logger: Self.logger) { back in
                    let again = try await back.hello(name: "Owner", token: welcome.token, lastSeq: room.seq)
                    #expect(again.playerId == welcome.playerId)
                    let state = try await back.receiveFirst { message -> RoomSnapshot? in
                        if case .roomState(let state) = message { state } else { nil }
                    }
                    #expect(state.code == room.code, "the room, now on B")
                    #expect(state.epoch != room.epoch, "a room handed over is a new epoch")
                    #expect(state.players.map(\.id) == [welcome.playerId])
                    #expect(state.settings.settings.rounds == 2)
                }
                #expect(await a.waitForExit(timeout: .seconds(10)), "the stopped node exits")
            }
        }
    }

    @Test("a game played on node A is in node B's leaderboard and history", .timeLimit(.minutes(1)))
    func archiveIsGlobal() async throws {
        try await PostgresNodes.with(count: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let (gameId, playerIds) = try await DoodleClient.withConnection(to: a.webSocketURL, logger: Self.logger) { first in
                try await DoodleClient.withConnection(to: a.webSocketURL, logger: Self.logger) { second in
                    let ids = [try await first.hello(name: "Ada").playerId, try await second.hello(name: "Bob").playerId]
                    let room = try await first.createRoom(settings: LiveGameTests.quickGame)
                    _ = try await second.joinRoom(code: room.code)
                    _ = try await first.receive(until: { if case .event(.playerJoined, _) = $0 { true } else { false } })
                    return (try await Self.playToTheEnd([first, second], ids), ids)
                }
            }
            // The archive writer saves in the background: poll B until the game is there.
            var status = 404
            for _ in 0..<100 where status == 404 {
                status = try await HTTPProbe.status(b.httpBase + "/v1/games/\(gameId)")
                if status == 404 { try await Task.sleep(for: .milliseconds(50)) }
            }
            #expect(status == 200)
            let board = try await HTTPProbe.json(b.httpBase + "/v1/leaderboard")
            let listed = String(decoding: try JSONSerialization.data(withJSONObject: board), as: UTF8.self)
            for id in playerIds { #expect(listed.contains(id), "\(listed)") }
        }
    }

    // MARK: - Helpers

    /// Plays a one-round game of two players to its end, each drawer's word guessed at once by
    /// the other; the game's id.
    static func playToTheEnd(_ players: [DoodleConnection], _ ids: [PlayerID]) async throws -> String {
        try await players[0].send(.startGame)
        while true {
            let next = try await players[0].receiveFirst(timeout: .seconds(15)) { message -> NextStep? in
                switch message {
                case .event(.phaseChoosing(_, let drawerId, _), _): .turn(drawerId: drawerId)
                case .event(.gameEnded(let summary), _): .ended(gameId: summary.gameId)
                default: nil
                }
            }
            switch next {
            case .ended(let gameId): return gameId
            case .turn(let drawerId): try await playTurn(players, ids, drawerId: drawerId)
            }
        }
    }

    /// One turn: the drawer picks the first word, the other player guesses it.
    static func playTurn(_ players: [DoodleConnection], _ ids: [PlayerID], drawerId: PlayerID) async throws {
        let drawer = players[try #require(ids.firstIndex(of: drawerId))]
        let guesser = players[try #require(ids.firstIndex { $0 != drawerId })]
        _ = try await drawer.receiveFirst { if case .chooseWord = $0 { true } else { nil } }
        try await drawer.send(.chooseWord(index: 0))
        let word = try await drawer.receiveFirst { message -> String? in
            if case .event(.phaseDrawing(_, _, let word?), _) = message { word } else { nil }
        }
        _ = try await guesser.receiveFirst { if case .event(.phaseDrawing, _) = $0 { true } else { nil } }
        try await guesser.send(.guess(text: word))
        _ = try await guesser.receiveFirst { if case .event(.turnEnded, _) = $0 { true } else { nil } }
    }

    enum NextStep {
        case turn(drawerId: PlayerID)
        case ended(gameId: String)
    }

    /// Whether `askingNode` sends a join for `code` elsewhere (the directory names a live host)
    /// rather than answering `room_not_found`. A fresh connection each time: joins are limited
    /// per connection, and invite lookups per address.
    static func isListed(_ code: String, askingNode node: ChildServer) async throws -> Bool {
        try await DoodleClient.withConnection(to: node.webSocketURL, logger: Self.logger) { probe in
            try await probe.hello(name: "Probe")
            do {
                _ = try await probe.joinRoom(code: code)
                Issue.record("a room of the killed node was joined on the other node")
                return true
            } catch is Redirected {
                return true
            } catch let error as ProtocolError where error.code == .roomNotFound {
                return false
            }
        }
    }

}
