import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("Rooms and invite codes, live")
struct JoinTests {
    @Test("a room is joined by its code in any case and with spaces around it")
    func joinByCodeAnyCase() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { players in
                let owner = try await players[0].hello(name: "Ada")
                let guest = try await players[1].hello(name: "Bob")
                let room = try await players[0].createRoom()
                #expect(room.seq == 0)
                #expect(room.code.count == 6)
                #expect(room.code.allSatisfy { "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".contains($0) })
                let joined = try await players[1].joinRoom(code: "  \(room.code.lowercased()) ")
                #expect(joined.code == room.code)
                #expect(joined.seq == 1)
                #expect(joined.players.map(\.id) == [owner.playerId, guest.playerId])
                let event = try await players[0].receive()
                guard case .event(.playerJoined(let info), let seq) = event else {
                    Issue.record("expected playerJoined, got \(event)")
                    return
                }
                #expect(seq == 1)
                #expect(info.name == "Bob")
            }
        }
    }

    @Test("join errors come in the contract's order")
    func joinErrors() async throws {
        try await TestServer.with { server in
            try await server.withConnections(4) { players in
                for (index, player) in players.enumerated() { try await player.hello(name: "P\(index)") }
                let room = try await players[0].createRoom(settings: SettingsPatch(maxPlayers: 2))
                await expectError(.invalidCode) { try await players[1].joinRoom(code: "ABC") }
                await expectError(.invalidCode) { try await players[1].joinRoom(code: "OOOOOO") }
                await expectError(.roomNotFound) { try await players[1].joinRoom(code: room.code == "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ") }
                await expectError(.alreadyInRoom) { try await players[0].joinRoom(code: room.code) }

                _ = try await players[1].joinRoom(code: room.code)
                await expectError(.roomFull) { try await players[2].joinRoom(code: room.code) }

                // Kicked: banned for the room's life, even once there is space again.
                let bob = try #require(try await players[0].sync().players.last?.id)
                try await players[0].send(.kick(playerId: bob))
                let closure = try await players[1].waitForClose()
                #expect(closure.code == 4000)
                try await players[0].send(.lockRoom(locked: true))
                _ = try await players[0].receive(until: { message in
                    if case .event(.settingsChanged(_, let locked), _) = message { locked } else { false }
                })
                await expectError(.roomLocked) { try await players[2].joinRoom(code: room.code) }
                try await players[0].send(.lockRoom(locked: false))
                _ = try await players[0].receive(until: { message in
                    if case .event(.settingsChanged(_, let locked), _) = message { !locked } else { false }
                })
                _ = try await players[2].joinRoom(code: room.code)
                try await players[2].send(.leaveRoom)
                _ = try await players[2].receive(until: { if case .event(.playerLeft, _) = $0 { true } else { false } })
                _ = try await players[0].receive(until: { if case .event(.playerLeft, _) = $0 { true } else { false } })
                // A different connection of the banned player's would need its token; a fresh
                // player may join, which shows the ban is per player.
                _ = try await players[3].joinRoom(code: room.code)
            }
        }
    }

    @Test("a kicked player cannot come back to that room")
    func bannedAfterKick() async throws {
        try await TestServer.with { server in
            let (code, token) = try await server.withConnections(2) { players in
                try await players[0].hello(name: "Owner")
                let victim = try await players[1].hello(name: "Victim")
                let room = try await players[0].createRoom()
                _ = try await players[1].joinRoom(code: room.code)
                try await players[0].send(.kick(playerId: victim.playerId))
                let left = try await players[1].receive()
                guard case .event(.playerLeft(let id, let reason), _) = left else {
                    Issue.record("expected playerLeft, got \(left)")
                    return (room.code, victim.token)
                }
                #expect(id == victim.playerId)
                #expect(reason == .kicked)
                #expect(try await players[1].waitForClose().code == 4000)
                return (room.code, victim.token)
            }
            try await server.withConnections(1) { players in
                try await players[0].hello(name: "Victim", token: token)
                await expectError(.banned) { try await players[0].joinRoom(code: code) }
            }
        }
    }

    @Test("20 joiners racing for 3 free seats: exactly 3 get in")
    func racingJoiners() async throws {
        try await TestServer.with { server in
            let code = try await server.withConnections(1) { owner in
                try await owner[0].hello(name: "Owner")
                let room = try await owner[0].createRoom(settings: SettingsPatch(maxPlayers: 4))
                let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for index in 0..<20 {
                        group.addTask {
                            try await server.withConnections(1) { players in
                                // 21 clients beside the whole suite on 2 cores: an answer may take
                                // seconds, and a timeout is no answer to the race.
                                try await players[0].hello(name: "Racer\(index)", timeout: .seconds(20))
                                do {
                                    _ = try await players[0].joinRoom(code: room.code, timeout: .seconds(20))
                                    return true
                                } catch let error as ProtocolError {
                                    #expect(error.code == .roomFull)
                                    return false
                                }
                            }
                        }
                    }
                    return try await group.reduce(into: [Bool]()) { $0.append($1) }
                }
                #expect(outcomes.filter { $0 }.count == 3)
                #expect(outcomes.filter { !$0 }.count == 17)
                return room.code
            }
            #expect(code.count == 6)
        }
    }
}

/// Expects `body` to throw the protocol error `code`.
func expectError<T>(_ code: ErrorCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T) async {
    do {
        let value = try await body()
        Issue.record("expected error \(code.rawValue), got \(value)", sourceLocation: sourceLocation)
    } catch let error as ProtocolError {
        #expect(error.code == code, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected error \(code.rawValue), got \(error)", sourceLocation: sourceLocation)
    }
}
