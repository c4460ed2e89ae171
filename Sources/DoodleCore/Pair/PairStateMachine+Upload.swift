extension PairStateMachine {
    /// A whole drawing uploaded at once by a client that drew offline: the items as `roomState`
    /// lists them, checked as if drawn live (except the per-message size, which an upload does
    /// not have), then stored like a submit — idempotent on `clientDrawingId` in the same way.
    public mutating func upload(_ player: PlayerID, clientDrawingId: String, word rawWord: String, items: [CanvasItem], now: Int64) -> [PairEffect] {
        if let drawingId = storedIds[player]?[clientDrawingId] {
            return [.send(to: [player], .drawingSent(clientDrawingId: clientDrawingId, drawingId: drawingId, seq: nil))]
        }
        guard !isEnded, let recipient = partner(of: player) else {
            return error(.notPaired, "you have no partner", to: player, ref: "submitDrawing")
        }
        guard PairWord.isClientDrawingId(clientDrawingId) else {
            return error(.badMessage, "clientDrawingId must be 8–64 characters of A–Z, a–z, 0–9, _ and -", to: player, ref: "submitDrawing")
        }
        if let refusal = refusalOverWaitingLimit(of: player) { return refusal }
        let word: String
        switch PairWord.validate(rawWord, maxLength: rules.wordMaxLength) {
        case .failure(let problem): return [.send(to: [player], .error(problem.withRef("submitDrawing")))]
        case .success(let valid): word = valid
        }
        var board = DrawingBoard(limits: limits)
        for action in Self.actions(drawing: items, pointsPerMessage: limits.maxPointsPerMessage) {
            if case .failure(let problem) = board.apply(action) {
                return [.send(to: [player], .error(problem.withRef("submitDrawing")))]
            }
        }
        guard Self.isVisible(board.visible) else {
            return error(.invalidStroke, "the drawing is empty", to: player, ref: "submitDrawing")
        }
        if drafts[player]?.clientDrawingId == clientDrawingId { drafts[player] = nil }
        let submission = PairSubmission(
            drawingId: OpaqueID.make(prefix: "d_", using: &random), clientDrawingId: clientDrawingId, senderId: player,
            recipientId: recipient, word: word, sentAt: now, actions: board.record, strokes: board.visible)
        storing[clientDrawingId] = Storing(submission: submission)
        return [.storeDrawing(submission)]
    }

    /// The drawing messages that draw `items`: a long stroke is split into messages of at most
    /// `pointsPerMessage` points, so the board's checks apply unchanged.
    static func actions(drawing items: [CanvasItem], pointsPerMessage: Int) -> [DrawingAction] {
        let chunk = max(1, pointsPerMessage) * 2
        var actions: [DrawingAction] = []
        for item in items {
            switch item {
            case .fill(let fill):
                actions.append(.fill(fill))
            case .stroke(let stroke):
                var begin = stroke
                begin.points = PointList(stroke.points.prefix(chunk))
                actions.append(.strokeBegin(begin))
                var offset = chunk
                while offset < stroke.points.count {
                    let end = min(offset + chunk, stroke.points.count)
                    actions.append(.strokePoints(strokeId: stroke.strokeId, points: PointList(stroke.points[offset..<end])))
                    offset = end
                }
                actions.append(.strokeEnd(strokeId: stroke.strokeId))
            }
        }
        return actions
    }

    /// Words to draw, for the one who asked: distinct, drawn from the default pack.
    public mutating func suggestWords(_ player: PlayerID) -> [PairEffect] {
        guard !isEnded else { return error(.notPaired, "this pair has ended", to: player, ref: "suggestWords") }
        var words = suggestionWords
        words.shuffle(using: &random)
        return [.send(to: [player], .wordSuggestions(Array(words.prefix(rules.wordSuggestions))))]
    }
}
