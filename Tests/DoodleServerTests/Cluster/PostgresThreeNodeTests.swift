import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Foundation
import Testing

/// Three real `doodle-server` processes on one PostgreSQL database: more than the pair of nodes
/// the other cluster tests use, so a redirect has two other nodes to come from, and a node's
/// death leaves two behind that must go on without it.
@Suite("Three processes on PostgreSQL")
struct PostgresThreeNodeTests {
    static let logger = TestServer.logger
    static let lease: Int64 = 3_000
    /// Three processes and their clients on two shared cores: an answer may take seconds.
    static let answerTimeout = Duration.seconds(15)

    @Test(
        "a room on node 1 is played from nodes 2 and 3; node 2 killed with SIGKILL has its room adopted within the lease, nodes 1 and 3 play on",
        .timeLimit(.minutes(1)))
    func threeNodes() async throws {
        try await PostgresNodes.with(count: 3, leaseMilliseconds: Self.lease) { cluster in
            let (one, two, three) = (cluster.nodes[0], cluster.nodes[1], cluster.nodes[2])
            // Its creator leaves at once; the room stays on node 2 until node 2 dies.
            let doomed = try await DoodleClient.withConnection(to: two.webSocketURL, logger: Self.logger) { creator in
                try await creator.hello(name: "Dee", timeout: Self.answerTimeout)
                return try await creator.createRoomAskingAgain(timeout: Self.answerTimeout, logger: Self.logger) { two.logTail }.code
            }
            try await DoodleClient.withConnection(to: three.webSocketURL, logger: Self.logger) { eve in
                let eveId = try await eve.hello(name: "Eve", timeout: Self.answerTimeout).playerId
                let third = try await eve.createRoomAskingAgain(settings: LiveGameTests.quickGame, timeout: Self.answerTimeout, logger: Self.logger) {
                    three.logTail
                }
                try await DoodleClient.withConnection(to: one.webSocketURL, logger: Self.logger) { ada in
                    let adaId = try await ada.hello(name: "Ada", timeout: Self.answerTimeout).playerId
                    let first = try await ada.createRoomAskingAgain(settings: LiveGameTests.quickGame, timeout: Self.answerTimeout, logger: Self.logger) {
                        one.logTail
                    }
                    try await Self.joinFromTwoNodes(first.code, via: two, three) { bob, bobId, cy, cyId in
                        let players = [ada, bob, cy]
                        let ids = [adaId, bobId, cyId]
                        let (drawer, drawerId) = try await LiveGameTests.startFirstTurn(players, ids)
                        let word = try await drawer.receiveFirst(timeout: Self.answerTimeout) { message -> String? in
                            if case .event(.phaseDrawing(_, _, let word?), _) = message { word } else { nil }
                        }
                        let guessers = Self.others(of: drawerId, players, ids)
                        try await Self.drawStroke(1, by: drawer, seenBy: guessers)

                        let adopter = try await cluster.killAndWatchAdoption(two, hosting: doomed, while: [first.code, third.code], leaseMilliseconds: Self.lease)
                        let sentTo = try await HTTPProbe.json(one.httpBase + "/v1/rooms/\(doomed)")["url"] as? String
                        #expect(sentTo != two.webSocketURL, "node 1 no longer sends anyone to node 2 (the room is on \(adopter) now)")

                        // Node 1 plays on: the next stroke reaches both guessers, whose right guesses end the turn.
                        try await Self.drawStroke(2, by: drawer, seenBy: guessers)
                        for guesser in guessers {
                            try await guesser.send(.guess(text: word))
                            #expect(try await Self.guessResult(of: guesser), "\(drawerId)'s word guessed after the kill")
                        }
                        for player in players {
                            _ = try await player.receiveFirst(timeout: Self.answerTimeout) { if case .event(.turnEnded, _) = $0 { true } else { nil } }
                        }
                    }
                }
                // Node 3 plays on: a newcomer sent there from node 1 takes a seat, and a game starts.
                try await DoodleClient.withJoinedConnection(
                    to: one.webSocketURL, name: "Guest", code: third.code, timeout: Self.answerTimeout, logger: Self.logger
                ) { guest, welcome, joined, redirects in
                    #expect(redirects == 1, "node 1 sends the newcomer to node 3")
                    #expect(joined.players.map(\.name) == ["Eve", "Guest"])
                    let (players, ids) = ([eve, guest], [eveId, welcome.playerId])
                    let (drawer, drawerId) = try await LiveGameTests.startFirstTurn(players, ids)
                    _ = try await drawer.receiveFirst(timeout: Self.answerTimeout) { if case .event(.phaseDrawing, _) = $0 { true } else { nil } }
                    try await Self.drawStroke(1, by: drawer, seenBy: Self.others(of: drawerId, players, ids))
                }
            }
        }
    }

    /// Bob starts at node 2 and Cy at node 3; each is sent to the room's node and seated there.
    private static func joinFromTwoNodes(
        _ code: String, via second: ChildServer, _ third: ChildServer,
        _ body: (_ bob: DoodleConnection, _ bobId: PlayerID, _ cy: DoodleConnection, _ cyId: PlayerID) async throws -> Void
    ) async throws {
        try await DoodleClient.withJoinedConnection(to: second.webSocketURL, name: "Bob", code: code, timeout: answerTimeout, logger: logger) {
            bob, bobWelcome, _, bobRedirects in
            #expect(bobRedirects == 1, "node 2 sends Bob to node 1")
            try await DoodleClient.withJoinedConnection(to: third.webSocketURL, name: "Cy", code: code, timeout: answerTimeout, logger: logger) {
                cy, cyWelcome, joined, cyRedirects in
                #expect(cyRedirects == 1, "node 3 sends Cy to node 1")
                #expect(joined.players.map(\.name) == ["Ada", "Bob", "Cy"])
                try await body(bob, bobWelcome.playerId, cy, cyWelcome.playerId)
            }
        }
    }

    /// The players other than `player`.
    private static func others(of player: PlayerID, _ players: [DoodleConnection], _ ids: [PlayerID]) -> [DoodleConnection] {
        zip(players, ids).filter { $0.1 != player }.map(\.0)
    }

    /// One short pen stroke by `drawer`; every one of `watchers` sees it end.
    private static func drawStroke(_ strokeId: Int, by drawer: DoodleConnection, seenBy watchers: [DoodleConnection]) async throws {
        let begin = StrokeBegin(strokeId: strokeId, tool: .pen, color: "#336699", width: 4, points: [10 * strokeId, 10, 40 * strokeId, 60])
        try await drawer.send(.draw(.strokeBegin(begin)))
        try await drawer.send(.draw(.strokeEnd(strokeId: strokeId)))
        for watcher in watchers {
            _ = try await watcher.receiveFirst(timeout: answerTimeout) { message -> Bool? in
                if case .event(.drawing(.strokeEnd(strokeId), _), _) = message { true } else { nil }
            }
        }
    }

    /// Whether the server judged the guesser's last guess right.
    private static func guessResult(of guesser: DoodleConnection) async throws -> Bool {
        try await guesser.receiveFirst(timeout: answerTimeout) { message -> Bool? in
            if case .guessResult(let result) = message { result.correct } else { nil }
        }
    }
}
