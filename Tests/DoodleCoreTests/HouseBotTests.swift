import Testing

@testable import DoodleCore

/// House bots (PROTOCOL.md rev 5): called in by a player waiting alone in a public lobby, they
/// fill the room to `houseBotsFillTo`, give their seats to people at turn starts, and never play
/// on without a person.
@Suite struct HouseBotTests {
    static let wait: Int64 = 20_000

    /// A quick-play room with one player who has waited `waited` ms, house bots allowed.
    private func lonePublicRoom(waited: Int64 = HouseBotTests.wait) throws -> Harness {
        var h = try Fixtures.makeMachine(players: 1, settings: SettingsPatch(isPublic: true), startsOnItsOwn: true)
        h.machine.houseBotsAllowed = true
        h.advance(by: waited)
        return h
    }

    private func bots(_ effects: [RoomEffect]) -> [PlayerID] {
        effects.compactMap { if case .houseBotSeated(let bot, _) = $0 { bot } else { nil } }
    }

    @Test func aLonePlayerWhoWaitedGetsBotsUpToThreeSeatsAndTheCountdownStarts() throws {
        var h = try lonePublicRoom()
        let ada = h.members[0]
        let effects = h.send(.playWithBots, from: ada)
        let seated = bots(effects)
        #expect(seated.count == 2)
        #expect(h.machine.houseBotIDs == seated)
        // Each bot's seat comes after its announcement, and everyone sees it joined as a bot.
        let joined = effects.broadcastEvents.compactMap { if case .playerJoined(let player) = $0 { player } else { nil } }
        #expect(joined.map(\.id) == seated)
        #expect(joined.allSatisfy { $0.bot })
        #expect(Set(joined.map(\.name)).count == 2)
        let countdown = effects.broadcastEvents.contains { if case .phaseLobby(let startsAt?) = $0 { startsAt > h.now } else { false } }
        #expect(countdown)
        #expect(h.machine.snapshot(for: ada).players.map(\.bot) == [false, true, true])
        // The bots make a game: it starts on its own.
        h.advance(by: 10_000)
        #expect(h.machine.phase == .choosing)
        // They are players in the list, beside a person.
        #expect(h.machine.publicStatus.players == 3)
    }

    @Test func playWithBotsIsRefusedBeforeTheWaitAndEverywhereElse() throws {
        var early = try lonePublicRoom(waited: Self.wait - 1)
        #expect(early.send(.playWithBots, from: early.members[0]).errors(to: early.members[0]) == [.invalidPhase])

        var off = try lonePublicRoom()
        off.machine.houseBotsAllowed = false
        #expect(off.send(.playWithBots, from: off.members[0]).errors(to: off.members[0]) == [.invalidPhase])

        var privateRoom = try Fixtures.makeMachine(players: 1)
        privateRoom.machine.houseBotsAllowed = true
        privateRoom.advance(by: Self.wait)
        #expect(privateRoom.send(.playWithBots, from: privateRoom.members[0]).errors(to: privateRoom.members[0]) == [.invalidPhase])

        var two = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(isPublic: true), startsOnItsOwn: true)
        two.machine.houseBotsAllowed = true
        two.advance(by: Self.wait)
        #expect(two.send(.playWithBots, from: two.members[0]).errors(to: two.members[0]) == [.invalidPhase], "not alone")

        var called = try lonePublicRoom()
        called.send(.playWithBots, from: called.members[0])
        #expect(called.send(.playWithBots, from: called.members[0]).errors(to: called.members[0]) == [.invalidPhase], "bots came already")
    }

    @Test func peopleWhoJoinTakeBotSeatsAtTheNextTurnStart() throws {
        var h = try lonePublicRoom()
        let ada = h.members[0]
        let seated = bots(h.send(.playWithBots, from: ada))
        h.advance(by: 10_000)
        #expect(h.machine.phase == .choosing)
        let bob = Fixtures.id("Bob")
        _ = try h.join(bob, name: "Bob").get()
        #expect(h.machine.houseBotIDs.count == 2, "the bot keeps its seat until the turn ends")
        // The turn runs out; the next one starts with one bot fewer.
        var effects: [RoomEffect] = []
        while !effects.broadcastEvents.contains(where: { if case .phaseChoosing = $0 { true } else { false } }) {
            effects = h.advance(by: 1_000)
        }
        #expect(effects.broadcastEvents.contains(.playerLeft(playerId: seated[1], reason: .replaced)))
        #expect(h.machine.houseBotIDs == [seated[0]])
        #expect(h.machine.playerCount == 3)
    }

    @Test func botsLeaveWhenTheLastPersonDoesAndAnAbandonedRoomOfBotsCloses() throws {
        var h = try lonePublicRoom()
        let ada = h.members[0]
        h.send(.playWithBots, from: ada)
        h.advance(by: 10_000)
        let left = h.leave(ada)
        #expect(h.machine.playerCount == 0, "no bot plays on alone")
        #expect(left.broadcastEvents.filter { if case .playerLeft = $0 { true } else { false } }.count == 3)

        // A person who only dropped: the room is unattended, its bots do not count.
        var dropped = try lonePublicRoom()
        dropped.send(.playWithBots, from: dropped.members[0])
        dropped.advance(by: 10_000)
        dropped.disconnect(dropped.members[0])
        #expect(dropped.machine.publicStatus.players == 0)
        #expect(dropped.machine.unattendedSince == dropped.now)
        var closed = false
        for _ in 0..<31 where !closed { closed = dropped.advance(by: 1_000).contains(.roomExpired) }
        #expect(closed)
    }

    @Test func botsComeBackWithARestoredRoomConnected() throws {
        var h = try lonePublicRoom()
        let seated = bots(h.send(.playWithBots, from: h.members[0]))
        let restored = try RoomStateMachine(
            restoring: h.machine.checkpoint(at: h.now), strokes: [], rules: Fixtures.rules(), packs: ["en": Fixtures.pack()],
            blocklist: Fixtures.blocklist, seed: 3, now: h.now + 1_000)
        #expect(restored.houseBotIDs == seated)
        #expect(restored.snapshot(for: seated[0]).players.map(\.connected) == [false, true, true])
    }

    @Test func theFinishedGameMarksBotLines() throws {
        var h = try Fixtures.makeMachine(players: 1, settings: SettingsPatch(rounds: 1, isPublic: true), startsOnItsOwn: true)
        h.machine.houseBotsAllowed = true
        h.advance(by: Self.wait)
        h.send(.playWithBots, from: h.members[0])
        var saved: FinishedGame?
        for _ in 0..<400 where saved == nil {
            saved = h.advance(by: 1_000).compactMap { if case .saveGame(let game) = $0 { game } else { nil } }.first
        }
        let game = try #require(saved)
        #expect(game.ranking.filter(\.bot).count == 2)
        #expect(game.ranking.filter { !$0.bot }.map(\.playerId) == [Fixtures.id("Ada")])
    }
}
