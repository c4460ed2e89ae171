import Testing

@testable import DoodleCore

/// Scoring against the formulas of GameRules/README.md, with the shipped constants.
@Suite struct ScoringTests {
    let scoring: Scoring

    init() throws {
        scoring = Scoring(rules: try Fixtures.rules().scoring)
    }

    @Test(arguments: [
        // (ms left of 80,000, expected gain)
        (Int64(60_000), 387),  // guess 20 s in: 50 + floor(337.5)
        (20_000, 162),  // guess 60 s in: 50 + floor(112.5)
        (80_000, 500),  // at the first instant
        (70_000, 443),  // 50 + floor(393.75)
        (40_000, 275),
        (1, 50),  // floor(450 / 80,000) = 0
        (0, 50),  // at the deadline
    ])
    func guesserGainFollowsTheFormula(remaining: Int64, expected: Int) {
        #expect(scoring.guesserGain(remaining: remaining, total: 80_000) == expected)
    }

    @Test func guesserGainClampsTheRemainingTime() {
        #expect(scoring.guesserGain(remaining: -5_000, total: 80_000) == 50)
        #expect(scoring.guesserGain(remaining: 95_000, total: 80_000) == 500)
    }

    @Test func laterGuessersNeverGainMoreAndAlwaysGainSomething() {
        for total: Int64 in [15_000, 80_000, 240_000] {
            var previous = Int.max
            for remaining in stride(from: total, through: 0, by: -7) {
                let gain = scoring.guesserGain(remaining: remaining, total: total)
                #expect(gain <= previous)
                #expect(gain > 0)
                previous = gain
            }
        }
    }

    @Test(arguments: [
        // (correct, guessers in the room, drawer's gain)
        (2, 2, 250),
        (1, 3, 83),
        (1, 2, 125),
        (2, 5, 100),
        (2, 3, 166),
        (1, 15, 16),
        (0, 3, 0),
        (0, 0, 0),
        (3, 2, 250),  // a correct guesser left before the end: n = max(c, guessers)
    ])
    func drawerGainFollowsTheFormula(correct: Int, guessers: Int, expected: Int) {
        #expect(scoring.drawerGain(correct: correct, guessers: guessers) == expected)
    }

    @Test func pairGainsFollowTheFormula() throws {
        let pair = try Fixtures.rules().pair
        #expect(pair.guesserGain(attempts: 1) == 100)
        #expect(pair.guesserGain(attempts: 4) == 70)
        #expect(pair.guesserGain(attempts: 10) == 10)
        #expect(pair.guesserGain(attempts: 30) == 10)
        #expect(pair.drawer == 50)
    }

    // MARK: - Through the state machine

    @Test func roomScoresGuessesByArrivalTimeAndPaysTheDrawerItsShare() throws {
        var h = try Fixtures.makeMachine(players: 4)
        let (a, b, c, d) = (h.members[0], h.members[1], h.members[2], h.members[3])
        h.startGame()
        let word = try h.chooseFirst()
        let start = h.now
        h.advance(to: start + 20_000)
        #expect(h.guess(word, from: b).guessResults.first?.result == .correct(word: word, gained: 387))
        h.advance(to: start + 60_000)
        #expect(h.guess(word, from: c).guessResults.first?.result == .correct(word: word, gained: 162))
        let summary = try #require(h.advance(to: start + 80_000).turnEnds.first)
        // 2 of 3 guessers: floor(250 × 2 / 3) = 166.
        #expect(summary.gained(a) == 166)
        #expect(summary.gained(b) == 387)
        #expect(summary.gained(c) == 162)
        #expect(summary.gained(d) == 0)
        #expect(summary.total(a) == 166)
    }

    @Test func oneOfThreeGuessersPaysTheDrawer83() throws {
        var h = try Fixtures.makeMachine(players: 4)
        h.startGame()
        let word = try h.chooseFirst()
        h.guess(word, from: h.members[2])
        let summary = try #require(h.advance(by: 80_000).turnEnds.first)
        #expect(summary.gained(h.members[0]) == 83)
    }

    @Test func aGuesserWhoLeftStillCountsForTheDrawer() throws {
        var h = try Fixtures.makeMachine(players: 4)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        let word = try h.chooseFirst()
        h.guess(word, from: b)
        h.leave(b)
        let summary = try #require(h.advance(by: 80_000).turnEnds.first)
        // c = 1 (Bob, gone), n = max(1, 2 guessers left) = 2.
        #expect(summary.gained(a) == 125)
        #expect(summary.gained(b) == nil, "scores list only players still in the room")
    }

    @Test func noCorrectGuessPaysTheDrawerNothing() throws {
        var h = try Fixtures.makeMachine(players: 3)
        h.startGame()
        try h.chooseFirst()
        h.guess("not it", from: h.members[1])
        let summary = try #require(h.advance(by: 80_000).turnEnds.first)
        #expect(summary.scores.allSatisfy { $0.gained == 0 && $0.total == 0 })
    }

    @Test func simultaneousGuessesGainTheSameAndLaterOnesLess() throws {
        var h = try Fixtures.makeMachine(players: 5)
        let guessers = Array(h.members.dropFirst())
        h.startGame()
        let word = try h.chooseFirst()
        var gains: [Int] = []
        for (index, guesser) in guessers.enumerated() {
            if index == 1 { h.advance(by: 0) } else { h.advance(by: 9_999) }
            let gained = h.guess(word, from: guesser).guessResults.first?.result.gained
            gains.append(try #require(gained))
        }
        #expect(gains[0] == gains[1])
        #expect(zip(gains, gains.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(gains.last! < gains.first!)
    }

    @Test func aLateCorrectGuessIsNeverWorthMoreThanAnEarlierOne() throws {
        // Randomised times (seeded), checked through the state machine.
        var random = SeededRandom(seed: 7)
        for _ in 0..<20 {
            var h = try Fixtures.makeMachine(players: 4, settings: SettingsPatch(drawSeconds: Int.random(in: 15...240, using: &random)))
            h.startGame()
            let word = try h.chooseFirst()
            var last = Int.max
            for guesser in h.members.dropFirst() {
                h.advance(by: Int64.random(in: 0...20_000, using: &random))
                guard h.machine.phase == .drawing else { break }
                let gained = try #require(h.guess(word, from: guesser).guessResults.first?.result.gained)
                #expect(gained > 0)
                #expect(gained <= last)
                last = gained
            }
        }
    }
}

/// Hint schedule and hint text (GameRules/README.md, "Hints").
@Suite struct HintTests {
    @Test func revealOffsetsSplitTheDrawingTimeEvenly() {
        #expect(HintSchedule.revealOffsets(reveals: 2, drawMilliseconds: 80_000) == [26_666, 53_333])
        #expect(HintSchedule.revealOffsets(reveals: 1, drawMilliseconds: 80_000) == [40_000])
        #expect(HintSchedule.revealOffsets(reveals: 0, drawMilliseconds: 80_000) == [])
        #expect(HintSchedule.revealOffsets(reveals: 4, drawMilliseconds: 80_000) == [16_000, 32_000, 48_000, 64_000])
        #expect(HintSchedule.revealOffsets(reveals: 3, drawMilliseconds: 15_000) == [3_750, 7_500, 11_250])
    }

    @Test(arguments: [
        ("ice cream", "___ _____"),
        ("cat", "___"),
        ("t-shirt", "_-_____"),
        ("rock'n'roll", "____'_'____"),
        ("R2-D2", "__-__"),
        ("Crème brûlée", "_____ ______"),
    ])
    func hintShowsSeparatorsAndHidesLettersAndDigits(word: String, hint: String) {
        #expect(HintMask(word: word).text == hint)
    }

    @Test(arguments: [
        // (word, hints setting, letters revealed)
        ("ice cream", 2, 2),
        ("ice cream", 5, 4),  // never more than floor(8 / 2)
        ("cat", 2, 1),
        ("a", 2, 0),
        ("elephant", 0, 0),
        ("t-shirt", 5, 3),  // L = 6
    ])
    func revealBudgetIsAtMostHintsAndAtMostHalf(word: String, hints: Int, expected: Int) {
        #expect(HintMask(word: word).revealBudget(hints: hints) == expected)
    }

    @Test func revealingUncoversExactlyThatLetter() {
        var mask = HintMask(word: "ice cream")
        mask.reveal(4)
        #expect(mask.text == "___ c____")
        #expect(mask.hiddenPositions == [0, 1, 2, 5, 6, 7, 8])
    }

    @Test func roomRevealsHintsOnScheduleAndNeverMoreThanHalf() throws {
        // A one-word pack so the word is "ice cream"; hints 5 → h = min(5, 4) = 4.
        var h = try Fixtures.makeMachine(
            players: 3, settings: SettingsPatch(wordChoices: 1, hints: 5), words: ["ice cream"])
        let b = h.members[1]
        h.startGame()
        let word = try h.chooseFirst()
        #expect(word == "ice cream")
        #expect(h.machine.snapshot(for: b).hint == "___ _____")
        let start = h.now
        var hints: [String] = []
        for k in 1...4 {
            let due = start + 80_000 * Int64(k) / 5
            #expect(h.advance(to: due - 1).hints.isEmpty, "hint \(k) came early")
            let fired = h.advance(to: due).hints
            #expect(fired.count == 1, "hint \(k) did not come at \(due - start) ms")
            hints += fired
        }
        for (k, hint) in hints.enumerated() {
            #expect(hint.count == word.count)
            #expect(hint.filter { $0 != "_" && $0 != " " }.count == k + 1)
            for (shown, actual) in zip(hint, word) where shown != "_" { #expect(shown == actual) }
        }
        #expect(h.advance(to: start + 80_000).hints.isEmpty)
        #expect(h.machine.phase == .turnEnd)
    }

    @Test func noHintsWhenHintsIsZero() throws {
        var h = try Fixtures.makeMachine(players: 2, settings: SettingsPatch(hints: 0))
        h.startGame()
        try h.chooseFirst()
        #expect(h.advance(by: 80_000).hints.isEmpty)
    }

    @Test func hintsStopWhenTheTurnEndsEarly() throws {
        var h = try Fixtures.makeMachine(players: 2)
        h.startGame()
        let word = try h.chooseFirst()
        h.advance(by: 30_000)
        h.guess(word, from: h.members[1])
        #expect(h.machine.phase == .turnEnd)
        let later = h.advance(by: 5_000 - 1)
        #expect(later.hints.isEmpty)
    }
}
