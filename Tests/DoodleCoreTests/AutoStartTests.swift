import Testing

@testable import DoodleCore

/// Rooms quick play opens: no owner, and games that start on their own after a countdown.
@Suite struct AutoStartTests {
    static let countdown: Int64 = 10_000

    private func lobbyEvents(_ effects: [RoomEffect]) -> [Int64?] {
        effects.broadcastEvents.compactMap { if case .phaseLobby(let startsAt) = $0 { startsAt } else { nil } }
    }

    @Test func theSecondConnectedPlayerStartsTheCountdownAndItsEndStartsTheGame() throws {
        var h = try Fixtures.makeMachine(players: 1, startsOnItsOwn: true)
        #expect(h.machine.ownerId == nil)
        #expect(h.machine.snapshot(for: h.members[0]).startsAt == nil)
        let joined = try h.join(Fixtures.id("Bob"), name: "Bob").get()
        #expect(h.machine.ownerId == nil, "a joiner does not become the owner either")
        #expect(lobbyEvents(joined) == [Fixtures.start + Self.countdown])
        #expect(h.machine.nextDeadline == Fixtures.start + Self.countdown)
        #expect(h.machine.snapshot(for: Fixtures.id("Bob")).startsAt == Fixtures.start + Self.countdown)
        #expect(h.advance(by: Self.countdown - 1).broadcastEvents.isEmpty)
        let started = h.advance(by: 1)
        #expect(started.broadcastEvents.contains { if case .phaseChoosing = $0 { true } else { false } })
        #expect(h.machine.phase == .choosing)
        h.checkSequencing(continuous: h.members)
    }

    @Test func theCountdownStopsWhenPlayersDropBelowTheMinimumAndStartsAfreshWhenEnoughAreBack() throws {
        var h = try Fixtures.makeMachine(players: 2, startsOnItsOwn: true)
        let bob = h.members[1]
        h.advance(by: 4_000)
        #expect(lobbyEvents(h.disconnect(bob)) == [nil])
        #expect(h.machine.nextDeadline != Fixtures.start + Self.countdown, "no game start is pending")
        h.advance(by: 20_000)
        #expect(h.machine.phase == .lobby)
        #expect(lobbyEvents(h.reconnect(bob)) == [h.now + Self.countdown])
        #expect(lobbyEvents(h.leave(bob)) == [nil])
        #expect(h.machine.phase == .lobby)
    }

    @Test func ownerOnlyMessagesAreRefusedAndVoteKickStillWorks() throws {
        var h = try Fixtures.makeMachine(players: 3, startsOnItsOwn: true)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        #expect(h.send(.startGame, from: a).errors(to: a) == [.notOwner])
        #expect(h.send(.updateSettings(SettingsPatch(rounds: 1)), from: a).errors(to: a) == [.notOwner])
        #expect(h.send(.lockRoom(locked: true), from: a).errors(to: a) == [.notOwner])
        #expect(h.send(.kick(playerId: b), from: a).errors(to: a) == [.notOwner])
        h.send(.voteKick(playerId: c), from: a)
        let kicked = h.send(.voteKick(playerId: c), from: b)
        #expect(kicked.broadcastEvents.contains(.playerLeft(playerId: c, reason: .kicked)))
        #expect(h.machine.ownerId == nil)
    }

    @Test func afterGameOverTheRoomShowsTheResultThenCountsDownAgainWithScoresReset() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(rounds: 1), startsOnItsOwn: true)
        h.advance(by: Self.countdown)
        #expect(h.machine.phase == .choosing)
        // Two turns of one round, both run out.
        while h.machine.phase != .gameOver { h.advance(by: 1_000) }
        let ended = h.now
        let reveal = Int64(h.machine.settings.revealSeconds) * 1000
        #expect(h.machine.nextDeadline == ended + reveal)
        let back = h.advance(by: reveal)
        #expect(lobbyEvents(back) == [ended + reveal + Self.countdown])
        #expect(h.machine.phase == .lobby)
        #expect(h.machine.snapshot(for: h.members[0]).players.allSatisfy { $0.score == 0 })
        h.advance(by: Self.countdown)
        #expect(h.machine.phase == .choosing, "the next game started on its own")
    }

    @Test func aRoomWithAnOwnerNeverCountsDown() throws {
        var h = try Fixtures.makeMachine(players: 3)
        #expect(h.machine.nextDeadline == nil)
        #expect(h.machine.snapshot(for: h.members[0]).startsAt == nil)
        #expect(lobbyEvents(h.leave(h.members[2])).isEmpty)
    }
}
