import Testing

@testable import DoodleCore

/// Regressions for bugs found while writing the suite: each once failed.
@Suite struct ScoringRegressionTests {
    /// README §8: "Points are added the moment they are earned". A game that ends with
    /// notEnoughPlayers in the middle of a drawing must still rank Bob with the 500 he earned.
    /// Since revision 4 only seats count, so the drawer leaving is what cuts it short.
    @Test func pointsEarnedInTheUnfinishedTurnCountWhenTheGameEndsEarly() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        let word = try h.chooseFirst()
        #expect(h.guess(word, from: b).guessResults.first?.result.gained == 500)
        h.leave(c)
        let ended = try #require(h.leave(a).gameEnds.first)
        #expect(ended.reason == .notEnoughPlayers)
        #expect(ended.ranking.first { $0.playerId == b }?.score == 500)
    }

    /// The same when the game ends with the drawer alone mid-drawing (the others' seats
    /// expired): no turnEnded, yet the drawer is paid its share for the guess made.
    @Test func theDrawerLeftAloneMidDrawingIsPaidItsShare() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        h.startGame()
        let word = try h.chooseFirst()
        h.guess(word, from: b)
        h.disconnect(b)
        h.disconnect(c)
        let expired = h.advance(by: 60_000)
        #expect(expired.turnEnds.isEmpty)
        let ended = try #require(expired.gameEnds.first)
        #expect(ended.reason == .notEnoughPlayers)
        // c = 1 (Bob, gone now), n = max(1, 0 guessers left) = 1: the whole 250.
        #expect(ended.ranking.map(\.playerId) == [a])
        #expect(ended.ranking.first?.score == 250)
    }

    /// README §8 again: the snapshot's scores during a drawing include gains already made.
    @Test func snapshotScoresIncludeGainsAlreadyMadeThisTurn() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let b = h.members[1]
        h.startGame()
        let word = try h.chooseFirst()
        h.guess(word, from: b)
        #expect(h.machine.snapshot(for: b).players.first { $0.id == b }?.score == 500)
    }

    /// The drawing deadline has passed (the room's timer has not fired yet): a guess arriving
    /// now must not score; the turn ended by timeout.
    @Test func aGuessAfterTheDeadlineDoesNotScoreEvenBeforeTheTimerFires() throws {
        var h = try Fixtures.makeMachine(players: 2)
        let b = h.members[1]
        h.startGame()
        let word = try h.chooseFirst()
        h.now += 80_000 + 250  // no tick: the timer is late
        let effects = h.guess(word, from: b)
        #expect(effects.guessResults.isEmpty)
        #expect(effects.turnEnds.map(\.reason) == [.timeout])
    }

    /// c in the drawer's formula counts players; one player leaving and rejoining within a
    /// turn and guessing twice must not count twice.
    @Test func aRejoinedGuesserCountsOnceForTheDrawer() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        let word = try h.chooseFirst()
        h.guess(word, from: b)
        h.leave(b)
        _ = try h.join(b, name: "Bob").get()
        h.guess(word, from: b)
        let summary = try #require(h.advance(by: 80_000).turnEnds.first)
        // One distinct correct guesser of 2 in the room: floor(250 × 1 / 2) = 125.
        #expect(summary.gained(a) == 125)
    }
}
