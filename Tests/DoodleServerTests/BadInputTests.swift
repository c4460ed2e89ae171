import DoodleClient
import DoodleCore
import DoodleTestSupport
import Testing

@Suite("Bad input gets a clear error and loses nothing, live")
struct BadInputTests {
    /// Sends raw text and expects exactly one `error` with `code` (and `ref` if given).
    private func expectRawError(
        _ connection: DoodleConnection, _ text: String, _ code: ErrorCode, ref: String?? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await connection.sendRaw(text)
        let reply = try await connection.receive()
        guard case .error(let error) = reply else {
            Issue.record("expected \(code.rawValue) for \(text), got \(reply)", sourceLocation: sourceLocation)
            return
        }
        #expect(error.code == code, "for \(text)", sourceLocation: sourceLocation)
        if let ref { #expect(error.ref == ref, "ref for \(text)", sourceLocation: sourceLocation) }
        #expect(!error.message.isEmpty, sourceLocation: sourceLocation)
    }

    @Test("before hello: not_ready; a second hello: bad_message; bad names: invalid_name")
    func sessionErrors() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                let c = connections[0]
                try await expectRawError(c, #"{"type":"createRoom"}"#, .notReady, ref: "createRoom")
                try await expectRawError(c, #"{"type":"hello","protocol":1,"name":"   "}"#, .invalidName, ref: "hello")
                try await expectRawError(c, #"{"type":"hello","protocol":1,"name":"abcdefghijklmnopqrstuvwxy"}"#, .invalidName)
                try await expectRawError(c, #"{"type":"hello","protocol":1,"name":"Ada\u0007"}"#, .invalidName)
                try await expectRawError(c, #"{"type":"hello","protocol":1,"name":"Zero\u200bWidth"}"#, .invalidName)
                // A blocked word, on word boundaries after the guess normalisation; a town that
                // holds one inside a longer word is a fine name.
                try await expectRawError(c, #"{"type":"hello","protocol":1,"name":"Big FUCK"}"#, .invalidName, ref: "hello")
                let welcome = try await c.hello(name: "  Ada Lovelace  ")
                #expect(welcome.name == "Ada Lovelace")
                try await expectRawError(c, #"{"type":"hello","protocol":1,"name":"Ada"}"#, .badMessage, ref: "hello")
                try await expectRawError(c, #"{"type":"rename","name":"fück you"}"#, .invalidName, ref: "rename")
                try await c.send(.rename(name: "Scunthorpe"))
                #expect(try await c.receive() == .event(.playerRenamed(playerId: welcome.playerId, name: "Scunthorpe", avatar: Avatar(derivedFrom: welcome.playerId)), seq: nil))
            }
            let metrics = try await HTTPProbe.metrics(at: server.httpBase)
            #expect(metrics.contains(#"doodle_names_refused_total{reason="blocked_word"} 2"#), "\(metrics)")
            #expect(metrics.contains(#"doodle_names_refused_total{reason="malformed"} 4"#), "\(metrics)")
        }
    }

    @Test("malformed messages: bad_message with the offending type as ref; the session goes on")
    func malformedMessages() async throws {
        try await TestServer.with { server in
            try await server.withConnections(1) { connections in
                let c = connections[0]
                try await c.hello(name: "Ada")
                try await expectRawError(c, "not json", .badMessage, ref: .some(nil))
                try await expectRawError(c, "[1,2,3]", .badMessage)
                try await expectRawError(c, #"{"no":"type"}"#, .badMessage)
                try await expectRawError(c, #"{"type":"fly"}"#, .badMessage, ref: "fly")
                try await expectRawError(c, #"{"type":"joinRoom","code":7}"#, .badMessage, ref: "joinRoom")
                try await expectRawError(c, #"{"type":"createRoom","settings":{"rounds":2.5}}"#, .badMessage, ref: "createRoom")
                try await expectRawError(c, #"{"type":"lockRoom","locked":"yes"}"#, .badMessage, ref: "lockRoom")
                try await c.sendBinary([0x7b, 0x7d])
                guard case .error(let binaryError) = try await c.receive() else {
                    Issue.record("binary frame must get an error")
                    return
                }
                #expect(binaryError.code == .badMessage)
                // Unknown fields are ignored.
                let room = try await c.createRoom(settings: SettingsPatch(rounds: 2))
                #expect(room.settings.settings.rounds == 2)
                try await c.sendRaw(#"{"type":"sync","whatever":[1,{"x":null}]}"#)
                guard case .roomState(let synced) = try await c.receive() else {
                    Issue.record("a message with unknown fields must still be handled")
                    return
                }
                #expect(synced.code == room.code)
            }
        }
    }

    @Test("invalid settings and out-of-phase messages change nothing")
    func settingsAndPhase() async throws {
        try await TestServer.with { server in
            try await server.withRoom(players: 2) { players, ids, room in
                let owner = players[0]
                try await expectRawError(owner, #"{"type":"updateSettings","settings":{"rounds":11}}"#, .invalidSettings, ref: "updateSettings")
                try await expectRawError(owner, #"{"type":"updateSettings","settings":{"drawSeconds":null}}"#, .invalidSettings)
                try await expectRawError(owner, #"{"type":"updateSettings","settings":{"maxPlayers":1}}"#, .invalidSettings)
                try await expectRawError(owner, #"{"type":"updateSettings","settings":{"customWordsOnly":true,"customWords":["a1"]}}"#, .invalidSettings)
                try await expectRawError(players[1], #"{"type":"updateSettings","settings":{"rounds":2}}"#, .notOwner)
                try await expectRawError(players[1], #"{"type":"startGame"}"#, .notOwner)
                try await expectRawError(owner, #"{"type":"chooseWord","index":0}"#, .notDrawer)
                try await expectRawError(owner, #"{"type":"strokeEnd","strokeId":1}"#, .notDrawer)
                try await expectRawError(owner, #"{"type":"kick","playerId":"p_nobody"}"#, .invalidTarget)
                try await expectRawError(owner, #"{"type":"voteKick","playerId":"\#(ids[0])"}"#, .invalidTarget)
                let after = try await owner.sync()
                #expect(after.settings == room.settings)
                #expect(after.phase == .lobby)
            }
        }
    }

    @Test("unsupported protocol closes with 1002; an oversized frame closes with 1009")
    func closingErrors() async throws {
        try await TestServer.with { server in
            try await server.withConnections(2) { connections in
                try await connections[0].sendRaw(#"{"type":"hello","protocol":2,"name":"Ada"}"#)
                guard case .error(let error) = try await connections[0].receive() else {
                    Issue.record("expected an error before the close")
                    return
                }
                #expect(error.code == .unsupportedProtocol)
                #expect(try await connections[0].waitForClose().code == 1002)

                try await connections[1].hello(name: "Bob")
                let huge = #"{"type":"guess","text":""# + String(repeating: "x", count: 17_000) + #""}"#
                try await connections[1].sendRaw(huge)
                #expect(try await connections[1].waitForClose().code == 1009)
            }
        }
    }

    @Test("guessing too fast is rate limited; flooding closes with 1008; other rooms are unharmed")
    func rateLimits() async throws {
        try await TestServer.with { server in
            try await server.withRoom(players: 2) { players, _, _ in
                try await server.withConnections(1) { bystander in
                    try await bystander[0].hello(name: "Bystander")
                    let otherRoom = try await bystander[0].createRoom()
                    let spammer = players[1]
                    for index in 0..<5 { try await spammer.send(.guess(text: "hello \(index)")) }
                    try await spammer.send(.guess(text: "one too many"))
                    let limited = try await spammer.receiveFirst { message -> ProtocolError? in
                        if case .error(let error) = message { error } else { nil }
                    }
                    #expect(limited.code == .rateLimited)
                    #expect(limited.ref == "guess")
                    for index in 0..<60 { try? await spammer.send(.guess(text: "flood \(index)")) }
                    #expect(try await spammer.waitForClose().code == 1008)
                    // The other room still works.
                    let state = try await bystander[0].sync()
                    #expect(state.code == otherRoom.code)
                }
            }
        }
    }
}
