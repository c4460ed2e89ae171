/// The pair room's `roomState` for one partner (PROTOCOL.md rev 3, fine print "roomState"):
/// you first, your own draft only, the drawings waiting for you without their words, and your
/// own waiting drawings with theirs.
public struct PairRoomSnapshot: Sendable, Equatable {
    public struct Player: Sendable, Equatable, Codable {
        public var id: PlayerID
        public var name: String
        public var connected: Bool
    }

    public struct Pair: Sendable, Equatable, Codable {
        public var pairId: String
        public var since: Int64
        public var scores: [PlayerID: Int]
        public var streak: Int
    }

    public struct Draft: Sendable, Equatable, Codable {
        public var clientDrawingId: String
        public var word: String
        public var strokes: [CanvasItem]
    }

    public enum Phase: String, Sendable, Equatable, Codable {
        /// An open code, no partner yet.
        case waiting
        case paired
    }

    public var seq: Int
    /// The open code while waiting; nil once paired.
    public var code: String?
    public var phase: Phase
    public var players: [Player]
    /// Nil while waiting.
    public var pair: Pair?
    public var draft: Draft?
    public var inbox: [PairInboxItem]
    public var sent: [PairSentItem]

    /// The waiting room of a player with an open code.
    public static func waiting(seq: Int, code: String, player: PlayerID, name: String) -> PairRoomSnapshot {
        PairRoomSnapshot(
            seq: seq, code: code, phase: .waiting, players: [Player(id: player, name: name, connected: true)], pair: nil, draft: nil,
            inbox: [], sent: [])
    }
}
