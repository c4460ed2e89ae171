import Testing

@testable import DoodleCore

/// Joining: the checks in the contract's order, seat counting, and late joiners.
@Suite struct JoinTests {
    private func failure(_ result: Result<[RoomEffect], ProtocolError>) -> ErrorCode? {
        if case .failure(let error) = result { return error.code }
        return nil
    }

    @Test func joinerGetsRoomStateAndOthersGetPlayerJoinedWithTheSameSeq() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let (a, b) = (h.members[0], h.members[1])
        let d = Fixtures.id("Dee")
        let effects = try h.join(d, name: "Dee").get()
        #expect(h.machine.seq == 2)
        #expect(effects.messages(to: d).count == 1)
        let snapshot = try #require(effects.messages(to: d).first?.snapshot)
        #expect(snapshot.seq == 2)
        #expect(snapshot.players.map(\.id) == [a, b, d])
        #expect(snapshot.phase == .lobby)
        #expect(snapshot.round == nil && snapshot.drawerId == nil && snapshot.deadline == nil && snapshot.hint == nil)
        let joined = PlayerInfo(id: d, name: "Dee", score: 0, connected: true, guessed: false)
        #expect(effects.messages(to: a) == [.event(.playerJoined(joined), seq: 2)])
        #expect(effects.messages(to: b) == [.event(.playerJoined(joined), seq: 2)])
        h.checkSequencing(continuous: [a, b, d])
    }

    @Test func bannedPlayerCannotRejoinEvenBeforeOtherChecks() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.send(.kick(playerId: b), from: a)
        #expect(failure(h.join(b, name: "Bob")) == .banned)
        // Banned is checked before locked and full.
        h.send(.lockRoom(locked: true), from: a)
        #expect(failure(h.join(b, name: "Bob")) == .banned)
    }

    @Test func lockedRoomRefusesJoinersUntilUnlocked() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let a = h.members[0]
        let d = Fixtures.id("Dee")
        let locked = h.send(.lockRoom(locked: true), from: a)
        #expect(locked.broadcastEvents.count == 1)
        if case .settingsChanged(_, let isLocked)? = locked.broadcastEvents.first { #expect(isLocked) } else { Issue.record("no settingsChanged") }
        #expect(h.send(.lockRoom(locked: false), from: h.members[1]).errors(to: h.members[1]) == [.notOwner])
        let seq = h.machine.seq
        #expect(failure(h.join(d, name: "Dee")) == .roomLocked)
        #expect(h.machine.seq == seq, "a refused join changes nothing")
        #expect(h.machine.playerCount == 2)
        h.send(.lockRoom(locked: false), from: a)
        _ = try h.join(d, name: "Dee").get()
    }

    @Test func runningGameRefusesJoinersWithoutLateJoin() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(rounds: 1, lateJoin: false))
        let d = Fixtures.id("Dee")
        h.startGame()
        #expect(failure(h.join(d, name: "Dee")) == .roomLocked)
        try h.chooseFirst()
        #expect(failure(h.join(d, name: "Dee")) == .roomLocked)
        h.advance(by: 80_000)
        #expect(h.machine.phase == .turnEnd)
        #expect(failure(h.join(d, name: "Dee")) == .roomLocked)
        // Once the game is over the room is open again.
        while h.machine.phase != .gameOver { h.advance(to: try #require(h.machine.nextDeadline)) }
        _ = try h.join(d, name: "Dee").get()
    }

    @Test func lockedIsCheckedBeforeFull() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(maxPlayers: 2))
        h.send(.lockRoom(locked: true), from: h.members[0])
        #expect(failure(h.join(Fixtures.id("Dee"), name: "Dee")) == .roomLocked)
    }

    @Test func joinersFillExactlyTheFreeSeats() throws {
        var h = try Fixtures.makeMachine(players: 1, settings: SettingsPatch(maxPlayers: 5))
        var admitted: [PlayerID] = []
        var refused: [ErrorCode] = []
        for n in 0..<20 {
            let player = "p_joiner\(n)"
            switch h.join(player, name: "J\(n)") {
            case .success: admitted.append(player)
            case .failure(let error): refused.append(error.code)
            }
        }
        #expect(admitted == (0..<4).map { "p_joiner\($0)" })
        #expect(refused == Array(repeating: .roomFull, count: 16))
        #expect(h.machine.playerCount == 5)
        #expect(h.machine.seq == 4)
    }

    @Test func disconnectedPlayersKeepTheirSeat() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(maxPlayers: 3))
        h.disconnect(h.members[2])
        #expect(failure(h.join(Fixtures.id("Dee"), name: "Dee")) == .roomFull)
        // After its grace runs out, the seat is free.
        h.advance(by: 60_000)
        #expect(h.machine.playerCount == 2)
        _ = try h.join(Fixtures.id("Dee"), name: "Dee").get()
    }

    @Test func lateJoinerCanGuessAtOnceAndDrawsFromTheNextRound() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(rounds: 2))
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        let d = Fixtures.id("Dee")
        h.startGame()
        let word = try h.chooseFirst()
        let start = h.now
        h.advance(by: 10_000)
        let joined = try h.join(d, name: "Dee").get()
        let snapshot = try #require(joined.messages(to: d).first?.snapshot)
        #expect(snapshot.phase == .drawing)
        #expect(snapshot.word == nil)
        #expect(snapshot.hint?.count == word.count)
        #expect(snapshot.drawerId == a)
        #expect(snapshot.deadline == start + 80_000)

        let guessed = h.guess(word, from: d)
        #expect(guessed.guessResults.first?.result == .correct(word: word, gained: 50 + 450 * 70 / 80))
        // Bob and Cy still have to guess: the late joiner does not end the turn alone.
        #expect(guessed.turnEnds.isEmpty)
        h.guess(word, from: b)
        let summary = try #require(h.guess(word, from: c).turnEnds.first)
        #expect(summary.reason == .allGuessed)
        #expect(summary.scores.map(\.playerId) == [a, b, c, d])
        #expect(summary.gained(a) == 250)

        // Round 1 is Ada, Bob, Cy; Dee draws only from round 2.
        while h.machine.phase != .gameOver {
            if h.machine.phase == .choosing { try h.chooseFirst() }
            h.advance(to: try #require(h.machine.nextDeadline))
        }
        let drawers = h.log.map(\.effect).broadcastEvents.compactMap { event -> String? in
            if case .phaseChoosing(let round, let drawer, _) = event { return "\(round):\(drawer)" }
            return nil
        }
        #expect(drawers == ["1:\(a)", "1:\(b)", "1:\(c)", "2:\(a)", "2:\(b)", "2:\(c)", "2:\(d)"])
        h.checkSequencing(continuous: [a, b, c, d])
    }

    @Test func aRoomEmptiedAndRejoinedHasTheJoinerAsOwner() throws {
        var h = try Fixtures.makeMachine(players: 1)
        let a = h.members[0]
        h.leave(a)
        #expect(h.machine.isEmpty)
        let b = Fixtures.id("Bob")
        let joined = try h.join(b, name: "Bob").get()
        #expect(h.machine.ownerId == b)
        #expect(joined.messages(to: b).first?.snapshot?.ownerId == b)
        #expect(h.machine.nextDeadline == nil, "the room no longer expires")
        let c = Fixtures.id("Cy")
        _ = try h.join(c, name: "Cy").get()
        #expect(h.startGame().errors(to: b).isEmpty)
        #expect(h.machine.phase == .choosing)
    }

    @Test func emptyRoomExpiresAfterItsGrace() throws {
        var h = try Fixtures.makeMachine(players: 2)
        h.leave(h.members[1])
        let left = h.leave(h.members[0])
        #expect(left.released == [Fixtures.id("Ada")])
        #expect(h.machine.nextDeadline == h.now + 30_000)
        #expect(h.advance(by: 29_999).isEmpty)
        #expect(h.advance(by: 1) == [.roomExpired])
        #expect(h.machine.nextDeadline == nil)
    }
}

/// Owner hand-over, kicks and vote kicks.
@Suite struct ModerationTests {
    @Test func ownerLeavingHandsOverToTheEarliestConnectedPlayer() throws {
        var h = try Fixtures.makeMachine(players: 4)
        let (a, b, c, d) = (h.members[0], h.members[1], h.members[2], h.members[3])
        h.disconnect(b)
        let effects = h.leave(a)
        #expect(effects.broadcastEvents == [.playerLeft(playerId: a, reason: .left), .ownerChanged(ownerId: c)])
        #expect(effects.events(to: a) == [.playerLeft(playerId: a, reason: .left)])
        #expect(effects.events(to: d).contains(.ownerChanged(ownerId: c)))
        #expect(effects.released == [a])
        #expect(h.machine.ownerId == c)
        #expect(h.send(.lockRoom(locked: true), from: c).errors(to: c).isEmpty)
    }

    @Test func ownerDisconnectingKeepsOwnershipUntilItsGraceRunsOut() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        let disconnected = h.disconnect(a)
        #expect(disconnected.broadcastEvents == [.playerConnection(playerId: a, connected: false)])
        #expect(disconnected.sends.first?.to == [a, b, c], "addressed to the player too, for its replay")
        #expect(h.machine.ownerId == a)
        #expect(h.machine.nextDeadline == h.now + 60_000)
        #expect(h.advance(by: 59_999).isEmpty)
        let expired = h.advance(by: 1)
        #expect(expired.broadcastEvents == [.playerLeft(playerId: a, reason: .timedOut), .ownerChanged(ownerId: b)])
        #expect(expired.released == [a])
        #expect(h.machine.ownerId == b)
        #expect(!h.machine.isMember(a))
    }

    @Test func reconnectingWithinGraceKeepsTheSeatAndTellsEveryone() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.disconnect(a)
        h.advance(by: 30_000)
        let back = h.reconnect(a)
        #expect(back.sends.count == 1)
        #expect(back.sends.first?.to == h.members, "the player gets its own playerConnection too")
        #expect(back.sends.first?.message == .event(.playerConnection(playerId: a, connected: true), seq: h.machine.seq))
        #expect(h.machine.nextDeadline == nil)
        #expect(h.advance(by: 60_000).isEmpty)
        #expect(h.machine.ownerId == a)
        #expect(h.reconnect(a).isEmpty, "reconnecting a connected player changes nothing")
    }

    @Test func ownerKickRemovesBansAndClosesWith4000() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        let effects = h.send(.kick(playerId: b), from: a)
        #expect(effects.broadcastEvents == [.playerLeft(playerId: b, reason: .kicked)])
        #expect(effects.sends.first?.to == [a, b, c], "the kicked player gets its own playerLeft")
        #expect(effects.closes.map(\.0) == [b])
        #expect(effects.closes.map(\.1) == [.kicked])
        #expect(effects.released == [b])
        #expect(!h.machine.isMember(b))
        // The close comes after the playerLeft it should deliver.
        let leftIndex = try #require(effects.firstIndex { if case .send = $0 { true } else { false } })
        let closeIndex = try #require(effects.firstIndex { if case .close = $0 { true } else { false } })
        #expect(leftIndex < closeIndex)
        if case .failure(let error) = h.join(b, name: "Bob") { #expect(error.code == .banned) } else { Issue.record("rejoined") }
    }

    @Test func kickChecksOwnerAndTarget() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        #expect(h.send(.kick(playerId: c), from: b).errors(to: b) == [.notOwner])
        #expect(h.send(.kick(playerId: a), from: a).errors(to: a) == [.invalidTarget])
        #expect(h.send(.kick(playerId: "p_nobody"), from: a).errors(to: a) == [.invalidTarget])
        #expect(h.machine.playerCount == 3)
    }

    @Test func kickingTheChoosingDrawerEndsItsTurnWithoutAWord() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        try h.chooseFirst()
        h.advance(by: 80_000 + 5_000)
        #expect(h.machine.phase == .choosing)
        #expect(h.snapshotDrawer == b)
        let effects = h.send(.kick(playerId: b), from: a)
        #expect(effects.turnEnds.map(\.reason) == [.drawerLeft])
        #expect(effects.turnEnds.first?.word == nil)
        #expect(effects.turnEnds.first?.drawingId == nil)
    }

    @Test(arguments: [
        // (connected players, votes needed against one of them)
        (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (16, 8),
    ])
    func voteKickNeedsMoreThanHalfOfTheOthers(players: Int, needed: Int) throws {
        var h = try Fixtures.makeMachine(players: players, settings: SettingsPatch(maxPlayers: 16))
        let target = h.members.last!
        let voters = h.members.dropLast()
        for (index, voter) in voters.prefix(needed).enumerated() {
            let effects = h.send(.voteKick(playerId: target), from: voter)
            #expect(effects.broadcastEvents.first == .kickVote(targetId: target, votes: index + 1, needed: needed))
            if index + 1 < needed {
                #expect(h.machine.isMember(target))
                #expect(effects.closes.isEmpty)
            } else {
                #expect(effects.broadcastEvents.dropFirst().first == .playerLeft(playerId: target, reason: .kicked))
                #expect(effects.closes.map(\.1) == [.kicked])
                #expect(!h.machine.isMember(target))
            }
        }
        if case .failure(let error) = h.join(target, name: "Back") { #expect(error.code == .banned) } else { Issue.record("rejoined") }
    }

    @Test func repeatedVotesCountOnce() throws {
        var h = try Fixtures.makeMachine(players: 5)
        let (a, e) = (h.members[0], h.members[4])
        h.send(.voteKick(playerId: e), from: a)
        let again = h.send(.voteKick(playerId: e), from: a)
        #expect(again.broadcastEvents == [.kickVote(targetId: e, votes: 1, needed: 3)])
        #expect(h.machine.isMember(e))
    }

    @Test func disconnectedPlayersAreNotCountedForVoteKicks() throws {
        var h = try Fixtures.makeMachine(players: 5)
        let (a, b, c, e) = (h.members[0], h.members[1], h.members[2], h.members[4])
        h.disconnect(c)
        // 4 connected, m = 3 for Eve → 2 votes needed.
        #expect(h.send(.voteKick(playerId: e), from: a).broadcastEvents == [.kickVote(targetId: e, votes: 1, needed: 2)])
        let second = h.send(.voteKick(playerId: e), from: b)
        #expect(second.broadcastEvents.first == .kickVote(targetId: e, votes: 2, needed: 2))
        #expect(!h.machine.isMember(e))
    }

    @Test func aVoterLeavingWithdrawsItsVote() throws {
        var h = try Fixtures.makeMachine(players: 5)
        let (a, b, c, e) = (h.members[0], h.members[1], h.members[2], h.members[4])
        h.send(.voteKick(playerId: e), from: a)
        h.send(.voteKick(playerId: e), from: b)
        // a leaves: votes 1 (b), m = 3, needed 2 → Eve stays.
        let left = h.leave(a)
        #expect(left.closes.isEmpty)
        #expect(h.machine.isMember(e))
        // c's vote makes it 2 of 2.
        let third = h.send(.voteKick(playerId: e), from: c)
        #expect(third.broadcastEvents.first == .kickVote(targetId: e, votes: 2, needed: 2))
        #expect(!h.machine.isMember(e))
    }

    @Test func aNonVoterLeavingCanPushStandingVotesOverTheLine() throws {
        var h = try Fixtures.makeMachine(players: 5)
        let (a, b, c, e) = (h.members[0], h.members[1], h.members[2], h.members[4])
        h.send(.voteKick(playerId: e), from: a)
        h.send(.voteKick(playerId: e), from: b)
        #expect(h.machine.isMember(e))
        // c leaves: m = 3, needed 2, votes 2 → Eve is removed at once.
        let effects = h.leave(c)
        #expect(effects.broadcastEvents.contains(.playerLeft(playerId: e, reason: .kicked)))
        #expect(effects.closes.map(\.0) == [e])
        #expect(!h.machine.isMember(e))
    }

    @Test func aNonVoterDisconnectingCanPushStandingVotesOverTheLine() throws {
        var h = try Fixtures.makeMachine(players: 5)
        let (a, b, d, e) = (h.members[0], h.members[1], h.members[3], h.members[4])
        h.send(.voteKick(playerId: e), from: a)
        h.send(.voteKick(playerId: e), from: b)
        let effects = h.disconnect(d)
        #expect(effects.closes.map(\.0) == [e])
        #expect(!h.machine.isMember(e))
    }

    @Test func votingForYourselfOrANonMemberIsInvalidTarget() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let b = h.members[1]
        #expect(h.send(.voteKick(playerId: b), from: b).errors(to: b) == [.invalidTarget])
        #expect(h.send(.voteKick(playerId: "p_ghost"), from: b).errors(to: b) == [.invalidTarget])
        #expect(h.machine.seq == 2)
    }

    @Test func renameIsBroadcastToEveryone() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let b = h.members[1]
        let effects = h.apply(h.machine.rename(b, to: "Bobby"))
        #expect(effects.sends.first?.to == h.members)
        #expect(effects.broadcastEvents == [.playerRenamed(playerId: b, name: "Bobby", avatar: Avatar(derivedFrom: b))])
        #expect(h.machine.snapshot(for: b).players.last?.name == "Bobby")
    }
}
