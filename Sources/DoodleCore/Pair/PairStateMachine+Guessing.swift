extension PairStateMachine {
    /// A guess at a drawing sent to `player`. Every guess is an attempt; the guesser hears its
    /// `guessResult` first, then both see a wrong guess as `chat`, or the outcome.
    public mutating func guess(_ player: PlayerID, drawingId: String, text: String) -> [PairEffect] {
        guard let index = guessable(drawingId, by: player) else {
            return error(.invalidTarget, "no drawing of your partner's waits for a guess under that id", to: player, ref: "guess")
        }
        // The party rule's bound: a guess is at most `limits.maxGuessLength` characters, whichever
        // way it came (the HTTP body alone would let 16 KiB through to the partner's chat).
        guard text.count <= limits.maxGuessLength else {
            return error(.badMessage, "text must be 1–\(limits.maxGuessLength) characters", to: player, ref: "guess")
        }
        let normalized = GuessNormalizer.normalize(text)
        guard !normalized.isEmpty else { return error(.badMessage, "the guess is empty", to: player, ref: "guess") }
        pending[index].attempts += 1
        let drawing = pending[index]
        let attempts = drawing.attempts
        let match = GuessMatch.compare(guess: normalized, word: drawing.normalizedWord)
        switch match {
        case .correct:
            let gained = rules.guesserGain(attempts: attempts)
            scores[player, default: 0] += gained
            scores[drawing.submission.senderId, default: 0] += rules.drawer
            streak += 1
            pending.remove(at: index)
            let resolution = resolution(of: drawing, guesser: player, gained: gained, drawerGained: rules.drawer)
            return [
                .send(to: [player], .guessResult(drawingId: drawingId, correct: true, close: false, gained: gained)),
                broadcast(.drawingGuessed(resolution, seq: nextSeq())),
                .storeResolution(resolution, status: .guessed),
            ]
        case .close, .wrong:
            let close = match == .close
            var effects: [PairEffect] = [.send(to: [player], .guessResult(drawingId: drawingId, correct: false, close: close, gained: 0))]
            if attempts >= rules.maxGuessesPerDrawing {
                return effects + reveal(at: index)
            }
            if !close {
                effects.append(broadcast(.chat(playerId: player, text: text, drawingId: drawingId, seq: nextSeq())))
            }
            effects.append(.storeAttempt(drawingId: drawingId, attempts: attempts))
            return effects
        }
    }

    /// The recipient gives up: the word is shown to both and the streak is broken.
    public mutating func giveUp(_ player: PlayerID, drawingId: String) -> [PairEffect] {
        guard let index = guessable(drawingId, by: player) else {
            return error(.invalidTarget, "no drawing of your partner's waits for a guess under that id", to: player, ref: "giveUp")
        }
        return reveal(at: index)
    }

    /// Ends the pair: both drafts are discarded and the pending drawings closed, their words
    /// hidden from their recipients for good.
    public mutating func unpair(by player: PlayerID) -> [PairEffect] {
        guard isPartner(player), !isEnded else { return error(.notPaired, "you have no partner", to: player, ref: "unpair") }
        isEnded = true
        let closed = pending.map(\.submission.drawingId)
        pending = []
        drafts = [:]
        storing = [:]
        // Stored first: whoever hears `unpaired` may at once ask for a fresh code, and finds the pair gone.
        let told = PairEffect.endPair(by: player, closedDrawingIds: closed)
        return [told, broadcast(.unpaired(by: player, seq: nextSeq()))]
    }

    private func guessable(_ drawingId: String, by player: PlayerID) -> Int? {
        guard !isEnded else { return nil }
        return pending.firstIndex { $0.submission.drawingId == drawingId && $0.submission.recipientId == player }
    }

    private mutating func reveal(at index: Int) -> [PairEffect] {
        let drawing = pending.remove(at: index)
        streak = 0
        let resolution = resolution(of: drawing, guesser: nil, gained: 0, drawerGained: 0)
        return [broadcast(.drawingRevealed(resolution, seq: nextSeq())), .storeResolution(resolution, status: .gaveUp)]
    }

    private func resolution(of drawing: PendingDrawing, guesser: PlayerID?, gained: Int, drawerGained: Int) -> DrawingResolution {
        DrawingResolution(
            drawingId: drawing.submission.drawingId, guesserId: guesser, word: drawing.submission.word, attempts: drawing.attempts,
            gained: gained, drawerGained: drawerGained, streak: streak, scores: scores)
    }
}
