/// The pair room's `roomState` for one partner (PROTOCOL.md rev 3, fine print "roomState"):
/// you first, your own draft only, the drawings waiting for you without their words, and your
/// own waiting drawings with theirs.
public struct PairRoomSnapshot: Sendable, Equatable {
    public struct Player: Sendable, Equatable {
        public var id: PlayerID
        public var name: String
        public var connected: Bool
    }

    public struct Pair: Sendable, Equatable {
        public var pairId: String
        public var since: Int64
        public var scores: [PlayerID: Int]
        public var streak: Int
    }

    public struct Draft: Sendable, Equatable {
        public var clientDrawingId: String
        public var word: String
        public var strokes: [CanvasItem]
    }

    public var seq: Int
    public var players: [Player]
    public var pair: Pair
    public var draft: Draft?
    public var inbox: [PairInboxItem]
    public var sent: [PairSentItem]
}

extension PairStateMachine {
    public func snapshot(for player: PlayerID) -> PairRoomSnapshot {
        let players = partners.sorted { first, _ in first.id == player }
        return PairRoomSnapshot(
            seq: seq,
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
