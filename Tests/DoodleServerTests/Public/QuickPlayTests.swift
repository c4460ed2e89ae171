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

@Suite("Quick play and public rooms, live")
struct QuickPlayTests {
    /// Public rooms that start 1 s after their second player arrives.
    static let quickStart: @Sendable (inout [String: Any]) -> Void = { rules in
        var room = rules["publicRoom"] as? [String: Any] ?? [:]
        room["autoStartSeconds"] = 1
        rules["publicRoom"] = room
    }

    @Test("quick play opens an ownerless public room, fills it, and its game starts on its own after the countdown")
    func quickPlayStartsOnItsOwn() async throws {
        try await TestServer.with(rules: Self.quickStart) { server in
            try await server.withConnections(2) { players in
                try await players[0].hello(name: "Ada")
                try await players[1].hello(name: "Bob")
                let first = try await players[0].quickPlay(wordPack: "de")
                #expect(first.ownerId == nil)
                #expect(first.settings.settings.isPublic)
                #expect(first.settings.settings.wordPack == "de")
                #expect(first.startsAt == nil, "one player: no countdown yet")
                let second = try await players[1].quickPlay(wordPack: "de")
                #expect(second.code == first.code)
                let countdown = try await players[0].receiveFirst { message in
                    if case .event(.phaseLobby(let startsAt?), _) = message { startsAt } else { nil }
                }
                #expect(countdown > 0)
                // Nobody owns the room: owner-only messages are refused.
                try await players[1].send(.startGame)
                let refusal = try await players[1].receiveFirst { message in if case .error(let error) = message { error } else { nil } }
                #expect(refusal.code == .notOwner)
                // …and the game starts by itself once the countdown ends.
                _ = try await players[0].receive(timeout: .seconds(10), until: { message in
                    if case .event(.phaseChoosing, _) = message { true } else { false }
                })
            }
        }
    }

    @Test("the countdown stops when players drop below the minimum before it ends")
    func countdownCancelled() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { players in
                try await players[0].hello(name: "Ada")
                try await players[1].hello(name: "Bob")
                _ = try await players[0].quickPlay()
                _ = try await players[1].quickPlay()
                _ = try await players[0].receiveFirst { message in
                    if case .event(.phaseLobby(let startsAt?), _) = message { startsAt } else { nil }
                }
                try await players[1].send(.leaveRoom)
                _ = try await players[0].receive(until: { message in
                    if case .event(.phaseLobby(nil), _) = message { true } else { false }
                })
                let state = try await players[0].sync()
                #expect(state.startsAt == nil)
                #expect(state.phase == .lobby)
            }
        }
    }

    enum Backend: String, CaseIterable, Sendable {
        case sqlite, postgres
    }

    /// A server on SQLite, or on a fresh PostgreSQL database.
    static func withServer(on backend: Backend, _ body: @Sendable (TestServer) async throws -> Void) async throws {
        switch backend {
        case .sqlite: try await TestServer.with(body)
        case .postgres:
            try await PostgresTestDatabase.withFreshDatabase { location in try await TestServer.with(database: location.url, body) }
        }
    }

    @Test("40 players quick-playing at once fill ceil(40 / 8) = 5 rooms, each full", arguments: Backend.allCases)
    func noPileUp(_ backend: Backend) async throws {
        try await Self.withServer(on: backend) { server in
            try await server.withConnections(40) { players in
                for (index, player) in players.enumerated() { try await player.hello(name: "Q\(index)") }
                let codes = try await withThrowingTaskGroup(of: String.self) { group in
                    for player in players { group.addTask { try await player.quickPlay(wordPack: "en").code } }
                    var codes: [String] = []
                    for try await code in group { codes.append(code) }
                    return codes
                }
                let perRoom = Dictionary(grouping: codes, by: { $0 }).mapValues(\.count)
                #expect(perRoom.count == 5, "\(perRoom)")
                #expect(perRoom.values.allSatisfy { $0 == 8 }, "\(perRoom)")
                let listed = try await HTTPProbe.json(server.httpBase + "/v1/rooms?wordPack=en")
                let rooms = try #require(listed["rooms"] as? [[String: Any]])
                #expect(Set(rooms.compactMap { $0["code"] as? String }) == Set(perRoom.keys))
                #expect(rooms.allSatisfy { $0["players"] as? Int == 8 && $0["maxPlayers"] as? Int == 8 })
                let metrics = String(decoding: try await URLSession.shared.data(from: try #require(URL(string: server.httpBase + "/metrics"))).0, as: UTF8.self)
                #expect(metrics.contains(#"doodle_quick_play_seated_total{room="opened"} 5"#), "\(metrics)")
                #expect(metrics.contains(#"doodle_quick_play_seated_total{room="existing"} 35"#))
                #expect(metrics.contains("doodle_public_rooms 5"))
            }
        }
    }

    @Test("quick play takes the fullest open public room of the pack, then the oldest; refusals come with their codes")
    func choosesTheFullest() async throws {
        try await TestServer.with { server in
            try await server.withConnections(6) { players in
                for (index, player) in players.enumerated() { try await player.hello(name: "P\(index)") }
                // A public room its creator owns, with two players, and an older one with one.
                let older = try await players[0].createRoom(settings: SettingsPatch(isPublic: true))
                let fuller = try await players[1].createRoom(settings: SettingsPatch(isPublic: true))
                #expect(fuller.ownerId != nil, "a public room a player creates keeps its owner")
                _ = try await players[2].joinRoom(code: fuller.code)
                // A private room is never chosen, however full.
                let hidden = try await players[3].createRoom()
                #expect(try await players[4].quickPlay().code == fuller.code)
                // Now 3 against 1: still the fuller one.
                let next = try await players[5].quickPlay()
                #expect(next.code == fuller.code)
                #expect(next.code != hidden.code && next.code != older.code)

                await expectError(.invalidSettings) { try await players[3].quickPlay(wordPack: "xx") }
                await expectError(.alreadyInRoom) { try await players[3].quickPlay() }
            }
        }
    }

    @Test("GET /v1/rooms lists public rooms only, most players first, filtered by pack and phase, and bounds its limit")
    func listing() async throws {
        try await TestServer.with { server in
            try await server.withConnections(4) { players in
                for (index, player) in players.enumerated() { try await player.hello(name: "L\(index)") }
                let french = try await players[0].quickPlay(wordPack: "fr")
                _ = try await players[1].quickPlay(wordPack: "fr")
                let german = try await players[2].quickPlay(wordPack: "de")
                _ = try await players[3].createRoom()
                let all = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms")["rooms"] as? [[String: Any]])
                #expect(all.compactMap { $0["code"] as? String } == [french.code, german.code])
                let first = try #require(all.first)
                #expect(first["wordPack"] as? String == "fr")
                #expect(first["players"] as? Int == 2)
                #expect(first["spectators"] as? Int == 0)
                #expect(first["phase"] as? String == "lobby")
                #expect(first["round"] is NSNull)
                #expect(first["rounds"] as? Int == 3)
                #expect(first["url"] as? String == server.webSocketURL)
                let german1 = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms?wordPack=de")["rooms"] as? [[String: Any]])
                #expect(german1.compactMap { $0["code"] as? String } == [german.code])
                let drawing = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms?phase=drawing")["rooms"] as? [[String: Any]])
                #expect(drawing.isEmpty)
                let one = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms?limit=1")["rooms"] as? [[String: Any]])
                #expect(one.count == 1)
                // The answers, good and bad, as docs/openapi.json documents them.
                #expect(try await server.call("GET", "/v1/rooms?wordPack=fr&limit=5").status == 200)
                #expect(try await server.call("GET", "/v1/rooms?limit=0").errorCode == "bad_message")
                #expect(try await server.call("GET", "/v1/rooms?limit=101").status == 400)
                #expect(try await server.call("GET", "/v1/rooms?phase=sleeping").status == 400)

                // A room its last player left is no longer listed: nobody could play there.
                try await players[2].send(.leaveRoom)
                try await Self.eventually {
                    let rooms = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms?wordPack=de")["rooms"] as? [[String: Any]])
                    return rooms.isEmpty
                }
            }
        }
    }

    @Test("a public game whose players all closed their tabs is neither listed nor offered, and closes after the empty-room grace")
    func deadRoomsAreNotOffered() async throws {
        try await TestServer.with(rules: { rules in
            Self.quickStart(&rules)
            var timing = rules["timing"] as? [String: Any] ?? [:]
            timing["emptyRoomGraceSeconds"] = 1
            rules["timing"] = timing
        }) { server in
            let deadCode = try await server.withConnections(2) { players in
                try await players[0].hello(name: "Ada")
                try await players[1].hello(name: "Bob")
                let room = try await players[0].quickPlay()
                _ = try await players[1].quickPlay()
                _ = try await players[0].receive(timeout: .seconds(10), until: { message in
                    if case .event(.phaseChoosing, _) = message { true } else { false }
                })
                return room.code
            }
            // Both tabs closed without a word: their seats stand for the reconnect grace.
            try await Self.eventually {
                let rooms = try #require(try await HTTPProbe.json(server.httpBase + "/v1/rooms")["rooms"] as? [[String: Any]])
                return rooms.isEmpty
            }
            try await server.withConnections(1) { newcomers in
                try await newcomers[0].hello(name: "Cy")
                let seated = try await newcomers[0].quickPlay()
                #expect(seated.code != deadCode, "a newcomer is never seated with absent players")
                #expect(seated.players.map(\.name) == ["Cy"])
                // The dead room lets its absent players go and closes after the empty-room grace.
                // (Lookups are rate-limited per address: a few, spaced out.)
                var status = 0
                for _ in 0..<8 where status != 404 {
                    try await Task.sleep(for: .milliseconds(500))
                    status = try await server.call("GET", "/v1/rooms/\(deadCode)").status
                }
                #expect(status == 404)
            }
        }
    }

    /// Polls `condition` for up to 5 s.
    static func eventually(_ condition: () async throws -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<100 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the condition never held", sourceLocation: sourceLocation)
    }
}
