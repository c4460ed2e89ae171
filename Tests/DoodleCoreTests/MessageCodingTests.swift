import Foundation
import Testing

@testable import DoodleCore

/// The wire format: encode → decode round trips, field shapes, and decoding errors.
@Suite struct MessageCodingTests {
    private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        let data = try JSONEncoder().encode(value)
        return try JSONDecoder().decode(T.self, from: data)
    }

    static let clientMessages: [ClientMessage] = {
        var nullPatch = SettingsPatch(rounds: 2)
        nullPatch.nullFields = ["hints"]
        return [
            .hello(protocol: 1, name: "Ada", token: nil, lastSeq: nil),
            .hello(protocol: 1, name: "Ada", token: "secret", lastSeq: 41),
            .rename(name: "Bob"),
            .createRoom(mode: .party, settings: SettingsPatch()),
            .createRoom(mode: .pair, settings: SettingsPatch(maxPlayers: 4, customWords: ["tiger"], lateJoin: false)),
            .joinRoom(code: " k7pq2m "),
            .joinRoom(code: "K7PQ2M", spectate: true),
            .quickPlay(), .quickPlay(wordPack: "de", spectate: true),
            .spectate(on: true), .spectate(on: false),
            .leaveRoom, .sync, .startGame, .unpair,
            .updateSettings(SettingsPatch(rounds: 5, drawSeconds: 60, wordPack: "en", customWordsOnly: true)),
            .updateSettings(nullPatch),
            .kick(playerId: "p_x"),
            .lockRoom(locked: true),
            .voteKick(playerId: "p_y"),
            .chooseWord(index: 2),
            .draw(.begin(7, color: "#1a2b3c", width: 8, points: [1, 2, 3, 4])),
            .draw(.begin(8, color: nil, width: 20, tool: .eraser, points: [5, 6])),
            .draw(.strokePoints(strokeId: 7, points: [9, 9])),
            .draw(.strokeEnd(strokeId: 7)),
            .draw(.fill(FillAction(x: 10, y: 20, color: "#ffcc00"))),
            .draw(.undo), .draw(.clear),
            .guess(text: "banana ✓"),
            .pairGuess(drawingId: "d_1", text: "kite"),
            .suggestWords,
            .beginDrawing(clientDrawingId: "c_8f2abcde", word: "ice cream"),
            .submitDrawing(clientDrawingId: "c-1"),
            .giveUp(drawingId: "d_2"),
            .mute(playerId: "p_b"), .mute(playerId: "p_b", muted: false),
            .react(.like), .react(.dislike), .react(.none),
            .report(playerId: "p_b", reason: .offensive),
            .report(playerId: "p_c", reason: .other, text: "kept drawing the word " + String(repeating: "é", count: 478)),
            .updateSettings(SettingsPatch(filter: true)),
        ]
    }()

    /// The one JSON shape of a drawing action: alone (a stored record over HTTP) it is exactly the
    /// drawing message a client sends.
    @Test(arguments: clientMessages.compactMap { if case .draw(let action) = $0 { action } else { nil } })
    func drawingActionAloneIsItsMessage(action: DrawingAction) throws {
        #expect(try JSONDecoder().decode(DrawingAction.self, from: JSONEncoder().encode(action)) == action)
        #expect(NSDictionary(dictionary: try JSON.object(action)) == NSDictionary(dictionary: try JSON.object(ClientMessage.draw(action))))
    }

    @Test(arguments: clientMessages)
    func clientMessageRoundTrips(message: ClientMessage) throws {
        #expect(try roundTrip(message) == message)
        let object = try JSON.object(message)
        #expect(object["type"] as? String == message.typeName)
    }

    static let snapshot = RoomSnapshot(
        seq: 41, code: "K7PQ2M", mode: .party, ownerId: "p_a", locked: false,
        settings: SettingsView(
            settings: RoomSettings(
                maxPlayers: 8, rounds: 3, drawSeconds: 80, chooseSeconds: 15, revealSeconds: 5, wordChoices: 3, hints: 2,
                wordPack: "en", customWords: ["tiger"], customWordsOnly: false, lateJoin: true),
            showsCustomWords: true),
        players: [PlayerInfo(id: "p_a", name: "Ada", score: 120, connected: true, guessed: false)],
        phase: .drawing, round: 1, rounds: 3, drawerId: "p_a", deadline: 1_732_230_080_123, hint: "__a__", word: "snake",
        choices: nil,
        strokes: [
            .stroke(StrokeBegin(strokeId: 7, tool: .pen, color: "#1a2b3c", width: 8, points: [1, 2])),
            .stroke(StrokeBegin(strokeId: 8, tool: .eraser, color: nil, width: 8, points: [3, 4])),
            .fill(FillAction(x: 10, y: 20, color: "#ffcc00")),
        ])

    static let serverMessages: [ServerMessage] = [
        .welcome(Welcome(playerId: "p_a", name: "Ada", token: "tok", serverTime: 1_732_230_000_123)),
        .roomState(snapshot),
        .roomState(
            RoomSnapshot(
                seq: 0, code: "K7PQ2M", mode: .pair, ownerId: "p_a", locked: true, settings: snapshot.settings, players: [],
                phase: .lobby, round: nil, rounds: 3, drawerId: nil, deadline: nil, hint: nil, word: nil, choices: ["a", "b"],
                strokes: [])),
        .roomState(
            RoomSnapshot(
                seq: 3, code: "K7PQ2M", mode: .party, ownerId: nil, locked: false, settings: snapshot.settings, players: [],
                phase: .lobby, round: nil, rounds: 3, drawerId: nil, deadline: nil, hint: nil, word: nil, choices: nil,
                strokes: [], spectators: [SpectatorInfo(id: "p_z", name: "Zed"), SpectatorInfo(id: "p_y", name: "Yan")])),
        .chooseWord(choices: ["apple", "pear"]),
        .guessResult(.correct(word: "apple", gained: 387)),
        .guessResult(.close),
        .guessResult(GuessResult(correct: false, close: false, word: nil, gained: nil)),
        .drawingReceived(DrawingDelivery(drawingId: "d_1", fromId: "p_b", hint: "_____")),
        .error(ProtocolError(.rateLimited, "slow down", ref: "guess")),
        .error(ProtocolError(.badMessage, "no type")),
        .event(.playerJoined(PlayerInfo(id: "p_b", name: "Bob", score: 0, connected: true, guessed: false)), seq: 1),
        .event(.playerLeft(playerId: "p_b", reason: .timedOut), seq: 2),
        .event(.playerConnection(playerId: "p_b", connected: false), seq: 3),
        .event(.playerRenamed(playerId: "p_b", name: "Bobby"), seq: 4),
        .event(.ownerChanged(ownerId: "p_b"), seq: 5),
        .event(.settingsChanged(snapshot.settings, locked: true), seq: 6),
        .event(.kickVote(targetId: "p_c", votes: 2, needed: 3), seq: 7),
        .event(.chat(playerId: "p_a", text: "hi", guessedOnly: false), seq: 8),
        .event(.chat(playerId: "p_a", text: "psst", guessedOnly: true), seq: nil),
        .event(.phaseChoosing(round: 2, drawerId: "p_a", deadline: 99), seq: 9),
        .event(.phaseDrawing(deadline: 99, hint: "___", word: "cat"), seq: 10),
        .event(.phaseDrawing(deadline: 99, hint: "___", word: nil), seq: 10),
        .event(.phaseLobby(startsAt: nil), seq: 11),
        .event(.phaseLobby(startsAt: 1_732_230_010_000), seq: 12),
        .event(.hint("_a_"), seq: 12),
        .event(.playerGuessed(playerId: "p_b", gained: 387), seq: 13),
        .event(.drawing(.begin(7, color: "#1a2b3c", width: 8, points: [1, 2]), playerId: "p_a"), seq: 14),
        .event(.drawing(.begin(8, color: nil, tool: .eraser, points: [1, 2]), playerId: "p_a"), seq: 15),
        .event(.drawing(.strokePoints(strokeId: 7, points: [3, 4]), playerId: "p_a"), seq: 16),
        .event(.drawing(.strokeEnd(strokeId: 7), playerId: "p_a"), seq: 17),
        .event(.drawing(.fill(FillAction(x: 1, y: 2, color: "#000000")), playerId: "p_a"), seq: 18),
        .event(.drawing(.undo, playerId: "p_a"), seq: 19),
        .event(.drawing(.clear, playerId: "p_a"), seq: 20),
        .event(
            .turnEnded(
                TurnSummary(
                    word: "cat", reason: .allGuessed, scores: [ScoreLine(playerId: "p_a", gained: 250, total: 900)], drawingId: "d_1")),
            seq: 21),
        .event(.turnEnded(TurnSummary(word: nil, reason: .skipped, scores: [], drawingId: nil)), seq: 22),
        .event(
            .gameEnded(
                GameSummary(gameId: "g_1", reason: .completed, ranking: [RankLine(playerId: "p_a", name: "Ada", score: 900, rank: 1)])),
            seq: 23),
        .event(.spectatorJoined(SpectatorInfo(id: "p_z", name: "Zed")), seq: 24),
        .event(.spectatorLeft(playerId: "p_z"), seq: 25),
        .event(.playerSpectating(playerId: "p_b", spectating: true), seq: 26),
        .event(.playerSpectating(playerId: "p_b", spectating: false), seq: 27),
        .event(.mutedChat(playerId: "p_a"), seq: 28),
        .event(.reaction(playerId: "p_b", reaction: .dislike, totals: ReactionCounts(like: 1, dislike: 1)), seq: 29),
        .event(.reaction(playerId: "p_b", reaction: .none, totals: ReactionCounts(like: 1, dislike: 0)), seq: 30),
        .muted(playerId: "p_b", muted: true),
        .roomState(
            RoomSnapshot(
                seq: 31, code: "K7PQ2M", mode: .party, ownerId: nil, locked: false,
                settings: SettingsView(settings: RoomSettings(
                    maxPlayers: 8, rounds: 3, drawSeconds: 80, chooseSeconds: 15, revealSeconds: 5, wordChoices: 3, hints: 2,
                    wordPack: "de", customWords: [], customWordsOnly: false, lateJoin: true, isPublic: true, filter: true),
                    showsCustomWords: false),
                players: [], phase: .turnEnd, round: 1, rounds: 3, drawerId: "p_a", deadline: 5, hint: "___", word: "cat",
                choices: nil, strokes: [], reactions: ReactionCounts(like: 3, dislike: 1))),
    ]

    @Test(arguments: serverMessages)
    func serverMessageRoundTrips(message: ServerMessage) throws {
        #expect(try roundTrip(message) == message)
        let object = try JSON.object(message)
        #expect(object["type"] as? String == message.typeName)
        #expect(object["seq"] as? Int == message.seq)
    }

    @Test func clientMessagesDecodeFromTheContractsExamples() throws {
        #expect(
            try JSON.decode(ClientMessage.self, #"{"type":"hello","protocol":1,"name":"Ada","token":"t","lastSeq":5}"#)
                == .hello(protocol: 1, name: "Ada", token: "t", lastSeq: 5))
        #expect(
            try JSON.decode(ClientMessage.self, ##"{"type":"strokeBegin","strokeId":7,"tool":"pen","color":"#1a2b3c","width":8,"points":[1,2]}"##)
                == .draw(.begin(7, color: "#1a2b3c", width: 8, points: [1, 2])))
        #expect(
            try JSON.decode(ClientMessage.self, #"{"type":"strokeBegin","strokeId":7,"tool":"eraser","width":8,"points":[1,2]}"#)
                == .draw(.begin(7, color: nil, width: 8, tool: .eraser, points: [1, 2])))
        #expect(try JSON.decode(ClientMessage.self, #"{"type":"createRoom"}"#) == .createRoom(mode: .party, settings: SettingsPatch()))
        #expect(try JSON.decode(ClientMessage.self, #"{"type":"undo","extra":{"x":1}}"#) == .draw(.undo), "unknown fields are ignored")
        #expect(try JSON.decode(ClientMessage.self, #"{"type":"chooseWord","index":0}"#) == .chooseWord(index: 0))
        #expect(try JSON.decode(ClientMessage.self, #"{"type":"joinRoom","code":"K7PQ2M"}"#) == .joinRoom(code: "K7PQ2M", spectate: false))
        #expect(
            try JSON.decode(ClientMessage.self, #"{"type":"joinRoom","code":"K7PQ2M","spectate":true}"#) == .joinRoom(code: "K7PQ2M", spectate: true))
        #expect(try JSON.decode(ClientMessage.self, #"{"type":"quickPlay","spectate":true}"#) == .quickPlay(wordPack: nil, spectate: true))
        #expect(try JSON.decode(ClientMessage.self, #"{"type":"spectate","on":false}"#) == .spectate(on: false))
    }

    @Test func spectatorShapesFollowTheContract() throws {
        let joined = try JSON.object(ServerMessage.event(.spectatorJoined(SpectatorInfo(id: "p_z", name: "Zed")), seq: 4))
        #expect(NSDictionary(dictionary: joined) == ["type": "spectatorJoined", "seq": 4, "spectator": ["id": "p_z", "name": "Zed"]])
        let left = try JSON.object(ServerMessage.event(.spectatorLeft(playerId: "p_z"), seq: 5))
        #expect(NSDictionary(dictionary: left) == ["type": "spectatorLeft", "seq": 5, "playerId": "p_z"])
        let switched = try JSON.object(ServerMessage.event(.playerSpectating(playerId: "p_b", spectating: true), seq: 6))
        #expect(NSDictionary(dictionary: switched) == ["type": "playerSpectating", "seq": 6, "playerId": "p_b", "spectating": true])
        // Always present in a party room's roomState, empty when nobody watches.
        let state = try JSON.object(ServerMessage.roomState(Self.snapshot))
        #expect((state["spectators"] as? [Any])?.isEmpty == true)
        // A plain join or quick play says nothing of spectating.
        #expect(try JSON.object(ClientMessage.joinRoom(code: "K7PQ2M"))["spectate"] == nil)
        #expect(try JSON.object(ClientMessage.quickPlay(spectate: true))["spectate"] as? Bool == true)
    }

    @Test func moderationShapesFollowTheContract() throws {
        #expect(
            try JSON.decode(ClientMessage.self, #"{"type":"mute","playerId":"p_x","muted":true}"#) == .party(.mute(playerId: "p_x", muted: true)))
        #expect(try JSON.decode(ClientMessage.self, #"{"type":"react","reaction":"none"}"#) == .party(.react(.none)))
        #expect(
            try JSON.decode(ClientMessage.self, #"{"type":"report","playerId":"p_x","reason":"spam"}"#)
                == .session(.report(playerId: "p_x", reason: .spam, text: nil)))
        #expect(
            try JSON.decode(ClientMessage.self, #"{"type":"report","playerId":"p_x","reason":"cheating","text":"bot"}"#)
                == .session(.report(playerId: "p_x", reason: .cheating, text: "bot")))
        let longest = String(repeating: "🙂", count: 500)
        #expect(
            try JSON.decode(ClientMessage.self, #"{"type":"report","playerId":"p_x","reason":"other","text":"\#(longest)"}"#)
                == .report(playerId: "p_x", reason: .other, text: longest), "500 characters, however many bytes")
        let muted = try JSON.object(ServerMessage.event(.mutedChat(playerId: "p_x"), seq: 9))
        #expect(NSDictionary(dictionary: muted) == ["type": "chat", "seq": 9, "playerId": "p_x", "text": "", "muted": true])
        let chat = try JSON.object(ServerMessage.event(.chat(playerId: "p_x", text: "hi", guessedOnly: false), seq: 9))
        #expect(chat["muted"] == nil, "omitted when false")
        #expect(
            try JSON.decode(ServerMessage.self, #"{"type":"chat","seq":3,"playerId":"p_x","text":"hi","muted":false}"#)
                == .event(.chat(playerId: "p_x", text: "hi", guessedOnly: false), seq: 3))
        let reaction = try JSON.object(ServerMessage.event(.reaction(playerId: "p_x", reaction: .like, totals: ReactionCounts(like: 2, dislike: 0)), seq: 10))
        #expect(
            NSDictionary(dictionary: reaction)
                == ["type": "reaction", "seq": 10, "playerId": "p_x", "reaction": "like", "reactions": ["like": 2, "dislike": 0]])
        let state = try JSON.object(ServerMessage.roomState(Self.snapshot))
        #expect(state["reactions"] == nil, "absent unless counted")
        #expect((state["settings"] as? [String: Any])?["filter"] as? Bool == false)
    }

    @Test(arguments: [
        #"{"type":"fly"}"#,  // unknown type
        #"{"type":"phase","phase":"lobby"}"#,  // a server message type
        #"{"name":"Ada"}"#,  // no type
        #"{"type":7}"#,
        #"{"type":"strokeEnd","strokeId":"7"}"#,  // wrong field type
        #"{"type":"chooseWord","index":1.5}"#,  // non-integral number
        ##"{"type":"strokeBegin","strokeId":7,"tool":"pen","color":"#000000","width":8.5,"points":[1,2]}"##,
        #"{"type":"strokePoints","strokeId":7,"points":[1,2.25]}"#,
        #"{"type":"fill","x":1,"y":2}"#,  // missing field
        ##"{"type":"strokeBegin","strokeId":7,"tool":"brush","color":"#000000","width":8,"points":[1,2]}"##,  // unknown enum
        #"{"type":"guess"}"#,
        #"{"type":"guess","text":null}"#,
        #"{"type":"lockRoom","locked":"yes"}"#,
        #"{"type":"spectate"}"#,
        #"{"type":"spectate","on":"yes"}"#,
        #"{"type":"joinRoom","code":"K7PQ2M","spectate":1}"#,
        #"{"type":"hello","protocol":"1","name":"Ada"}"#,
        #"{"type":"updateSettings","settings":{"rounds":"5"}}"#,
        #"{"type":"updateSettings","settings":{"rounds":2.5}}"#,
        #"{"type":"createRoom","mode":"solo"}"#,
        #"{"type":"mute","playerId":"p_x"}"#,
        #"{"type":"mute","muted":true}"#,
        #"{"type":"react","reaction":"love"}"#,
        #"{"type":"react"}"#,
        #"{"type":"report","playerId":"p_x","reason":"rude"}"#,
        #"{"type":"report","playerId":"p_x"}"#,
        #"{"type":"report","reason":"spam"}"#,
        #"{"type":"report","playerId":"p_x","reason":"spam","text":7}"#,
        "{\"type\":\"report\",\"playerId\":\"p_x\",\"reason\":\"spam\",\"text\":\"\(String(repeating: "x", count: 501))\"}",
        #"{"type":"updateSettings","settings":{"filter":"yes"}}"#,
        #"[1,2]"#,
    ])
    func badClientMessagesFailToDecode(json: String) {
        #expect(throws: DecodingError.self) { try JSON.decode(ClientMessage.self, json) }
    }

    @Test func fieldShapesFollowTheContract() throws {
        // turnEnded: word and drawingId are explicit nulls when absent.
        let skipped = try JSON.object(ServerMessage.event(.turnEnded(TurnSummary(word: nil, reason: .skipped, scores: [], drawingId: nil)), seq: 3))
        #expect(skipped["word"] is NSNull)
        #expect(skipped["drawingId"] is NSNull)
        #expect(skipped["reason"] as? String == "skipped")
        // Lobby roomState: round, drawerId, deadline, hint null; word and choices absent.
        let lobby = try JSON.object(
            ServerMessage.roomState(
                RoomSnapshot(
                    seq: 0, code: "K7PQ2M", mode: .party, ownerId: "p_a", locked: false, settings: Self.snapshot.settings, players: [],
                    phase: .lobby, round: nil, rounds: 3, drawerId: nil, deadline: nil, hint: nil, word: nil, choices: nil, strokes: [])))
        for key in ["round", "drawerId", "deadline", "hint"] { #expect(lobby[key] is NSNull, "\(key)") }
        #expect(lobby["word"] == nil)
        #expect(lobby["choices"] == nil)
        #expect(lobby["seq"] as? Int == 0)
        // Scoped chat: "scope":"guessed" and no seq; room chat: seq and no scope.
        let scoped = try JSON.object(ServerMessage.event(.chat(playerId: "p_a", text: "x", guessedOnly: true), seq: nil))
        #expect(scoped["scope"] as? String == "guessed")
        #expect(scoped["seq"] == nil)
        let room = try JSON.object(ServerMessage.event(.chat(playerId: "p_a", text: "x", guessedOnly: false), seq: 4))
        #expect(room["scope"] == nil)
        #expect(room["seq"] as? Int == 4)
        // phase events carry their phase name.
        let choosing = try JSON.object(ServerMessage.event(.phaseChoosing(round: 1, drawerId: "p_a", deadline: 5), seq: 1))
        #expect(choosing["type"] as? String == "phase")
        #expect(choosing["phase"] as? String == "choosing")
        // guessResult: a close one has no word or gained.
        let close = try JSON.object(ServerMessage.guessResult(.close))
        #expect(close["correct"] as? Bool == false)
        #expect(close["close"] as? Bool == true)
        #expect(close["word"] == nil && close["gained"] == nil)
        // welcome carries the protocol version.
        let welcome = try JSON.object(ServerMessage.welcome(Welcome(playerId: "p_a", name: "Ada", token: "t", serverTime: 1)))
        #expect(welcome["protocol"] as? Int == 1)
        // Errors: code, message, ref.
        let error = try JSON.object(ServerMessage.error(ProtocolError(.wordLeak, "no", ref: "guess")))
        #expect(error["code"] as? String == "word_leak")
        #expect(error["ref"] as? String == "guess")
    }

    @Test func settingsViewForOthersDecodesTheCountWithoutTheWords() throws {
        let view = SettingsView(settings: Self.snapshot.settings.settings, showsCustomWords: false)
        let decoded = try roundTrip(view)
        #expect(decoded.showsCustomWords == false)
        #expect(decoded.settings.customWords.count == 1)
        #expect(decoded.settings.customWords != ["tiger"])
    }

    @Test func settingsPatchRemembersExplicitNulls() throws {
        let patch = try JSON.decode(SettingsPatch.self, #"{"maxPlayers":null,"rounds":4,"lateJoin":null}"#)
        #expect(patch.nullFields == ["maxPlayers", "lateJoin"])
        #expect(patch.rounds == 4)
        #expect(patch.maxPlayers == nil)
        #expect(try JSON.decode(SettingsPatch.self, #"{}"#).isEmpty)
        #expect(!patch.isEmpty)
    }

    @Test func everyErrorCodeHasItsContractSpelling() {
        let spelled = ErrorCode.allCases.map(\.rawValue)
        #expect(
            spelled == [
                "bad_message", "not_ready", "unsupported_protocol", "invalid_name", "invalid_code", "room_not_found", "room_full",
                "room_locked", "banned", "already_in_room", "not_in_room", "not_owner", "not_drawer", "invalid_phase",
                "invalid_settings", "invalid_target", "not_enough_players", "invalid_stroke", "word_leak", "already_paired", "not_paired",
                "rate_limited", "internal",
            ])
    }
}

extension ClientMessage: CustomTestStringConvertible {
    public var testDescription: String { (try? JSON.text(self)) ?? typeName }
}

extension ServerMessage: CustomTestStringConvertible {
    public var testDescription: String { (try? JSON.text(self)) ?? typeName }
}
