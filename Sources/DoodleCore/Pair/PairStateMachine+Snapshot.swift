extension PairStateMachine {
    public func snapshot(for player: PlayerID) -> PairRoomSnapshot {
        let players = partners.sorted { first, _ in first.id == player }
        return PairRoomSnapshot(
            seq: seq, code: nil, phase: .paired,
            players: players.map { PairRoomSnapshot.Player(id: $0.id, name: $0.name, connected: $0.connected) },
            pair: PairRoomSnapshot.Pair(pairId: pairId, since: since, scores: scores, streak: streak),
            draft: drafts[player].map {
                PairRoomSnapshot.Draft(clientDrawingId: $0.clientDrawingId, word: $0.word, strokes: $0.board.visible)
            },
            inbox: pending.filter { $0.submission.recipientId == player }.map(inboxItem),
            sent: pending.filter { $0.submission.senderId == player }.map {
                PairSentItem(
                    drawingId: $0.submission.drawingId, clientDrawingId: $0.submission.clientDrawingId, word: $0.submission.word,
                    sentAt: $0.submission.sentAt, attempts: $0.attempts)
            })
    }
}
