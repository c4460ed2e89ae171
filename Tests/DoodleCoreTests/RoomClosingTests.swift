import Testing

@testable import DoodleCore

/// An operator closes a room (`RoomStateMachine+Closing`).
@Suite struct RoomClosingTests {
    @Test func everyMemberHearsTheReasonIsClosedWith4005AndReleasedThenTheRoomExpires() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let watcher = Fixtures.id("Wat")
        _ = try h.apply(h.machine.join(watcher, name: "Wat", spectate: true, now: h.now).get())
        h.startGame()
        try h.chooseFirst()
        // A player within its reconnect grace still holds its seat: it is let go too.
        h.disconnect(h.members[2])
        let members = h.members
        #expect(members.count == 4)
        let seqBefore = h.machine.seq

        let effects = h.apply(h.machine.close(reason: "offensive drawings", now: h.now))

        #expect(
            effects
                == [.send(to: members, .roomClosed(reason: "offensive drawings"))] + members.map { .close($0, .roomClosed) }
                + members.map { .seatReleased($0) } + [.roomExpired])
        #expect(h.machine.seq == seqBefore, "roomClosed is no room event: nobody is left to count")
        #expect(h.machine.memberIDs.isEmpty)
        #expect(h.machine.isEmpty)
        #expect(h.machine.nextDeadline == nil, "no turn, hint, grace or expiry is left to run")
        #expect(h.machine.phase == .lobby)
        #expect(!effects.contains { if case .saveDrawing = $0 { true } else { false } }, "the unfinished turn is not stored")
        #expect(h.advance(by: 600_000).isEmpty)
    }

    @Test func aRoomWithNobodyInItOnlyExpires() throws {
        var h = try Fixtures.makeMachine(players: 1)
        h.leave(h.members[0])
        #expect(h.machine.close(reason: "spam", now: h.now) == [.roomExpired])
        #expect(h.machine.nextDeadline == nil, "the empty room's own expiry is not left to fire a second time")
    }
}
