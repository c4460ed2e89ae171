import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

/// What members do about each other in a room, as the server carries it out: `report` filed
/// with the room's context, and reactions given after a drawing was handed over stored after it.
@Suite("Reports and reactions from a room, live")
struct RoomModerationTests {
    static let words = ["banana", "giraffe", "umbrella"]
    static let oneTurn = SettingsPatch(maxPlayers: 2, rounds: 1, revealSeconds: 15, customWords: words, customWordsOnly: true)

    static func isEvent(_ message: ServerMessage, _ matches: (RoomEvent) -> Bool) -> Bool {
        if case .event(let event, _) = message { matches(event) } else { false }
    }

    static func error(of connection: DoodleConnection) async throws -> ProtocolError {
        try await connection.receiveFirst { message in if case .error(let error) = message { error } else { nil } }
    }

    @Test("a member reports another: reported with an id, and the operators read it with the room, its drawing and the chat lines")
    func reportFromRoom() async throws {
        try await TestServer.with { server in
            try await server.withRoom(players: 2) { players, ids, room in
                try await players[1].send(.guess(text: "nobody will guess this"))
                _ = try await players[0].receive { Self.isEvent($0) { if case .chat = $0 { true } else { false } } }
                try await players[0].send(.report(playerId: ids[1], reason: .spam, text: "floods the chat"))
                let reportId = try await players[0].receiveFirst { message in if case .reported(let id) = message { id } else { nil } }

                let listed = try await server.call("GET", "/v1/admin/reports", authorization: TestServer.adminAuthorization)
                guard case .array(let reports)? = listed.json?["reports"], let report = reports.first else {
                    Issue.record("no report listed: \(listed.text)")
                    return
                }
                #expect(report["id"]?.stringValue == reportId)
                #expect(report["reporterId"]?.stringValue == ids[0])
                #expect(report["playerId"]?.stringValue == ids[1])
                #expect(report["reason"]?.stringValue == "spam")
                #expect(report["text"]?.stringValue == "floods the chat")
                #expect(report["context"]?["roomCode"]?.stringValue == room.code)
                #expect(report["context"]?["chatLines"] == .array([.string("nobody will guess this")]))

                try await players[0].send(.report(playerId: ids[0], reason: .other))
                #expect(try await Self.error(of: players[0]).code == .invalidTarget, "not yourself")
                try await players[0].send(.report(playerId: "p_stranger", reason: .other))
                #expect(try await Self.error(of: players[0]).code == .invalidTarget, "only someone who was in the room")
            }
            try await server.withConnections(1) { connections in
                try await connections[0].hello(name: "Lonely")
                try await connections[0].send(.report(playerId: "p_anyone", reason: .other))
                #expect(try await Self.error(of: connections[0]).code == .notInRoom)
            }
        }
    }

    @Test("in pair mode report is refused with invalid_phase, pointing to POST /v1/reports")
    func reportFromPairMode() async throws {
        try await PairActionRoutesTests.withLivePair { pair in
            try await pair.bobInRoom.send(["type": "report", "playerId": pair.ada.id, "reason": "offensive"])
            let error = try await pair.bobInRoom.next("error")
            #expect(error["code"] as? String == "invalid_phase")
            #expect(error["ref"] as? String == "report")
        }
    }

    /// Plays the first turn of a started one-turn game to its end, the guesser guessing the word
    /// after one stroke: the stored drawing's id, and who drew and who guessed.
    static func playOneTurn(
        _ players: [DoodleConnection], ids: [PlayerID]
    ) async throws -> (drawingId: String, drawer: DoodleConnection, guesser: DoodleConnection) {
        try await players[0].send(.startGame)
        let choosing = try await players[0].receive { isEvent($0) { if case .phaseChoosing = $0 { true } else { false } } }
        guard case .event(.phaseChoosing(_, let drawerId, _), _) = choosing else { throw TurnError.unexpected(choosing) }
        let drawerIndex = try #require(ids.firstIndex(of: drawerId))
        let (drawer, guesser) = (players[drawerIndex], players[1 - drawerIndex])
        _ = try await drawer.receive { if case .chooseWord = $0 { true } else { false } }
        try await drawer.send(.chooseWord(index: 0))
        let drawing = try await drawer.receive { isEvent($0) { if case .phaseDrawing = $0 { true } else { false } } }
        guard case .event(.phaseDrawing(_, _, let shown), _) = drawing else { throw TurnError.unexpected(drawing) }
        try await drawer.send(.draw(.strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#ff0000", width: 5, points: [10, 10, 20, 20]))))
        try await drawer.send(.draw(.strokeEnd(strokeId: 1)))
        // The guess goes in on another connection: only once the stroke has reached the guesser
        // is it sure to be on the board first (a turn with nothing drawn stores no drawing).
        _ = try await guesser.receive { isEvent($0) { if case .drawing(.strokeEnd, _) = $0 { true } else { false } } }
        try await guesser.send(.guess(text: try #require(shown)))
        let ended = try await guesser.receive { isEvent($0) { if case .turnEnded = $0 { true } else { false } } }
        guard case .event(.turnEnded(let summary), _) = ended else { throw TurnError.unexpected(ended) }
        return (try #require(summary.drawingId), drawer, guesser)
    }

    enum TurnError: Error {
        case unexpected(ServerMessage)
    }

    @Test("a reaction given after the turn ended is stored with its drawing")
    func lateReactionIsStored() async throws {
        try await TestServer.with { server in
            try await server.withRoom(players: 2, settings: Self.oneTurn) { players, ids, _ in
                let (drawingId, drawer, guesser) = try await Self.playOneTurn(players, ids: ids)
                try await guesser.send(.react(.like))
                _ = try await drawer.receive { Self.isEvent($0) { if case .reaction = $0 { true } else { false } } }
                try await AdminHTTP.waitUntil("the reaction is stored") {
                    try await server.call("GET", "/v1/drawings/\(drawingId)").json?["reactions"]?["like"] == .integer(1)
                }
            }
        }
    }
}
