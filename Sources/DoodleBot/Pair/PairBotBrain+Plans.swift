import DoodleCore

/// What a pair bot plans: its drawings, its guesses, and the end of the pair.
extension PairBotBrain {
    /// The bot is (back) in its pair room: pick up whatever it was doing.
    mutating func resumeWork(at now: Duration) {
        if let open = openDrawing, open.submittedAt != nil {
            // The answer to the submit was lost with the connection; submits are idempotent.
            schedule(.send(.submitDrawing(clientDrawingId: open.clientDrawingId)), at: now)
        } else if openDrawing == nil {
            scheduleNextDrawing(at: now + scaled(PairBotTiming.thinkBeforeDrawing))
        }
        scheduleGuessing(at: now)
        considerUnpairing(at: now)
    }

    mutating func scheduleNextDrawing(at time: Duration) {
        guard drawingsStarted < configuration.drawings, nextDrawingAt == nil, openDrawing == nil else { return }
        nextDrawingAt = time
    }

    /// Starts the next drawing: asks for suggestions, or picks its own word.
    mutating func startDrawing(at now: Duration) -> PairBotAction? {
        nextDrawingAt = nil
        guard openDrawing == nil, drawingsStarted < configuration.drawings else { return nil }
        drawingsStarted += 1
        let clientDrawingId = "c_" + String(random.next(), radix: 16) + String(random.next() & 0xffff, radix: 16)
        openDrawing = OpenDrawing(clientDrawingId: clientDrawingId, word: nil, submittedAt: nil)
        if Bool.random(using: &random) {
            awaitingSuggestions = true
            stats.wordSuggestionsAsked += 1
            return .send(.suggestWords)
        }
        beginDrawing(word: ownWord(), at: now)
        return nil
    }

    mutating func heardSuggestions(_ words: [String], at now: Duration) {
        guard awaitingSuggestions else { return }
        awaitingSuggestions = false
        let drawable = words.filter(SketchLibrary.hasSketch)
        // A person takes a suggestion it can draw; if none, now and then one it cannot.
        let word = drawable.randomElement(using: &random) ?? (Bool.random(using: &random) ? words.first : nil) ?? ownWord()
        beginDrawing(word: word, at: now)
    }

    private mutating func ownWord() -> String {
        SketchLibrary.words.randomElement(using: &random) ?? "kite"
    }

    /// Schedules the whole drawing: `beginDrawing`, its strokes at a person's pace, the submit.
    private mutating func beginDrawing(word: String, at now: Duration) {
        guard let open = openDrawing else { return }
        openDrawing?.word = word
        schedule(.send(.beginDrawing(clientDrawingId: open.clientDrawingId, word: word)), at: now)
        let sketch = SketchLibrary.sketch(for: word, using: &random).wobbled(by: 6, using: &random)
        let messages = StrokePacer.schedule(sketch, pacing: .human(speed: configuration.speed), start: now + scaled(0.4))
        for message in messages { schedule(.send(.draw(message.action)), at: message.at) }
        schedule(.send(.submitDrawing(clientDrawingId: open.clientDrawingId)), at: (messages.last?.at ?? now) + scaled(0.3))
    }

    /// A drawing reached the bot, live or in its inbox.
    mutating func deliver(_ item: PairInboxItem, at now: Duration) {
        if received.insert(item.drawingId).inserted { stats.drawingsReceived += 1 }
        guard !resolvedReceived.contains(item.drawingId), !inbox.contains(where: { $0.drawingId == item.drawingId }) else { return }
        let planner = PairGuessPlanner(
            hint: item.hint, likely: SketchLibrary.words, vocabulary: configuration.vocabulary, skill: configuration.skill, using: &random)
        inbox.append(WaitingDrawing(drawingId: item.drawingId, planner: planner, lastGuess: nil))
        scheduleGuessing(at: now)
    }

    mutating func scheduleGuessing(at now: Duration) {
        guard nextGuessAt == nil, !inbox.isEmpty, inPairRoom else { return }
        nextGuessAt = now + scaled(PairBotTiming.thinkBeforeFirstGuess)
    }

    /// The next attempt at the oldest waiting drawing, if one is due.
    mutating func dueGuess(at now: Duration) -> ClientMessage? {
        guard let at = nextGuessAt, at <= now, inPairRoom, connected, !inbox.isEmpty, !inbox[0].awaitingResult else { return nil }
        if let last = lastGuessSentAt, now < last + PairBotTiming.minimumGuessGap { return nil }
        switch inbox[0].planner.next(using: &random) {
        case .guess(let text):
            inbox[0].lastGuess = text
            inbox[0].answered = true
            inbox[0].awaitingResult = true
            stats.guesses += 1
            lastGuessSentAt = now
            nextGuessAt = now + scaled(PairBotTiming.betweenGuesses)
            return .pairGuess(drawingId: inbox[0].drawingId, text: text)
        case .giveUp:
            // The reveal resolves it and schedules the next one.
            nextGuessAt = nil
            inbox[0].answered = true
            return .giveUp(drawingId: inbox[0].drawingId)
        }
    }

    /// The creator ends the pair once both sides' drawings are all sent and resolved.
    mutating func considerUnpairing(at now: Duration) {
        guard case .creator = configuration.role, !unpairRequested, inPairRoom, connected else { return }
        let allSent = drawingsStarted == configuration.drawings && openDrawing == nil && acknowledged.count == configuration.drawings
        guard allSent, unresolvedOwn.isEmpty, inbox.isEmpty, resolvedReceived.count >= configuration.drawings, repeatedSubmits.isEmpty
        else { return }
        unpairRequested = true
        schedule(.send(.unpair), at: now + scaled(PairBotTiming.pauseBeforeUnpair))
    }
}
