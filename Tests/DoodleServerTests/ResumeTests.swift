import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("Reconnect, resume and replacement, live")
struct ResumeTests {
    @Test("a player reconnecting with its token and lastSeq gets exactly what it missed")
    func replayAfterLastSeq() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { ownerConnection in
                let owner = ownerConnection[0]
                try await owner.hello(name: "Owner")
                let room = try await owner.createRoom()
                let (token, playerId, lastSeq) = try await server.withConnections(1) { guest in
                    let welcome = try await guest[0].hello(name: "Guest")
                    let joined = try await guest[0].joinRoom(code: room.code)
                    return (welcome.token, welcome.playerId, joined.seq)
                }
                // The guest is gone; the owner sees it disconnect, then changes settings twice.
                _ = try await owner.receive(until: { if case .event(.playerConnection(_, false), _) = $0 { true } else { false } })
                try await owner.send(.updateSettings(SettingsPatch(rounds: 4)))
                try await owner.send(.updateSettings(SettingsPatch(rounds: 5)))
                try await server.withConnections(1) { again in
                    let welcome = try await again[0].hello(name: "Guest2", token: token, lastSeq: lastSeq)
                    #expect(welcome.playerId == playerId)
                    #expect(welcome.token == token)
                    var seqs: [Int] = []
                    var sawReconnect = false
                    while !sawReconnect {
                        let message = try await again[0].receive()
                        seqs.append(try #require(message.seq, "replayed \(message) has no seq"))
                        if case .event(.playerConnection(let id, true), _) = message, id == playerId { sawReconnect = true }
                    }
                    // disconnect, two settings changes, reconnect: lastSeq+1 … lastSeq+4.
                    #expect(seqs == Array((lastSeq + 1)...(lastSeq + 4)))
                    let renamed = try await again[0].receive()
                    guard case .event(.playerRenamed(_, let name, _), _) = renamed else {
                        Issue.record("expected the rename from hello, got \(renamed)")
                        return
                    }
                    #expect(name == "Guest2")
                }
            }
        }
    }

    @Test("without lastSeq a resuming player gets a full roomState")
    func snapshotWithoutLastSeq() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { ownerConnection in
                let owner = try await ownerConnection[0].hello(name: "Owner")
                let room = try await ownerConnection[0].createRoom()
                #expect(room.ownerId == owner.playerId)
                try await server.withConnections(1) { again in
                    // The same player on a second connection replaces the first (4002) and is re-seated.
                    let welcome = try await again[0].hello(name: "Owner", token: owner.token)
                    #expect(welcome.playerId == owner.playerId)
                    let state = try await again[0].receiveFirst { message -> RoomSnapshot? in
                        if case .roomState(let snapshot) = message { snapshot } else { nil }
                    }
                    #expect(state.code == room.code)
                    #expect(state.players.count == 1)
                    #expect(try await ownerConnection[0].waitForClose().code == 4002)
                }
            }
        }
    }

    @Test("an unknown token is a new player, not an error")
    func unknownToken() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                let welcome = try await connections[0].hello(name: "Ada", token: "made-up-token")
                #expect(welcome.token != "made-up-token")
                #expect(welcome.playerId.hasPrefix("p_"))
            }
        }
    }

    @Test("shutdown closes every client with 4001")
    func shutdownCloses4001() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { connections in
                try await connections[0].hello(name: "Ada")
                _ = try await connections[0].createRoom()
                await server.shutDown()
                #expect(try await connections[0].waitForClose().code == 4001)
                #expect(try await connections[1].waitForClose().code == 4001)
            }
        }
    }
}
