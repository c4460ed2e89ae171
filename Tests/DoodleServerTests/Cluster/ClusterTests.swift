import DoodleClient
import DoodleCore
import DoodleTestSupport
import DoodleStorage
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Several nodes, one game: the room directory and redirects, live")
struct ClusterTests {
    static let logger = TestServer.logger

    @Test("a join on the wrong node is redirected, takes no seat there, and the same player joins on the right one", .timeLimit(.minutes(1)))
    func crossNodeJoin() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { owner in
                try await owner.hello(name: "Ada")
                let room = try await owner.createRoom()
                // Straight to the wrong node: the answer is a redirect, and nothing else happens.
                let guestToken = try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { guest in
                    let welcome = try await guest.hello(name: "Bob")
                    do {
                        _ = try await guest.joinRoom(code: room.code.lowercased())
                        Issue.record("the join on the wrong node was not redirected")
                    } catch let redirected as Redirected {
                        #expect(redirected.redirect == Redirect(url: a.url, code: room.code))
                    }
                    #expect(guest.transcript.last?.contains(#""type":"redirect""#) == true)
                    return welcome.token
                }
                let info = try await Self.roomInfo(at: a, code: room.code)
                #expect((info["players"] as? [Any])?.count == 1, "the redirect took no seat")
                #expect(info["url"] as? String == a.url)
                // Followed, with the token: the same player, seated on the hosting node.
                try await DoodleClient.withJoinedConnection(to: b.url, name: "Bob", token: guestToken, code: room.code, logger: Self.logger) {
                    _, welcome, joined, redirects in
                    #expect(redirects == 1)
                    #expect(welcome.token == guestToken)
                    #expect(joined.code == room.code)
                    #expect(joined.players.map(\.name) == ["Ada", "Bob"])
                }
                _ = try await owner.receive { if case .event(.playerJoined, _) = $0 { true } else { false } }
                // An invite lookup on the wrong node leads to the hosting node's answer.
                let viaB = try await Self.roomInfo(at: b, code: room.code)
                #expect(viaB["url"] as? String == a.url)
                #expect(viaB["code"] as? String == room.code)
                let metrics = try await URLSession.shared.data(from: try #require(URL(string: "\(b.httpBase)/metrics"))).0
                #expect(String(decoding: metrics, as: UTF8.self).contains("doodle_redirects_total 2"), "both joins on B were redirected")
            }
        }
    }

    @Test("a resume on the wrong node is redirected to the seat, and resumes there with lastSeq", .timeLimit(.minutes(1)))
    func resumeRedirect() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { owner in
                try await owner.hello(name: "Ada")
                let room = try await owner.createRoom()
                let (token, lastSeq) = try await DoodleClient.withJoinedConnection(
                    to: b.url, name: "Bob", code: room.code, logger: Self.logger
                ) { _, welcome, joined, _ in (welcome.token, joined.seq) }
                // Bob's connection closed: Ada hears it; the seat is kept for the grace period.
                _ = try await owner.receive { if case .event(.playerConnection(_, false), _) = $0 { true } else { false } }
                try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { wrong in
                    try await wrong.hello(name: "Bob", token: token, lastSeq: lastSeq)
                    let next = try await wrong.receive()
                    #expect(next == .redirect(Redirect(url: a.url, code: room.code)))
                }
                try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { right in
                    try await right.hello(name: "Bob", token: token, lastSeq: lastSeq)
                    // The replay ends with Bob's own reconnection, after his disconnection.
                    let replayed = try await right.receive { message in
                        if case .event(.playerConnection(_, true), _) = message { true } else { false }
                    }
                    #expect(replayed.seq == lastSeq + 2)
                }
            }
        }
    }

    @Test("20 simultaneous joiners spread over both nodes race for 3 seats: exactly 3 win", .timeLimit(.minutes(1)))
    func seatRaceAcrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            try await SeatRace.expectThreeSeated(ownerAt: cluster.nodes[0].url, joinersStartingAt: cluster.nodes.map(\.url)) { code in
                let info = try await Self.roomInfo(at: cluster.nodes[1], code: code)
                #expect((info["players"] as? [Any])?.count == 4)
            }
        }
    }

    @Test("codes stay unique when all three nodes create rooms at once from a handful of codes", .timeLimit(.minutes(1)))
    func codeUniquenessUnderConcurrentCreation() async throws {
        // 16 codes for 12 rooms: without the directory's claim, nodes would hand out the same
        // code again and again.
        let pool = (0..<16).map { Self.partyCode(number: $0) }
        let draws = Mutex(SeededRandom(seed: 7))
        let drawPartyCode: @Sendable () -> String = { draws.withLock { random in pool[Int(random.next() % UInt64(pool.count))] } }
        try await TestCluster.with(nodes: 3, drawPartyCode: drawPartyCode) { cluster in
            // A room outlives its creator's connection (the seat is kept for the grace period), so
            // all 12 rooms are live at once.
            let codes = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<12 {
                    let node = cluster.nodes[index % 3]
                    group.addTask {
                        try await DoodleClient.withConnection(to: node.url, logger: Self.logger) { creator in
                            try await creator.hello(name: "C\(index)")
                            let room = try await creator.createRoom()
                            #expect(try await cluster.directory.host(of: room.code)?.url == node.url, "claimed for its own node")
                            return room.code
                        }
                    }
                }
                var codes: [String] = []
                for try await code in group { codes.append(code) }
                return codes
            }
            #expect(codes.count == 12)
            #expect(Set(codes).count == 12, "every room its own code: \(codes.sorted())")
            #expect(Set(codes).isSubset(of: pool))
        }
    }

    @Test("a node whose lease lapsed registers again and takes back the codes nobody took meanwhile", .timeLimit(.minutes(1)))
    func lapsedLeaseReclaimsCodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            let (taken, kept, keeper) = try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { first in
                try await DoodleClient.withConnection(to: a.url, logger: Self.logger) { second in
                    try await first.hello(name: "First")
                    let keeper = try await second.hello(name: "Second").playerId
                    return (try await first.createRoom().code, try await second.createRoom().code, keeper)
                }
            }
            let nodeA = try await cluster.nodeID(hosting: taken)
            let nodeB = try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { other in
                try await other.hello(name: "Other")
                return try await cluster.nodeID(hosting: try await other.createRoom().code)
            }
            // A is cut off for a whole lease, as far as the directory can tell: its lease and rows
            // are gone, and meanwhile another node claims one of its codes.
            try await cluster.directory.releaseAll(nodeA)
            let thief = ClusterNode(id: "n_thief", url: "ws://127.0.0.1:9/v1/ws")
            await cluster.directory.register(thief, leaseMilliseconds: 60_000)
            #expect(await cluster.directory.claim(code: taken, for: thief.id))
            #expect(await cluster.directory.host(of: kept) == nil)
            // A's next renewal finds the lease lapsed, starts it again and reclaims what it can.
            try await cluster.advanceOneRenewal(alive: [nodeA, nodeB])
            let deadline = ContinuousClock.now + .seconds(10)
            while await cluster.directory.seat(of: keeper) == nil, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            // Seats are recorded again after their room's code is back.
            #expect(await cluster.directory.host(of: kept)?.id == nodeA, "the code nobody took is A's again")
            #expect(await cluster.directory.host(of: taken) == thief, "the code another node took stays that node's")
            #expect(await cluster.directory.seat(of: keeper)?.code == kept, "the seats of a reclaimed room are recorded again")
            try await DoodleClient.withConnection(to: b.url, logger: Self.logger) { guest in
                try await guest.hello(name: "Guest")
                do {
                    _ = try await guest.joinRoom(code: kept)
                    Issue.record("the join was not redirected")
                } catch let redirected as Redirected {
                    #expect(redirected.redirect.url == a.url)
                }
            }
        }
    }

    @Test("a graceful shutdown hands the node's rooms to the live node at once, without waiting for the lease", .timeLimit(.minutes(1)))
    func gracefulShutdownHandsOver() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let code = try await DoodleClient.withConnection(to: cluster.nodes[0].url, logger: Self.logger) { owner in
                try await owner.hello(name: "Ada")
                let room = try await owner.createRoom()
                #expect(try await cluster.directory.host(of: room.code) != nil)
                return room.code
            }
            let nodeA = try await cluster.nodeID(hosting: code)
            await cluster.stop(0, .graceful)
            #expect(cluster.leaseClock.nowMillis() == 1_700_000_000_000, "no lease time has passed")
            let host = try #require(try await ClusterHandOverTests.waitForHost(of: code, other: nodeA, in: cluster))
            #expect(host.url == cluster.nodes[1].url)
            try await DoodleClient.withJoinedConnection(to: cluster.nodes[1].url, name: "Late", code: code, logger: Self.logger) {
                _, _, joined, redirects in
                #expect(redirects == 0)
                #expect(joined.players.map(\.name) == ["Ada", "Late"])
            }
        }
    }

    // MARK: - Helpers

    /// `GET /v1/rooms/{code}` at `node`, following a redirect to another node.
    static func roomInfo(at node: TestCluster.Node, code: String) async throws -> [String: Any] {
        let url = try #require(URL(string: "\(node.httpBase)/v1/rooms/\(code)"))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The `number`th party code of a fixed run: five letters from it, and the sixth that makes
    /// the code a party code (an even sum of alphabet positions).
    static func partyCode(number: Int) -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        var indices = [number / 8, number % 8, 3, 4, 5]
        indices.append(indices.reduce(0, +) % 2)
        return String(indices.map { alphabet[$0] })
    }
}
