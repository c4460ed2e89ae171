import Testing

@testable import DoodleCore

/// Every way a turn or a game can end.
@Suite struct TurnEndTests {
    @Test func allGuessedEndsTheTurnAtTheLastCorrectGuess() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        let word = try h.chooseFirst()
        h.draw(.begin(1), from: a)
        h.advance(by: 1_000)
        #expect(h.guess(word, from: b).turnEnds.isEmpty)
        let effects = h.guess(word, from: c)
        let summary = try #require(effects.turnEnds.first)
        #expect(summary.reason == .allGuessed)
        #expect(summary.word == word)
        let drawingId = try #require(summary.drawingId)
        let saved = effects.compactMap { effect -> FinishedDrawing? in
            if case .saveDrawing(let drawing) = effect { return drawing }
            return nil
        }
        #expect(saved.map(\.id) == [drawingId])
        #expect(saved.first?.word == word)
        #expect(saved.first?.guessers.map(\.playerId) == [b, c])
        #expect(saved.first?.drawerGained == 250)
        #expect(h.machine.phase == .turnEnd)
        #expect(h.machine.snapshot(for: b).word == word)
    }

    @Test func theLastUnguessedGuesserDisconnectingCompletesTheTurn() throws {
        var h = try Fixtures.makeMachine(players: 4)
        let (b, c, d) = (h.members[1], h.members[2], h.members[3])
        h.startGame()
        let word = try h.chooseFirst()
        h.guess(word, from: b)
        h.guess(word, from: c)
        let effects = h.disconnect(d)
        #expect(effects.turnEnds.map(\.reason) == [.allGuessed])
        // d still holds its seat, so it is one of the n guessers: 250 × 2 / 3.
        #expect(effects.turnEnds.first?.gained(h.members[0]) == 166)
    }

    @Test func timeoutEndsTheTurnExactlyAtTheDrawingDeadline() throws {
        var h = try Fixtures.makeMachine(players: 3)
        h.startGame()
        let word = try h.chooseFirst()
        let deadline = try #require(h.machine.snapshot(for: h.members[1]).deadline)
        #expect(deadline == h.now + 80_000)
        #expect(h.advance(to: deadline - 1).turnEnds.isEmpty)
        #expect(h.machine.phase == .drawing)
        let summary = try #require(h.advance(to: deadline).turnEnds.first)
        #expect(summary.reason == .timeout)
        #expect(summary.word == word)
        #expect(summary.drawingId == nil, "nothing was drawn")
        #expect(summary.scores.allSatisfy { $0.gained == 0 })
        #expect(h.machine.phase == .turnEnd)
    }

    @Test func drawerLeavingWhileDrawingEndsTheTurnWithTheWordRevealed() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        let word = try h.chooseFirst()
        h.draw(.begin(1), from: a)
        h.guess(word, from: b)
        let effects = h.leave(a)
        #expect(effects.events(to: a).contains(.playerLeft(playerId: a, reason: .left)))
        let summary = try #require(effects.turnEnds.first)
        #expect(summary.reason == .drawerLeft)
        #expect(summary.word == word)
        #expect(summary.drawingId != nil)
        #expect(summary.scores.map(\.playerId) == [b, c])
        #expect(summary.gained(b) == 500)
        #expect(effects.gameEnds.isEmpty, "two players are still connected")
        // The game goes on with Bob's turn after the reveal pause.
        h.advance(by: 5_000)
        #expect(h.machine.phase == .choosing)
        #expect(h.snapshotDrawer == b)
    }

    @Test func drawerLeavingBeforeDrawingAnythingGivesNoDrawingId() throws {
        var h = try Fixtures.makeMachine(players: 3)
        h.startGame()
        let word = try h.chooseFirst()
        let summary = try #require(h.leave(h.members[0]).turnEnds.first)
        #expect(summary.reason == .drawerLeft)
        #expect(summary.word == word)
        #expect(summary.drawingId == nil)
    }

    @Test func drawerLeavingWhileChoosingEndsTheTurnWithoutAWord() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        #expect(h.machine.phase == .choosing)
        let effects = h.leave(a)
        let summary = try #require(effects.turnEnds.first)
        #expect(summary.reason == .drawerLeft)
        #expect(summary.word == nil)
        #expect(summary.drawingId == nil)
        #expect(summary.scores.map(\.playerId) == [b, c])
        #expect(h.machine.phase == .turnEnd)
    }

    /// Revision 4: a dropped connection is not a departure; the choosing deadline stands and
    /// the drawer's grace decides at it (ReloadTests has the rest).
    @Test func drawerDisconnectingWhileChoosingKeepsTheTurn() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let a = h.members[0]
        h.startGame()
        let effects = h.disconnect(a)
        #expect(effects.turnEnds.isEmpty)
        #expect(h.machine.phase == .choosing)
        #expect(h.snapshotDrawer == a)
        #expect(h.machine.isMember(a))
    }

    @Test func disconnectedDrawerGetsASkippedTurn() throws {
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(rounds: 1))
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        let word1 = try h.chooseFirst()
        h.disconnect(c)
        // Cy is gone, so Bob's guess is the last one needed.
        #expect(h.guess(word1, from: b).turnEnds.map(\.reason) == [.allGuessed])
        h.advance(by: 5_000)
        #expect(h.snapshotDrawer == b)
        let word2 = try h.chooseFirst()
        #expect(h.guess(word2, from: a).turnEnds.map(\.reason) == [.allGuessed])

        // Cy's turn comes while it is still disconnected (well within its 60 s grace).
        let effects = h.advance(by: 5_000)
        let summary = try #require(effects.turnEnds.first)
        #expect(summary.reason == .skipped)
        #expect(summary.word == nil)
        #expect(summary.drawingId == nil)
        #expect(summary.scores.allSatisfy { $0.gained == 0 })
        #expect(effects.broadcastEvents.contains { if case .phaseChoosing = $0 { true } else { false } } == false)
        #expect(effects.sends.contains { if case .chooseWord = $0.message { true } else { false } } == false)
        #expect(h.machine.phase == .turnEnd)
        // The usual pause follows, then the (single-round) game is over.
        #expect(h.advance(by: 4_999).gameEnds.isEmpty)
        #expect(h.advance(by: 1).gameEnds.map(\.reason) == [.completed])
    }

    @Test func guesserLeavingATwoPlayerGameEndsItWithNotEnoughPlayers() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        try h.chooseFirst()
        let effects = h.leave(b)
        #expect(effects.turnEnds.isEmpty)
        let ended = try #require(effects.gameEnds.first)
        #expect(ended.reason == .notEnoughPlayers)
        #expect(ended.ranking.map(\.playerId) == [a])
        #expect(h.machine.phase == .gameOver)
        #expect(h.machine.nextDeadline == nil)
        #expect(effects.contains { if case .saveGame(let game) = $0 { game.reason == .notEnoughPlayers } else { false } })
    }

    @Test func drawerLeavingATwoPlayerGameEndsTurnThenGame() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let b = h.members[1]
        h.startGame()
        try h.chooseFirst()
        let effects = h.leave(h.members[0])
        let kinds = effects.broadcastEvents.map(\.typeName)
        #expect(kinds == ["playerLeft", "ownerChanged", "turnEnded", "gameEnded"])
        #expect(effects.turnEnds.first?.reason == .drawerLeft)
        let ended = try #require(effects.gameEnds.first)
        #expect(ended.reason == .notEnoughPlayers)
        #expect(ended.ranking.map(\.playerId) == [b])
    }

    /// Revision 4: only the drawer's grace running out ends its turn, and the game goes on
    /// while both still hold seats.
    @Test func drawerDisconnectingInATwoPlayerGameEndsNeitherTurnNorGameAtOnce() throws {
        var h = try Fixtures.makeMachine(players: 2)
        h.startGame()
        try h.chooseFirst()
        let effects = h.disconnect(h.members[0])
        #expect(effects.broadcastEvents.map(\.typeName) == ["playerConnection"])
        #expect(h.machine.phase == .drawing)
    }

    @Test func twoOfThreeDisconnectingDuringTheRevealPauseEndsTheGameOnlyWhenTheirSeatsExpire() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (b, c) = (h.members[1], h.members[2])
        h.startGame()
        let word = try h.chooseFirst()
        h.guess(word, from: b)
        h.guess(word, from: c)
        #expect(h.machine.phase == .turnEnd)
        #expect(h.disconnect(b).gameEnds.isEmpty)
        #expect(h.disconnect(c).gameEnds.isEmpty, "both still hold seats")
        // Their turns come while they are away: skipped, as ever.
        let later = h.advance(by: 59_999)
        #expect(later.turnEnds.map(\.reason).contains(.skipped))
        #expect(later.gameEnds.isEmpty)
        #expect(h.advance(by: 1).gameEnds.map(\.reason) == [.notEnoughPlayers])
    }

    @Test func startGameNeedsTwoConnectedPlayers() throws {
        var h = try Fixtures.makeMachine(players: 2)
        h.disconnect(h.members[1])
        let effects = h.startGame()
        #expect(effects.errors(to: h.members[0]) == [.notEnoughPlayers])
        #expect(h.machine.phase == .lobby)
    }

    @Test func rematchResetsScoresAndPassesThroughTheLobby() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(rounds: 1))
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        let word1 = try h.chooseFirst()
        h.guess(word1, from: b)
        h.advance(by: 5_000)
        let word2 = try h.chooseFirst()
        h.guess(word2, from: a)
        h.advance(by: 5_000)
        #expect(h.machine.phase == .gameOver)
        #expect(h.machine.snapshot(for: a).players.allSatisfy { $0.score > 0 })
        #expect(h.send(.startGame, from: b).errors(to: b) == [.notOwner])
        let effects = h.startGame()
        let events = effects.broadcastEvents
        #expect(events.first == .phaseLobby(startsAt: nil))
        #expect(events.dropFirst().first == .phaseChoosing(round: 1, drawerId: a, deadline: h.now + 15_000))
        #expect(h.machine.snapshot(for: a).players.allSatisfy { $0.score == 0 })
        h.checkSequencing(continuous: [a, b])
    }

    @Test func chooseWordChecksDrawerPhaseAndIndex() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        #expect(h.send(.chooseWord(index: 0), from: b).errors(to: b) == [.notDrawer])
        #expect(h.send(.chooseWord(index: 3), from: a).errors(to: a) == [.badMessage])
        #expect(h.send(.chooseWord(index: -1), from: a).errors(to: a) == [.badMessage])
        #expect(h.machine.phase == .choosing)
        let choices = try #require(h.machine.snapshot(for: a).choices)
        h.send(.chooseWord(index: 2), from: a)
        #expect(h.currentWord == choices[2])
        #expect(h.send(.chooseWord(index: 0), from: a).errors(to: a) == [.invalidPhase])
        #expect(h.currentWord == choices[2])
    }
}
