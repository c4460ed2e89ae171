extension PairStateMachine {
    /// Opens a draft with its secret word, discarding any open one. Reusing a stored
    /// `clientDrawingId` is accepted: the submit will answer the stored drawing.
    public mutating func beginDrawing(_ player: PlayerID, clientDrawingId: String, word rawWord: String) -> [PairEffect] {
        guard !isEnded else { return error(.notPaired, "this pair has ended", to: player, ref: "beginDrawing") }
        guard PairWord.isClientDrawingId(clientDrawingId) else {
            return error(.badMessage, "clientDrawingId must be 8–64 characters of A–Z, a–z, 0–9, _ and -", to: player, ref: "beginDrawing")
        }
        switch PairWord.validate(rawWord, maxLength: rules.wordMaxLength) {
        case .failure(let problem):
            return [.send(to: [player], .error(problem.withRef("beginDrawing")))]
        case .success(let word):
            drafts[player] = PairDraft(clientDrawingId: clientDrawingId, word: word, board: DrawingBoard(limits: limits))
            return []
        }
    }

    /// A drawing message into the player's draft. Not relayed: only errors answer.
    public mutating func draw(_ player: PlayerID, _ action: DrawingAction) -> [PairEffect] {
        guard var draft = drafts[player] else {
            return error(.invalidPhase, "open a drawing with beginDrawing first", to: player, ref: action.typeName)
        }
        switch draft.board.apply(action) {
        case .failure(let problem):
            return [.send(to: [player], .error(problem.withRef(action.typeName)))]
        case .success:
            drafts[player] = draft
            return []
        }
    }

    /// Submits the draft `clientDrawingId`: handed to storage, and answered once stored. A
    /// submit of a drawing already stored (or being stored) answers it again, storing nothing.
    public mutating func submit(_ player: PlayerID, clientDrawingId: String, now: Int64) -> [PairEffect] {
        if let drawingId = storedIds[player]?[clientDrawingId] {
            if drafts[player]?.clientDrawingId == clientDrawingId { drafts[player] = nil }
            return [.send(to: [player], .drawingSent(clientDrawingId: clientDrawingId, drawingId: drawingId, seq: nil))]
        }
        if storing[clientDrawingId]?.submission.senderId == player {
            storing[clientDrawingId]?.repeats += 1
            return []
        }
        guard !isEnded, let recipient = partner(of: player) else {
            return error(.notPaired, "this pair has ended", to: player, ref: "submitDrawing")
        }
        guard let draft = drafts[player], draft.clientDrawingId == clientDrawingId else {
            return error(.invalidPhase, "no open drawing has that clientDrawingId", to: player, ref: "submitDrawing")
        }
        guard Self.isVisible(draft.board.visible) else {
            return error(.invalidStroke, "the drawing is empty", to: player, ref: "submitDrawing")
        }
        if let refusal = refusalOverWaitingLimit(of: player) { return refusal }
        let submission = PairSubmission(
            drawingId: OpaqueID.make(prefix: "d_", using: &random), clientDrawingId: clientDrawingId, senderId: player,
            recipientId: recipient, word: draft.word, sentAt: now, actions: draft.board.record, strokes: draft.board.visible)
        drafts[player] = nil
        storing[clientDrawingId] = Storing(submission: submission)
        return [.storeDrawing(submission)]
    }

    /// Storage has the submission `clientDrawingId` of `sender`: now the sender hears it was
    /// sent and the partner receives it — or, when storage already had it, the sender is
    /// answered with the stored drawing and nothing is delivered again.
    public mutating func stored(sender: PlayerID, clientDrawingId: String, outcome: PairStoreOutcome) -> [PairEffect] {
        guard let entry = storing.removeValue(forKey: clientDrawingId), entry.submission.senderId == sender else { return [] }
        let submission = entry.submission
        switch outcome {
        case .alreadyStored(let drawingId):
            storedIds[sender, default: [:]][clientDrawingId] = drawingId
            let answer = PairEffect.send(to: [sender], .drawingSent(clientDrawingId: clientDrawingId, drawingId: drawingId, seq: nil))
            return Array(repeating: answer, count: 1 + entry.repeats)
        case .stored:
            storedIds[sender, default: [:]][clientDrawingId] = submission.drawingId
            let normalized = GuessNormalizer.normalize(submission.word)
            pending.append(PendingDrawing(submission: submission, attempts: 0, normalizedWord: normalized))
            let seq = nextSeq()
            let repeatedAnswer = PairEffect.send(
                to: [sender], .drawingSent(clientDrawingId: clientDrawingId, drawingId: submission.drawingId, seq: nil))
            return [
                .send(to: [sender], .drawingSent(clientDrawingId: clientDrawingId, drawingId: submission.drawingId, seq: seq)),
                .send(to: [submission.recipientId], .drawingReceived(inboxItem(pending[pending.count - 1]), seq: seq)),
            ] + Array(repeating: repeatedAnswer, count: entry.repeats)
        }
    }

    /// Storage failed: the draft comes back to its sender, who may submit it again.
    public mutating func storeFailed(sender: PlayerID, clientDrawingId: String) -> [PairEffect] {
        guard let entry = storing.removeValue(forKey: clientDrawingId), entry.submission.senderId == sender else { return [] }
        if drafts[sender] == nil {
            drafts[sender] = PairDraft(replaying: entry.submission.actions, clientDrawingId: clientDrawingId, word: entry.submission.word, limits: limits)
        }
        return error(.internal, "the drawing could not be saved; submit it again", to: sender, ref: "submitDrawing")
    }

    /// "Empty" is nothing visible: no fill and no stroke with a point.
    static func isVisible(_ items: [CanvasItem]) -> Bool {
        items.contains { item in
            switch item {
            case .fill: true
            case .stroke(let stroke): !stroke.points.isEmpty
            }
        }
    }

    func inboxItem(_ drawing: PendingDrawing) -> PairInboxItem {
        PairInboxItem(
            drawingId: drawing.submission.drawingId, fromId: drawing.submission.senderId, hint: HintMask(word: drawing.submission.word).text,
            sentAt: drawing.submission.sentAt, attempts: drawing.attempts, strokes: drawing.submission.strokes)
    }
}

extension PairStateMachine {
    /// `rate_limited` when `sender` has `rules.maxWaitingPerSender` drawings waiting for its
    /// partner's guess already (stored or being stored); nil while it may send another.
    func refusalOverWaitingLimit(of sender: PlayerID) -> [PairEffect]? {
        let waiting = pending.count(where: { $0.submission.senderId == sender }) + storing.values.count(where: { $0.submission.senderId == sender })
        guard waiting >= rules.maxWaitingPerSender else { return nil }
        return error(
            .rateLimited, "\(waiting) of your drawings wait for your partner's guess already; send more once one is guessed or given up",
            to: sender, ref: "submitDrawing")
    }
}
