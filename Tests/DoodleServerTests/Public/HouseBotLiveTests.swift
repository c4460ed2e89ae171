import DoodleClient
import DoodleCore
import DoodleTestSupport
import Foundation
import Testing

@Suite("House bots, live")
struct HouseBotLiveTests {
    /// Bots may be called in after 1 s; games start 1 s after the countdown begins; turns of 5 s.
    static let quickRules: @Sendable (inout [String: Any]) -> Void = { rules in
        var room = rules["publicRoom"] as? [String: Any] ?? [:]
        room["autoStartSeconds"] = 1
        room["botAfterSeconds"] = 1
        room["drawSeconds"] = 5
        room["rounds"] = 1
        rules["publicRoom"] = room
        var settings = rules["settings"] as? [String: Any] ?? [:]
        var drawSeconds = settings["drawSeconds"] as? [String: Any] ?? [:]
        drawSeconds["min"] = 5
        settings["drawSeconds"] = drawSeconds
        rules["settings"] = settings
    }

    @Test("a player alone calls in house bots: they join as bots, the game starts, a bot draws, and a person who comes takes a bot's seat at the next turn", .timeLimit(.minutes(1)))
    func botsPlay() async throws {
        try await TestServer.with(rules: Self.quickRules) { server in
            try await server.withConnections(2) { players in
                try await players[0].hello(name: "Ada")
                let room = try await players[0].quickPlay()
                try await players[0].send(.playWithBots)
                let refusal = try await players[0].receiveFirst { if case .error(let error) = $0 { error } else { nil } }
                #expect(refusal.code == .invalidPhase, "not before botAfterSeconds")
                try await Task.sleep(for: .milliseconds(1_100))
                try await players[0].send(.playWithBots)
                var bots: [PlayerInfo] = []
                while bots.count < 2 {
                    let joined = try await players[0].receiveFirst { if case .event(.playerJoined(let player), _) = $0 { player } else { nil } }
                    bots.append(joined)
                }
                #expect(bots.allSatisfy { $0.bot })
                // Ada draws first (she sat first); she picks a word and lets the turn run out.
                _ = try await players[0].receive(timeout: .seconds(10), until: { if case .chooseWord = $0 { true } else { false } })
                try await players[0].send(.chooseWord(index: 0))
                // Bob comes while the game runs: the room holds a person and bots, so it is offered.
                try await players[1].hello(name: "Bob")
                let bobRoom = try await players[1].quickPlay()
                #expect(bobRoom.code == room.code)
                #expect(bobRoom.players.count == 4)
                // The next turn starts with a bot gone for Bob, and a bot drawing.
                let replaced = try await players[0].receiveFirst(timeout: .seconds(15)) { message in
                    if case .event(.playerLeft(let id, .replaced), _) = message { id } else { nil }
                }
                #expect(bots.map(\.id).contains(replaced))
                let drawer = try await players[0].receiveFirst(timeout: .seconds(5)) { message in
                    if case .event(.phaseChoosing(_, let drawerId, _), _) = message { drawerId } else { nil }
                }
                #expect(bots.map(\.id).contains(drawer) && drawer != replaced, "the bot left draws next")
                let stroke = try await players[0].receiveFirst(timeout: .seconds(10)) { message in
                    if case .event(.drawing(_, let playerId), _) = message { playerId } else { nil }
                }
                #expect(stroke == drawer)
            }
        }
    }

    @Test("a server started with --house-bots off answers playWithBots with invalid_phase")
    func houseBotsOff() async throws {
        try await TestServer.with(rules: Self.quickRules, houseBots: false) { server in
            try await server.withConnections(1) { players in
                try await players[0].hello(name: "Ada")
                _ = try await players[0].quickPlay()
                try await Task.sleep(for: .milliseconds(1_100))
                try await players[0].send(.playWithBots)
                let refusal = try await players[0].receiveFirst { if case .error(let error) = $0 { error } else { nil } }
                #expect(refusal.code == .invalidPhase)
                #expect(try await players[0].sync().players.count == 1)
            }
        }
    }
}
