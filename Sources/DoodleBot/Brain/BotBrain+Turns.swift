import DoodleCore

extension BotBrain {
    /// As drawer: after a moment's thought, take a word the bot has a sketch for if one is
    /// offered (a person picks what they can draw), else any.
    mutating func scheduleChoice(among choices: [String], at now: Duration) {
        guard !choices.isEmpty else { return }
        let drawable = choices.indices.filter { SketchLibrary.hasSketch(for: choices[$0]) }
        let index = drawable.randomElement(using: &random) ?? Int.random(in: choices.indices, using: &random)
        schedule(.chooseWord(index: index), at: now + scaled(BotTiming.thinkBeforeChoosing), lane: .turn)
    }

    /// Schedules the sketch for `word`; returns when its last message goes.
    @discardableResult
    mutating func startDrawing(_ word: String, firstStrokeId: Int, at now: Duration) -> Duration {
        stats.turnsDrawn += 1
        let sketch = SketchLibrary.sketch(for: word, using: &random).wobbled(by: 4, using: &random)
        let start = now + scaled(BotTiming.pauseBeforeDrawing)
        let timeline = StrokePacer.schedule(sketch, pacing: .human(speed: configuration.speed), firstStrokeId: firstStrokeId, start: start)
        for item in timeline { schedule(.draw(item.action), at: item.at, lane: .turn) }
        return timeline.last?.at ?? start
    }

    mutating func startGuessing(at now: Duration) {
        planner.startTurn()
        nextGuessAt = now + scaled(BotTiming.thinkBeforeFirstGuess)
    }

    /// The guess (or, now and then, the chat line) due at `now`, if any.
    mutating func dueGuess(at now: Duration) -> ClientMessage? {
        guard let at = nextGuessAt, at <= now else { return nil }
        guard phase == .drawing, !isDrawer, !guessedThisTurn, let hint else {
            nextGuessAt = nil
            return nil
        }
        if let last = lastGuessSentAt, now < last + BotTiming.minimumGuessGap {
            nextGuessAt = last + BotTiming.minimumGuessGap
            return nil
        }
        nextGuessAt = now + max(scaled(BotTiming.betweenGuesses), BotTiming.minimumGuessGap)
        let text: String
        if Double.random(in: 0..<1, using: &random) < configuration.chattiness, let line = BotTiming.chatPhrases.randomElement(using: &random) {
            text = line
            stats.chatsSent += 1
        } else if let guess = planner.nextGuess(hint: hint, using: &random) {
            text = guess
            stats.guessesSent += 1
        } else {
            return nil
        }
        lastGuessSentAt = now
        return .guess(text: text)
    }

    /// Now and then a bot says something while the word is shown. Only when the pause is long
    /// enough that the line lands before the next drawing starts: then it would be a guess, and
    /// from a drawer a scoped message.
    mutating func maybeChatAfterTurn(at now: Duration) {
        guard revealSeconds >= 2, Double.random(in: 0..<1, using: &random) < configuration.chattiness * 2,
            let line = ["gg", "nice one", "haha", "wow"].randomElement(using: &random)
        else { return }
        schedule(.guess(text: line), at: now + min(scaled(0.5), .seconds(revealSeconds) / 4), lane: .turn)
    }

    /// Sometimes a bot likes the drawing it just guessed; a turn that ends first drops the like
    /// with the rest of the turn's messages.
    mutating func maybeLike(at now: Duration) {
        guard Double.random(in: 0..<1, using: &random) < configuration.liking else { return }
        schedule(.react(.like), at: now + scaled(BotTiming.pauseBeforeLiking), lane: .turn)
    }
}
