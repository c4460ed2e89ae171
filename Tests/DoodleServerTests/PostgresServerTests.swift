import DoodleClient
import DoodleCore
import DoodleStorage
import DoodleStorageTestSupport
import DoodleTestSupport
import Foundation
import Testing

/// The whole server on PostgreSQL storage (`--database postgres://…`), live on port 0: what the
/// storage tests check store by store, seen through the WebSocket and the HTTP API.
@Suite("The server on PostgreSQL")
struct PostgresServerTests {
    @Test("a party game's drawing is saved and served over HTTP; a pair forms and a drawing is delivered")
    func partyAndPair() async throws {
        try await PostgresTestDatabase.withFreshDatabase { location in
            try await TestServer.with(database: location.url) { server in
                try await Self.playOneTurn(server)
                try await PairPlayTests.withPair(server) { ada, bob, ids, _ in
                    let sent = try await ada.sendDrawing("c_pg000001", word: "kite")
                    let drawingId = try #require(sent["drawingId"] as? String)
                    let received = try await bob.next("drawingReceived")
                    #expect(received["drawingId"] as? String == drawingId)
                    #expect(received["fromId"] as? String == ids.ada)
                }
            }
        }
    }

    /// One turn of a two-player party game, guessed at once; then its drawing over HTTP.
    private static func playOneTurn(_ server: TestServer) async throws {
        try await server.withRoom(players: 2, settings: LiveGameTests.quickGame) { players, ids, _ in
            let (drawer, drawerId) = try await LiveGameTests.startFirstTurn(players, ids)
            let guesser = players[try #require(ids.firstIndex { $0 != drawerId })]
            let word = try await drawer.receiveFirst { message -> String? in
                if case .event(.phaseDrawing(_, _, let word?), _) = message { word } else { nil }
            }
            try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#ff0000", width: 5, points: [10, 10, 20, 20]))))
            try await drawer.send(.draw(.strokeEnd(strokeId: 1)))
            _ = try await guesser.receiveFirst { if case .event(.drawing(.strokeEnd, _), _) = $0 { true } else { nil } }
            try await guesser.send(.guess(text: word))
            let summary = try await guesser.receiveFirst { message -> TurnSummary? in
                if case .event(.turnEnded(let summary), _) = message { summary } else { nil }
            }
            let id = try #require(summary.drawingId)
            // The archive writer saves in the background: poll until the drawing is there.
            var answer = try await server.call("GET", "/v1/drawings/\(id)")
            for _ in 0..<100 where answer.status == 404 {
                try await Task.sleep(for: .milliseconds(50))
                answer = try await server.call("GET", "/v1/drawings/\(id)")
            }
            #expect(answer.status == 200)
            #expect(answer.json?["word"]?.stringValue == word)
            #expect(answer.json?["drawer"]?["playerId"]?.stringValue == drawerId)
            #expect(answer.json?["actions"].flatMap(ArchiveRoutesTests.array)?.count == 2)
        }
    }
}
