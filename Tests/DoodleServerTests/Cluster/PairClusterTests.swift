import DoodleClient
import DoodleCore
import DoodleServer
import DoodleStorage
import DoodleTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Pair rooms across nodes (PROTOCOL.md, "Several nodes"): one node hosts each pair room, the
/// other partner is sent there, what arrives over HTTP at another node reaches the room, a dead
/// host's pairs are taken over, and a newer connection replaces an older one on any node (4002).
@Suite("Several nodes, one game: pair rooms and 4002 across nodes, live")
struct PairClusterTests {
    static let logger = TestServer.logger

    @Test("a joiner on another node is redirected to the owner's waiting room, and the pair is hosted there", .timeLimit(.minutes(1)))
    func pairingAcrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await Self.withPlayer(at: a) { ada in
                _ = try await ada.hello("Ada")
                let waiting = try await ada.enterPairMode()
                let code = try #require(waiting["code"] as? String)
                // The waiting room is recorded as A's: the joiner on B is sent there, and B's
                // invite lookup names A too.
                let hostA = try await cluster.nodeID(hosting: code)
                #expect(try await HTTPProbe.json(b.httpBase + "/v1/rooms/\(code)")["url"] as? String == a.url)
                let bobToken = try await Self.withPlayer(at: b) { bob in
                    let bobIdentity = try await bob.hello("Bob")
                    try await bob.send(["type": "joinRoom", "code": code])
                    let redirect = try await bob.next("redirect")
                    #expect(redirect["url"] as? String == a.url)
                    #expect(redirect["code"] as? String == code)
                    return bobIdentity.token
                }
                let pairId = try await Self.withPlayer(at: a) { bob in
                    _ = try await bob.hello("Bob", token: bobToken)
                    try await bob.send(["type": "joinRoom", "code": code])
                    let room = try await bob.next("roomState")
                    #expect(room["phase"] as? String == "paired")
                    return try #require((room["pair"] as? [String: Any])?["pairId"] as? String)
                }
                let adaRoom = try await ada.next("roomState")
                #expect(adaRoom["phase"] as? String == "paired")
                #expect(try await cluster.directory.host(of: "pair:\(pairId)")?.id == hostA)
                try await AdminHTTP.waitUntil("the spent code has left the directory") { try await cluster.directory.host(of: code) == nil }
            }
        }
    }

    @Test("waiting rooms are in the directory while live: a joiner's own leaves it when it pairs, the owner's when it goes", .timeLimit(.minutes(1)))
    func waitingRoomsInDirectory() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let a = cluster.nodes[0]
            try await Self.withPlayer(at: a) { ada in
                _ = try await ada.hello("Ada")
                let adaCode = try #require(try await ada.enterPairMode()["code"] as? String)
                try await Self.withPlayer(at: a) { bob in
                    _ = try await bob.hello("Bob")
                    let bobCode = try #require(try await bob.enterPairMode()["code"] as? String)
                    #expect(try await cluster.directory.host(of: bobCode) != nil)
                    try await bob.send(["type": "joinRoom", "code": adaCode])
                    #expect(try await bob.next("roomState")["phase"] as? String == "paired")
                    try await AdminHTTP.waitUntil("the joiner's own code has left the directory") { try await cluster.directory.host(of: bobCode) == nil }
                    try await AdminHTTP.waitUntil("the owner's spent code has left the directory") { try await cluster.directory.host(of: adaCode) == nil }
                }
            }
            // An owner that leaves pair mode takes its waiting room out of the directory.
            try await Self.withPlayer(at: a) { cy in
                _ = try await cy.hello("Cy")
                let code = try #require(try await cy.enterPairMode()["code"] as? String)
                #expect(try await cluster.directory.host(of: code) != nil)
                try await cy.send(["type": "leaveRoom"])
                _ = try await cy.next("playerConnection")
                try await AdminHTTP.waitUntil("the left waiting room's code has left the directory") { try await cluster.directory.host(of: code) == nil }
            }
        }
    }

    @Test("a partner entering or resuming on the wrong node is redirected to the node hosting the pair room", .timeLimit(.minutes(1)))
    func partnerRedirected() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let (a, b) = (cluster.nodes[0], cluster.nodes[1])
            try await Self.withPairOnA(cluster) { ada, bobToken, _, _ in
                // Bob's connection is gone: Ada hears it, the room stays live on A with her in it.
                _ = try await ada.next("playerConnection")
                try await Self.withPlayer(at: b) { bob in
                    _ = try await bob.hello("Bob", token: bobToken, lastSeq: 0)
                    let redirect = try await bob.next("redirect")
                    #expect(redirect["url"] as? String == a.url)
                    #expect(redirect.keys.contains("code") && !(redirect["code"] is String), "a formed pair's redirect has a null code")
                    // Asking for the pair room there is redirected too, and nothing is taken.
                    try await bob.send(["type": "createRoom", "mode": "pair"])
                    #expect(try await bob.next("redirect")["url"] as? String == a.url)
                }
                try await Self.withPlayer(at: a) { bob in
                    _ = try await bob.hello("Bob", token: bobToken)
                    let room = try await bob.enterPairMode()
                    #expect(room["phase"] as? String == "paired")
                }
            }
        }
    }

    @Test("an HTTP upload, guess and unpair sent to another node reach the partner in the room at once, with the contract's answers", .timeLimit(.minutes(1)))
    func httpAcrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let b = cluster.nodes[1]
            try await Self.withPairOnA(cluster) { ada, bobToken, adaToken, _ in
                _ = try await ada.next("playerConnection")
                let upload = try await Self.http(
                    "POST", b, "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_cluster_1", "word": "kite", "strokes": [Self.line]])
                #expect(upload.status == 201)
                let drawingId = try #require(upload.json["drawingId"] as? String)
                let received = try await ada.next("drawingReceived")
                #expect(received["drawingId"] as? String == drawingId)
                // A retry through B is the same drawing, stored once.
                let retry = try await Self.http(
                    "POST", b, "/v1/me/pair/drawings", token: bobToken,
                    body: ["clientDrawingId": "c_cluster_1", "word": "kite", "strokes": [Self.line]])
                #expect(retry.status == 200)
                #expect(retry.json["drawingId"] as? String == drawingId)
                // Ada guesses over HTTP through B: the answer is the room's, and she hears it in the room.
                let guess = try await Self.http("POST", b, "/v1/me/pair/drawings/\(drawingId)/guess", token: adaToken, body: ["text": "kite"])
                #expect(guess.status == 200)
                #expect(guess.json["correct"] as? Bool == true)
                #expect(try await ada.next("drawingGuessed")["drawingId"] as? String == drawingId)
                // A refusal comes back as the contract's: her own guess again is not allowed.
                let again = try await Self.http("POST", b, "/v1/me/pair/drawings/\(drawingId)/guess", token: adaToken, body: ["text": "kite"])
                #expect(again.status == 409)
                let unpair = try await Self.http("DELETE", b, "/v1/me/pair", token: bobToken)
                #expect(unpair.status == 200)
                #expect(try await ada.next("unpaired")["by"] as? String != nil)
            }
        }
    }

    @Test("a dead host's pair room: calls get a clear error until its lease runs out, then the next node hosts it from storage", .timeLimit(.minutes(1)))
    func deadHostRehosted() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let b = cluster.nodes[1]
            let (bobToken, pairId) = try await Self.withPairOnA(cluster) { ada, bobToken, _, pairId in
                _ = try await ada.next("playerConnection")
                _ = try await ada.sendDrawing("c_before_death", word: "pear")
                #expect(try await cluster.directory.host(of: "pair:\(pairId)") != nil, "A hosts the room")
                // A dies with Ada in the room: its lease still runs.
                await cluster.stop(0, .kill)
                return (bobToken, pairId)
            }
            let body: [String: Any] = ["clientDrawingId": "c_after_death", "word": "tent", "strokes": [Self.line]]
            let refused = try await Self.http("POST", b, "/v1/me/pair/drawings", token: bobToken, body: body)
            #expect(refused.status == 500)
            #expect(refused.json["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } == "internal")
            #expect(refused.retryAfter == "\(cluster.lease.leaseMilliseconds / 1000)")
            // The lease runs out unrenewed: B takes the room over and loads it from storage.
            let hostB = try await Self.nodeID(of: b, in: cluster)
            for _ in 0..<3 { try await cluster.advanceOneRenewal(alive: [hostB]) }
            let stored = try await Self.http("POST", b, "/v1/me/pair/drawings", token: bobToken, body: body)
            #expect(stored.status == 201)
            try await Self.withPlayer(at: b) { bob in
                _ = try await bob.hello("Bob", token: bobToken)
                let room = try await bob.enterPairMode()
                #expect(room["phase"] as? String == "paired")
                let inbox = try #require(room["inbox"] as? [[String: Any]])
                #expect(inbox.count == 1, "the drawing sent before the host died waits for Bob")
                #expect(try await cluster.directory.host(of: "pair:\(pairId)")?.id == hostB)
            }
        }
    }

    @Test("after a lapsed lease the node takes its pair room's key back and records its partners' seats again", .timeLimit(.minutes(1)))
    func lapsedLeaseReclaimsPairKeys() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            let a = cluster.nodes[0]
            try await Self.withPlayer(at: a) { ada in
                let adaId = try await ada.hello("Ada").id
                let code = try #require(try await ada.enterPairMode()["code"] as? String)
                try await Self.withPlayer(at: a) { bob in
                    _ = try await bob.hello("Bob")
                    try await bob.send(["type": "joinRoom", "code": code])
                    let room = try await bob.next("roomState")
                    let key = "pair:\(try #require((room["pair"] as? [String: Any])?["pairId"] as? String))"
                    let nodeA = try #require(try await cluster.directory.host(of: key)).id
                    let nodeB = try await Self.nodeID(of: cluster.nodes[1], in: cluster)
                    // A is cut off for a whole lease, as far as the directory can tell.
                    try await cluster.directory.releaseAll(nodeA)
                    #expect(try await cluster.directory.host(of: key) == nil)
                    try await cluster.advanceOneRenewal(alive: [nodeA, nodeB])
                    let deadline = ContinuousClock.now + .seconds(10)
                    while try await cluster.directory.seat(of: adaId) == nil, ContinuousClock.now < deadline {
                        try await Task.sleep(for: .milliseconds(5))
                    }
                    #expect(try await cluster.directory.host(of: key)?.id == nodeA)
                    #expect(try await cluster.directory.seat(of: adaId)?.code == key)
                }
            }
        }
    }

    @Test("a second connection with the same token on another node replaces the first (4002)", .timeLimit(.minutes(1)))
    func replacedAcrossNodes() async throws {
        try await TestCluster.with(nodes: 2) { cluster in
            try await Self.expectReplaced(first: cluster.nodes[0].url, second: cluster.nodes[1].url)
        }
    }

    // MARK: - Helpers

    /// Ada and Bob paired on node A, the pair room hosted there; Bob's connection has closed,
    /// Ada is still in the room. `body` gets Ada's connection, Bob's token, Ada's token and the
    /// pair's id.
    static func withPairOnA<T: Sendable>(
        _ cluster: TestCluster, _ body: (PairPlayer, String, String, String) async throws -> T
    ) async throws -> T {
        let a = cluster.nodes[0]
        return try await withPlayer(at: a) { ada in
            let adaIdentity = try await ada.hello("Ada")
            let code = try #require(try await ada.enterPairMode()["code"] as? String)
            let bobToken = try await withPlayer(at: a) { bob in
                let identity = try await bob.hello("Bob")
                try await bob.send(["type": "joinRoom", "code": code])
                _ = try await bob.next("roomState")
                return identity.token
            }
            let room = try await ada.next("roomState")
            let pairId = try #require((room["pair"] as? [String: Any])?["pairId"] as? String)
            return try await body(ada, bobToken, adaIdentity.token, pairId)
        }
    }

    /// Ada connects at `first`, then again with her token at `second`: the first connection is
    /// closed with 4002 and the second goes on. `secondNodeLog` is the second node's log tail,
    /// when it is a process of its own.
    static func expectReplaced(first firstURL: String, second secondURL: String, secondNodeLog: (@Sendable () -> String)? = nil) async throws {
        try await DoodleClient.withConnection(to: firstURL, logger: logger) { first in
            let welcome = try await first.hello(name: "Ada")
            try await DoodleClient.withConnection(to: secondURL, logger: logger) { second in
                try await second.hello(name: "Ada", token: welcome.token)
                #expect(try await first.waitForClose().code == 4002)
                _ = try await second.createRoomAskingAgain(timeout: .seconds(15), logger: logger, nodeLog: secondNodeLog)
            }
        }
    }

    static func withPlayer<T>(at node: TestCluster.Node, _ body: (PairPlayer) async throws -> T) async throws -> T {
        try await DoodleClient.withConnection(to: node.url, logger: logger) { connection in try await body(PairPlayer(connection)) }
    }

    static var line: [String: Any] { ["kind": "stroke", "strokeId": 1, "tool": "pen", "color": "#335577", "width": 6, "points": [10, 10, 400, 300]] }

    static func http(
        _ method: String, _ node: TestCluster.Node, _ path: String, token: String, body: [String: Any]? = nil
    ) async throws -> PairHTTP.Answer {
        try await PairHTTP.request(method, node.httpBase + path, token: token, body: body)
    }

    /// The directory's id of `node`, found through a party room it opens for the purpose.
    static func nodeID(of node: TestCluster.Node, in cluster: TestCluster) async throws -> String {
        try await DoodleClient.withConnection(to: node.url, logger: logger) { connection in
            try await connection.hello(name: "Probe")
            let room = try await connection.createRoom()
            return try await cluster.nodeID(hosting: room.code)
        }
    }
}
