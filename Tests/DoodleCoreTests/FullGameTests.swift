import Testing

@testable import DoodleCore

/// A whole 3-player, 2-round game driven only through the state machine and a test clock.
@Suite struct FullGameTests {
    /// The drawer draws one short stroke so the turn produces a stored drawing.
    private func sketch(_ h: inout Harness, by drawer: PlayerID, strokeId: Int) {
        let effects = h.draw(.begin(strokeId), from: drawer)
        #expect(effects.errors(to: drawer).isEmpty)
        h.draw(.strokeEnd(strokeId: strokeId), from: drawer)
    }

    /// Advances to one millisecond before `deadline` (nothing may end the turn yet), then to it.
    private func runOut(_ h: inout Harness, to deadline: Int64) -> [RoomEffect] {
        let before = h.advance(to: deadline - 1)
        #expect(before.turnEnds.isEmpty, "the turn ended before its deadline")
        return h.advance(to: deadline)
    }

    private func expectScores(
        _ summary: TurnSummary?, gained: [PlayerID: Int], totals: [PlayerID: Int], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let summary else {
            Issue.record("no turnEnded", sourceLocation: sourceLocation)
            return
        }
        #expect(summary.scores.map(\.playerId) == Array(gained.keys).sorted(), sourceLocation: sourceLocation)
        for (player, value) in gained {
            #expect(summary.gained(player) == value, "gain of \(player)", sourceLocation: sourceLocation)
            #expect(summary.total(player) == totals[player], "total of \(player)", sourceLocation: sourceLocation)
        }
    }

    @Test func threePlayerTwoRoundGameRunsToCompletion() throws {
        // Player ids p_ada < p_bob < p_cy sort in join order, which expectScores relies on.
        var h = try Fixtures.makeMachine(players: 3, settings: SettingsPatch(rounds: 2))
        let (a, b, c) = (h.members[0], h.members[1], h.members[2])
        #expect(h.machine.seq == 2)

        // Start: round 1, Ada draws first; only Ada is offered words.
        let started = h.startGame()
        #expect(started.broadcastEvents == [.phaseChoosing(round: 1, drawerId: a, deadline: h.now + 15_000)])
        let offers = started.sends.filter { if case .chooseWord = $0.message { true } else { false } }
        #expect(offers.count == 1)
        #expect(offers.first?.to == [a])

        // Turn 1 (Ada): Bob guesses 20 s in, Cy 60 s in → allGuessed. Hints at 26,666 and 53,333 ms.
        h.advance(by: 1_000)
        let word1 = try h.chooseFirst()
        let drawing1 = h.now
        sketch(&h, by: a, strokeId: 1)
        h.advance(to: drawing1 + 20_000)
        let bobGuess = h.guess(word1.uppercased(), from: b)
        #expect(bobGuess.guessResults.map(\.to) == [[b]])
        #expect(bobGuess.guessResults.first?.result == .correct(word: word1, gained: 387))
        #expect(bobGuess.broadcastEvents == [.playerGuessed(playerId: b, gained: 387)])
        h.advance(to: drawing1 + 60_000)
        let turn1 = h.guess(word1, from: c).turnEnds.first
        #expect(turn1?.reason == .allGuessed)
        #expect(turn1?.word == word1)
        #expect(turn1?.drawingId != nil)
        expectScores(turn1, gained: [a: 250, b: 387, c: 162], totals: [a: 250, b: 387, c: 162])
        #expect(h.machine.phase == .turnEnd)

        // Turn 2 (Bob): Bob never chooses; the choose deadline picks one of his offers. Nobody
        // guesses → timeout at exactly drawSeconds.
        let reveal1 = h.advance(by: 5_000)
        #expect(reveal1.broadcastEvents == [.phaseChoosing(round: 1, drawerId: b, deadline: h.now + 15_000)])
        let bobsOffer = reveal1.messages(to: b).compactMap { message -> [String]? in
            if case .chooseWord(let choices) = message { return choices }
            return nil
        }.first ?? []
        #expect(bobsOffer.count == 3)
        #expect(reveal1.messages(to: a).allSatisfy { if case .chooseWord = $0 { false } else { true } })
        let chooseDeadline = h.now + 15_000
        #expect(h.advance(to: chooseDeadline - 1).isEmpty)
        h.advance(to: chooseDeadline)
        #expect(h.machine.phase == .drawing)
        let word2 = try #require(h.currentWord)
        #expect(bobsOffer.contains(word2))
        let drawing2 = h.now
        sketch(&h, by: b, strokeId: 1)
        h.advance(by: 5_000)
        let chat = h.guess("zzz", from: a)
        #expect(chat.broadcastEvents == [.chat(playerId: a, text: "zzz", guessedOnly: false)])
        let turn2 = runOut(&h, to: drawing2 + 80_000).turnEnds.first
        #expect(turn2?.reason == .timeout)
        #expect(turn2?.word == word2)
        expectScores(turn2, gained: [a: 0, b: 0, c: 0], totals: [a: 250, b: 387, c: 162])

        // Turn 3 (Cy): Ada guesses at 40 s; timeout; Cy gets 1 of 2 → 125.
        h.advance(by: 5_000)
        #expect(h.snapshotDrawer == c)
        h.advance(by: 2_000)
        let word3 = try h.chooseFirst()
        let drawing3 = h.now
        sketch(&h, by: c, strokeId: 1)
        h.advance(to: drawing3 + 40_000)
        #expect(h.guess(word3, from: a).guessResults.first?.result == .correct(word: word3, gained: 275))
        let turn3 = runOut(&h, to: drawing3 + 80_000).turnEnds.first
        #expect(turn3?.reason == .timeout)
        expectScores(turn3, gained: [a: 275, b: 0, c: 125], totals: [a: 525, b: 387, c: 287])

        // Round 2, turn 4 (Ada): Bob at 10 s → 50 + floor(450 × 70/80) = 443; timeout; Ada 125.
        let round2 = h.advance(by: 5_000)
        #expect(round2.broadcastEvents == [.phaseChoosing(round: 2, drawerId: a, deadline: h.now + 15_000)])
        let word4 = try h.chooseFirst()
        let drawing4 = h.now
        sketch(&h, by: a, strokeId: 1)
        h.advance(to: drawing4 + 10_000)
        #expect(h.guess(word4, from: b).guessResults.first?.result == .correct(word: word4, gained: 443))
        let turn4 = runOut(&h, to: drawing4 + 80_000).turnEnds.first
        #expect(turn4?.reason == .timeout)
        expectScores(turn4, gained: [a: 125, b: 443, c: 0], totals: [a: 650, b: 830, c: 287])

        // Turn 5 (Bob): Ada at once → 500, Cy 1 ms before the deadline → 50; allGuessed; Bob 250.
        h.advance(by: 5_000)
        #expect(h.snapshotDrawer == b)
        let word5 = try h.chooseFirst()
        let drawing5 = h.now
        sketch(&h, by: b, strokeId: 1)
        #expect(h.guess(word5, from: a).guessResults.first?.result == .correct(word: word5, gained: 500))
        h.advance(to: drawing5 + 79_999)
        let turn5 = h.guess(word5, from: c).turnEnds.first
        #expect(turn5?.reason == .allGuessed)
        expectScores(turn5, gained: [a: 500, b: 250, c: 50], totals: [a: 1150, b: 1080, c: 337])

        // Turn 6 (Cy): Ada and Bob both at 40 s → 275 each; allGuessed; Cy 250.
        h.advance(by: 5_000)
        #expect(h.snapshotDrawer == c)
        let word6 = try h.chooseFirst()
        let drawing6 = h.now
        sketch(&h, by: c, strokeId: 1)
        h.advance(to: drawing6 + 40_000)
        h.guess(word6, from: a)
        let turn6 = h.guess(word6, from: b).turnEnds.first
        #expect(turn6?.reason == .allGuessed)
        expectScores(turn6, gained: [a: 275, b: 275, c: 250], totals: [a: 1425, b: 1355, c: 587])

        // After the last reveal pause: gameEnded completed, ranked.
        #expect(h.advance(by: 4_999).gameEnds.isEmpty)
        let final = h.advance(by: 1)
        let ended = try #require(final.gameEnds.first)
        #expect(ended.reason == .completed)
        #expect(
            ended.ranking == [
                RankLine(playerId: a, name: "Ada", score: 1425, rank: 1),
                RankLine(playerId: b, name: "Bob", score: 1355, rank: 2),
                RankLine(playerId: c, name: "Cy", score: 587, rank: 3),
            ])
        #expect(h.machine.phase == .gameOver)
        #expect(h.machine.nextDeadline == nil)
        let saved = final.compactMap { effect -> FinishedGame? in
            if case .saveGame(let game) = effect { return game }
            return nil
        }
        #expect(saved.count == 1)
        #expect(saved.first?.id == ended.gameId)
        #expect(saved.first?.reason == .completed)
        #expect(saved.first?.drawingIds.count == 6)

        // Exactly six turns, each with a stored drawing.
        let allEffects = h.log.map(\.effect)
        #expect(allEffects.turnEnds.map(\.reason) == [.allGuessed, .timeout, .timeout, .timeout, .allGuessed, .allGuessed])
        #expect(allEffects.turnEnds.compactMap(\.drawingId) == saved.first?.drawingIds)
        let drawers = allEffects.broadcastEvents.compactMap { event -> PlayerID? in
            if case .phaseChoosing(_, let drawer, _) = event { return drawer }
            return nil
        }
        #expect(drawers == [a, b, c, a, b, c])

        // Hints fired exactly on schedule (D = 80,000 ms, h = 2) until each turn ended.
        #expect(hintOffsets(in: h.log) == [[26_666, 53_333], [26_666, 53_333], [26_666, 53_333], [26_666, 53_333], [26_666, 53_333], [26_666]])

        // Every broadcast went to every member with seq + 1; variants shared a seq.
        h.checkSequencing(continuous: [a, b, c])
        let snapshot = h.machine.snapshot(for: a)
        #expect(snapshot.players.map(\.score) == [1425, 1355, 587])
    }

    /// For each drawing phase, the offsets (from its start) at which `hint` events were produced.
    private func hintOffsets(in log: [Harness.Logged]) -> [[Int64]] {
        var result: [[Int64]] = []
        var start: Int64?
        var seen = Set<Int>()
        for entry in log {
            guard case .send(_, .event(let event, let seq?)) = entry.effect, seen.insert(seq).inserted else { continue }
            switch event {
            case .phaseDrawing:
                start = entry.at
                result.append([])
            case .hint:
                if let start { result[result.count - 1].append(entry.at - start) }
            case .turnEnded:
                start = nil
            default:
                break
            }
        }
        return result
    }

    @Test func hintTextsRevealOneMoreLetterOfTheWordEachTime() throws {
        var h = try Fixtures.makeMachine(players: 3)
        let (a, b) = (h.members[0], h.members[1])
        h.startGame()
        let word = try h.chooseFirst()
        let start = h.now
        let initial = h.machine.snapshot(for: b).hint
        #expect(initial == String(repeating: "_", count: word.count))
        #expect(h.advance(to: start + 26_665).hints.isEmpty)
        let first = try #require(h.advance(to: start + 26_666).hints.first)
        #expect(h.advance(to: start + 53_332).hints.isEmpty)
        let second = try #require(h.advance(to: start + 53_333).hints.first)
        for (hint, revealed) in [(first, 1), (second, 2)] {
            #expect(hint.count == word.count)
            #expect(hint.filter { $0 != "_" }.count == revealed)
            for (shown, actual) in zip(hint, word) where shown != "_" { #expect(shown == actual) }
        }
        // The first revealed letter stays revealed.
        for (one, two) in zip(first, second) where one != "_" { #expect(one == two) }
        #expect(h.machine.snapshot(for: a).hint == second)
        // No third hint before the timeout.
        #expect(h.advance(to: start + 80_000).hints.isEmpty)
    }
}

/// The sequencing check used above must be able to fail.
@Suite struct SequencingCheckTests {
    @Test func aGapOrAMissedRecipientIsReported() throws {
        var gap = try Fixtures.makeMachine(players: 2)
        gap.apply([.send(to: gap.members, .event(.hint("_"), seq: gap.machine.seq + 2))])
        withKnownIssue { gap.checkSequencing(continuous: gap.members) }

        var missed = try Fixtures.makeMachine(players: 3)
        missed.machine.seq += 1
        missed.apply([.send(to: [missed.members[0]], .event(.hint("_"), seq: missed.machine.seq))])
        withKnownIssue { missed.checkSequencing(continuous: missed.members) }

        var twice = try Fixtures.makeMachine(players: 2)
        twice.machine.seq += 1
        twice.apply([
            .send(to: twice.members, .event(.hint("_"), seq: twice.machine.seq)),
            .send(to: [twice.members[0]], .event(.hint("a"), seq: twice.machine.seq)),
        ])
        withKnownIssue { twice.checkSequencing(continuous: twice.members) }

        let fine = try Fixtures.makeMachine(players: 3)
        fine.checkSequencing(continuous: fine.members)
    }
}
