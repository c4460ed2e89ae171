import Testing

@testable import DoodleCore

extension Harness {
    /// Lets `player` in as a watcher.
    mutating func watch(_ player: PlayerID, name: String) -> Result<[RoomEffect], ProtocolError> {
        let result = machine.join(player, name: name, spectate: true, now: now)
        if case .success(let effects) = result { apply(effects) }
        return result
    }

    @discardableResult
    mutating func spectate(_ on: Bool, from player: PlayerID) -> [RoomEffect] { send(.spectate(on: on), from: player) }

    /// Runs the clock to the next phase change (or deadline) while the phase stays `phase`.
    mutating func runOut(_ phase: Phase) throws {
        while machine.phase == phase { advance(to: try #require(machine.nextDeadline)) }
    }
}

extension Array where Element == RoomEffect {
    var spectatingSwitches: [(PlayerID, Bool)] {
        broadcastEvents.compactMap { event in
            if case .playerSpectating(let id, let spectating) = event { return (id, spectating) }
            return nil
        }
    }
}

@Suite struct SpectatorTests {
    let watcher = Fixtures.id("Zed")

    // MARK: - Joining, leaving, kicking

    @Test func aWatcherTakesNoSeatAndEveryoneElseIsToldWithSeq() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(maxPlayers: 2))
        let seqBefore = h.machine.seq
        let effects = try h.watch(watcher, name: "Zed").get()
        #expect(effects.events(to: h.members[0]) == [.spectatorJoined(SpectatorInfo(id: watcher, name: "Zed"))])
        #expect(effects.messages(to: h.members[0]).first?.seq == seqBefore + 1)
        let state = try #require(effects.messages(to: watcher).first?.snapshot, "the watcher gets roomState, not its own event")
        #expect(state.seq == seqBefore + 1)
        #expect(state.spectators == [SpectatorInfo(id: watcher, name: "Zed")])
        #expect(!state.players.contains { $0.id == watcher })
        #expect(h.machine.playerCount == 2, "a full room still takes watchers")
        #expect(h.machine.isMember(watcher))
        h.checkSequencing(continuous: h.members)
    }

    @Test func aLeavingWatcherGetsItsOwnSpectatorLeftAndReleasesItsPlace() throws {
        var h = try Fixtures.makeMachine(players: 2)
        _ = try h.watch(watcher, name: "Zed").get()
        let effects = h.leave(watcher)
        #expect(effects.events(to: watcher) == [.spectatorLeft(playerId: watcher)])
        #expect(effects.events(to: h.members[0]) == [.spectatorLeft(playerId: watcher)])
        #expect(effects.released == [watcher])
        #expect(!h.machine.isMember(watcher))
    }

    @Test func theOwnerKicksAWatcherWhoIsThenBannedAsWatcherAndAsPlayer() throws {
        var h = try Fixtures.makeMachine(players: 2)
        _ = try h.watch(watcher, name: "Zed").get()
        let effects = h.send(.kick(playerId: watcher), from: h.members[0])
        #expect(effects.broadcastEvents == [.spectatorLeft(playerId: watcher)])
        #expect(effects.closes.map(\.0) == [watcher])
        #expect(h.watch(watcher, name: "Zed").failure?.code == .banned)
        #expect(h.join(watcher, name: "Zed").failure?.code == .banned)
    }

    @Test func playersVoteAWatcherOutButAWatcherNeverVotes() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let other = Fixtures.id("Yan")
        _ = try h.watch(watcher, name: "Zed").get()
        _ = try h.watch(other, name: "Yan").get()
        #expect(h.send(.voteKick(playerId: h.members[1]), from: watcher).errors(to: watcher) == [.invalidPhase])
        let first = h.send(.voteKick(playerId: other), from: h.members[0])
        #expect(first.broadcastEvents == [.kickVote(targetId: other, votes: 1, needed: 2)], "3 connected players: more than half is 2")
        let second = h.send(.voteKick(playerId: other), from: h.members[1])
        #expect(second.broadcastEvents.contains(.spectatorLeft(playerId: other)))
        #expect(!h.machine.isMember(other))
    }

    @Test func joinChecksAreAPlayersExceptFullness() throws {
        var rules = try Fixtures.rules()
        rules.limits.maxSpectators = 2
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(maxPlayers: 2), rules: rules)
        #expect(h.join(Fixtures.id("Cy"), name: "Cy").failure?.code == .roomFull)
        _ = try h.watch(Fixtures.id("W1"), name: "W1").get()
        _ = try h.watch(Fixtures.id("W2"), name: "W2").get()
        #expect(h.watch(watcher, name: "Zed").failure?.code == .roomFull, "beyond limits.maxSpectators")
        h.leave(Fixtures.id("W1"))
        h.send(.lockRoom(locked: true), from: h.members[0])
        #expect(h.watch(watcher, name: "Zed").failure?.code == .roomLocked, "a locked room refuses watchers too")
    }

    @Test func aRunningGameWithoutLateJoinRefusesWatchersAsPlayers() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(lateJoin: false))
        h.startGame()
        #expect(h.watch(watcher, name: "Zed").failure?.code == .roomLocked)
    }

    @Test func aWatcherRenamesLikeAPlayer() throws {
        var h = try Fixtures.makeMachine(players: 2)
        _ = try h.watch(watcher, name: "Zed").get()
        let effects = h.apply(h.machine.rename(watcher, to: "Zoe"))
        #expect(effects.broadcastEvents == [.playerRenamed(playerId: watcher, name: "Zoe")])
        #expect(h.machine.snapshot(for: watcher).spectators.map(\.name) == ["Zoe"])
    }

    @Test func aWatcherWhoseGraceRunsOutLeavesWithSpectatorLeft() throws {
        var h = try Fixtures.makeMachine(players: 2)
        _ = try h.watch(watcher, name: "Zed").get()
        let drop = h.disconnect(watcher)
        #expect(drop.broadcastEvents == [.playerConnection(playerId: watcher, connected: false)])
        let later = h.advance(by: 60_000)
        #expect(later.broadcastEvents == [.spectatorLeft(playerId: watcher)])
        #expect(later.released == [watcher])
        h.checkSequencing(continuous: h.members)
    }

    @Test func aRoomWithOnlyWatchersIsNotEmpty() throws {
        var h = try Fixtures.makeMachine(players: 1)
        _ = try h.watch(watcher, name: "Zed").get()
        h.leave(h.members[0])
        #expect(!h.machine.isEmpty)
        #expect(h.machine.ownerId == nil)
        let later = h.advance(by: 10 * 60_000)
        #expect(!later.contains(.roomExpired))
        h.leave(watcher)
        #expect(h.advance(by: 30_000).contains(.roomExpired))
    }

    // MARK: - What a watcher sees

    @Test func theSnapshotListsWatchersApartAndHidesTheWordFromThem() throws {
        var h = try Fixtures.makeMachine(players: 2)
        _ = try h.watch(watcher, name: "Zed").get()
        h.startGame()
        let choosing = h.machine.snapshot(for: watcher)
        #expect(choosing.choices == nil)
        let word = try h.chooseFirst()
        let drawing = h.machine.snapshot(for: watcher)
        #expect(drawing.word == nil)
        #expect(drawing.spectators.map(\.id) == [watcher])
        #expect(drawing.players.count == 2)
        let text = try JSON.text(ServerMessage.roomState(drawing)).lowercased()
        #expect(!text.contains(word.lowercased()))
        h.guess(word, from: h.members[1])
        #expect(h.machine.phase == .turnEnd)
        #expect(h.machine.snapshot(for: watcher).word == word, "everyone may know it once the turn ended")
    }

    @Test func noEffectShowsAWatcherTheWordBeforeTheTurnEnds() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(rounds: 2))
        let late = Fixtures.id("Yan")
        _ = try h.watch(watcher, name: "Zed").get()
        h.startGame()
        var turns = 0
        while h.machine.phase != .gameOver {
            guard h.machine.phase == .choosing, let drawer = h.snapshotDrawer else {
                h.advance(to: try #require(h.machine.nextDeadline))
                continue
            }
            #expect(h.send(.chooseWord(index: 0), from: watcher).errors(to: watcher) == [.notDrawer])
            try h.chooseFirst()
            let word = try #require(h.currentWord)
            h.draw(.begin(1), from: drawer)
            #expect(h.draw(.begin(2), from: watcher).errors(to: watcher) == [.notDrawer])
            #expect(h.guess(word, from: watcher).errors(to: watcher) == [.wordLeak])
            #expect(h.guess("so \(word.uppercased())!", from: watcher).errors(to: watcher) == [.wordLeak])
            #expect(h.guess(String(word.dropLast()) + "q", from: watcher).guessResults.map(\.result) == [.close])
            h.guess("what is it", from: watcher)
            if turns == 1 {
                // A second watcher arrives mid-drawing; the actor sends the first one a resync.
                _ = try h.watch(late, name: "Yan").get()
                h.disconnect(watcher)
                h.reconnect(watcher)
                h.apply([.send(to: [watcher], .roomState(h.machine.snapshot(for: watcher)))])
            }
            for guesser in h.machine.seatIDs where guesser != drawer { h.guess(word, from: guesser) }
            h.apply([.send(to: [watcher], .roomState(h.machine.snapshot(for: watcher)))])
            try h.runOut(.drawing)
            try h.runOut(.turnEnd)
            turns += 1
        }
        #expect(turns == 6)
        var auditor = SecrecyAuditor(words: Fixtures.words)
        try auditor.audit(h.log)
        #expect(auditor.violations == [])
        let watcherDeliveries = h.inbox[watcher, default: []].count
        #expect(watcherDeliveries > 50)
        #expect(h.inbox[watcher, default: []].contains { if case .event(.drawing, _?) = $0 { true } else { false } }, "strokes with seq")
    }

    // MARK: - Guessing and chat

    @Test func aWatchersGuessIsLeakCloseOrChat() throws {
        var h = try Fixtures.makeMachine(players: 2)
        _ = try h.watch(watcher, name: "Zed").get()
        let lobbyChat = h.guess("hello all", from: watcher)
        #expect(lobbyChat.broadcastEvents == [.chat(playerId: watcher, text: "hello all", guessedOnly: false)])
        h.startGame()
        let word = try h.chooseFirst()
        let leak = h.guess(word, from: watcher)
        #expect(leak.errors(to: watcher) == [.wordLeak])
        #expect(leak.broadcastEvents.isEmpty)
        let close = h.guess(String(word.dropLast()), from: watcher)
        #expect(close.sends.map(\.to) == [[watcher]])
        #expect(close.guessResults.map(\.result) == [.close])
        let chat = h.guess("a tree?", from: watcher)
        #expect(chat.broadcastEvents == [.chat(playerId: watcher, text: "a tree?", guessedOnly: false)])
        #expect(Set(chat.sends.flatMap(\.to)) == Set(h.members))
        #expect(h.machine.phase == .drawing, "a watcher's guess never ends a turn")
    }

    @Test func watchersAreNotScoredRankedNorWaitedForAndCannotStartAGame() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(rounds: 1))
        _ = try h.watch(watcher, name: "Zed").get()
        h.startGame()
        try h.chooseFirst()
        let word = try #require(h.currentWord)
        let drawer = try #require(h.snapshotDrawer)
        let guesser = h.machine.seatIDs.first { $0 != drawer }!
        let effects = h.guess(word, from: guesser)
        let summary = try #require(effects.turnEnds.first, "the one guesser guessed: allGuessed without the watcher")
        #expect(summary.reason == .allGuessed)
        #expect(!summary.scores.contains { $0.playerId == watcher })
        let end = h.advance(by: 60_000 * 5)
        let ranking = try #require(end.gameEnds.first).ranking
        #expect(ranking.map(\.playerId).sorted() == h.machine.seatIDs.sorted())
    }

    @Test func aGameNeedsTwoPlayersWhateverTheWatchers() throws {
        var h = try Fixtures.makeMachine(players: 1)
        _ = try h.watch(watcher, name: "Zed").get()
        _ = try h.watch(Fixtures.id("Yan"), name: "Yan").get()
        #expect(h.startGame().errors(to: h.members[0]) == [.notEnoughPlayers])
        #expect(h.send(.startGame, from: watcher).errors(to: watcher) == [.notOwner])
    }

    @Test func aGameWithOnePlayerLeftEndsThoughWatchersStay() throws {
        var h = try Fixtures.makeMachine(players: 2)
        _ = try h.watch(watcher, name: "Zed").get()
        h.startGame()
        try h.chooseFirst()
        let effects = h.leave(h.members[1])
        #expect(effects.gameEnds.first?.reason == .notEnoughPlayers)
        #expect(effects.gameEnds.first?.ranking.map(\.playerId) == [h.members[0]])
    }

    @Test func watchersDoNotStartAQuickPlayCountdown() throws {
        let rules = try Fixtures.rules()
        var h = Harness(
            machine: RoomStateMachine(
                code: "K7PQ2M", mode: .party, settings: rules.publicRoomSettings(wordPack: "en"), creator: Fixtures.id("Ada"),
                creatorName: "Ada", rules: rules, packs: ["en": Fixtures.pack()], blocklist: Fixtures.blocklist, seed: 1,
                startsOnItsOwn: true),
            now: Fixtures.start)
        h.apply(h.machine.creationEffects())
        let effects = try h.watch(watcher, name: "Zed").get()
        #expect(!effects.broadcastEvents.contains(.phaseLobby(startsAt: Fixtures.start + Int64(rules.publicRoom.autoStartSeconds) * 1000)))
        #expect(h.machine.snapshot(for: watcher).startsAt == nil)
        #expect(h.machine.publicStatus.spectators == 1)
        #expect(h.machine.publicStatus.players == 1)
        // The watcher asks to play: two players now, the countdown starts.
        let seated = h.spectate(false, from: watcher)
        #expect(seated.spectatingSwitches.map(\.1) == [false])
        #expect(seated.broadcastEvents.contains { if case .phaseLobby(_?) = $0 { true } else { false } })
    }

    // MARK: - Switching

    @Test func inTheLobbyASwitchIsImmediateAndAskingTwiceDoesNothing() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let b = h.members[1]
        let effects = h.spectate(true, from: b)
        #expect(effects.spectatingSwitches.map(\.0) == [b])
        #expect(h.machine.isSpectator(b))
        #expect(h.machine.snapshot(for: b).spectators.map(\.id) == [b])
        #expect(h.spectate(true, from: b).isEmpty, "the state it has: nothing")
        #expect(h.spectate(false, from: b).spectatingSwitches.map(\.1) == [false])
        #expect(h.spectate(false, from: b).isEmpty)
        h.checkSequencing(continuous: h.members)
    }

    @Test func anOwnerWhoWatchesHandsOwnershipToTheEarliestConnectedPlayer() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        let effects = h.spectate(true, from: a)
        #expect(effects.broadcastEvents == [.playerSpectating(playerId: a, spectating: true), .ownerChanged(ownerId: b)])
        #expect(h.machine.ownerId == b)
    }

    @Test func midTurnASwitchWaitsForTheTurnsEnd() throws {
        var h = try Fixtures.makeMachine(players: 3)
        h.startGame()
        try h.chooseFirst()
        let word = try #require(h.currentWord)
        let drawer = try #require(h.snapshotDrawer)
        let guessers = h.machine.seatIDs.filter { $0 != drawer }
        #expect(h.spectate(true, from: guessers[0]).isEmpty, "deferred: nothing yet")
        #expect(h.spectate(true, from: guessers[0]).isEmpty, "asked already: nothing")
        #expect(h.spectate(true, from: drawer).isEmpty)
        h.guess(word, from: guessers[1])
        #expect(h.machine.phase == .drawing, "the switch is not effective yet: guessers[0] is still waited for")
        let end = h.guess(word, from: guessers[0])
        let events = end.broadcastEvents
        let turnEnded = try #require(events.firstIndex { if case .turnEnded = $0 { true } else { false } })
        #expect(Array(events[(turnEnded + 1)...].prefix(2)) == [
            .playerSpectating(playerId: guessers[0], spectating: true), .playerSpectating(playerId: drawer, spectating: true),
        ])
        // Two of three players now watch: one seat is left, and the game ends.
        #expect(end.gameEnds.first?.reason == .notEnoughPlayers)
    }

    @Test func inThePauseAGuesserSwitchesAtOnceAndTheLastDrawerWhenItEnds() throws {
        var h = try Fixtures.makeMachine(players: 3)
        h.startGame()
        try h.chooseFirst()
        let drawer = try #require(h.snapshotDrawer)
        try h.runOut(.drawing)
        #expect(h.machine.phase == .turnEnd)
        let guesser = h.machine.seatIDs.first { $0 != drawer }!
        #expect(h.spectate(true, from: guesser).spectatingSwitches.map(\.0) == [guesser])
        #expect(h.spectate(true, from: drawer).isEmpty, "the turn's drawer waits for the pause to end")
        #expect(h.spectate(false, from: guesser).spectatingSwitches.map(\.1) == [false], "and back: a seat is free")
        let next = h.advance(by: 5_000)
        #expect(next.spectatingSwitches.map(\.0) == [drawer])
        #expect(h.machine.phase == .choosing)
        #expect(h.snapshotDrawer != drawer)
    }

    @Test func askingForTheStateOneHasWithdrawsAWaitingSwitch() throws {
        var h = try Fixtures.makeMachine(players: 3)
        h.startGame()
        let b = h.members[1]
        #expect(h.spectate(true, from: b).isEmpty)
        #expect(h.spectate(false, from: b).isEmpty)
        try h.chooseFirst()
        let end = h.advance(by: 80_000)
        #expect(end.turnEnds.count == 1)
        #expect(end.spectatingSwitches.isEmpty)
        #expect(!h.machine.isSpectator(b))
    }

    @Test func playingNeedsAFreeSeatNowAndWhenTheTurnEnds() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(maxPlayers: 3))
        _ = try h.watch(watcher, name: "Zed").get()
        let other = Fixtures.id("Yan")
        _ = try h.watch(other, name: "Yan").get()
        h.startGame()
        try h.chooseFirst()
        #expect(h.spectate(false, from: watcher).isEmpty, "mid-turn: waits")
        _ = try h.join(Fixtures.id("Cy"), name: "Cy").get()
        #expect(h.spectate(false, from: other).errors(to: other) == [.roomFull], "no seat left now")
        let end = h.advance(by: 80_000)
        #expect(end.turnEnds.count == 1)
        #expect(end.errors(to: watcher) == [.roomFull], "the seat went meanwhile: refused at the turn's end")
        #expect(h.machine.isSpectator(watcher))
    }

    @Test func aWatcherWhoSitsDownMidGameDrawsFromTheNextRound() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(rounds: 2))
        _ = try h.watch(watcher, name: "Zed").get()
        h.startGame()
        try h.chooseFirst()
        h.spectate(false, from: watcher)
        var drawers: [PlayerID] = []
        while h.machine.phase != .gameOver {
            if h.machine.phase == .choosing, let drawer = h.snapshotDrawer, drawers.last != drawer || drawers.isEmpty {
                drawers.append(drawer)
            }
            h.advance(to: try #require(h.machine.nextDeadline))
        }
        // Ada's first turn was under way before the loop: round 1 goes on with Bob only.
        let (a, b) = (Fixtures.id("Ada"), Fixtures.id("Bob"))
        #expect(drawers == [b, a, b, watcher], "round 1: the two players; round 2: all three")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
