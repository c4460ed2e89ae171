import DoodleCore

/// A stored drawing without its stroke record, as lists show it.
public struct DrawingSummary: Sendable, Equatable, Encodable {
    public var id: String
    public var gameId: String
    public var roomCode: String
    public var word: String
    public var drawer: PlayerReference
    public var guesserCount: Int
    /// How many members like and dislike it now.
    public var reactions: ReactionCounts
    /// Milliseconds since 1970: when the drawing phase began and when the turn ended.
    public var startedAt: Int64
    public var endedAt: Int64

    public init(
        id: String, gameId: String, roomCode: String, word: String, drawer: PlayerReference, guesserCount: Int,
        reactions: ReactionCounts, startedAt: Int64, endedAt: Int64
    ) {
        self.id = id
        self.gameId = gameId
        self.roomCode = roomCode
        self.word = word
        self.drawer = drawer
        self.guesserCount = guesserCount
        self.reactions = reactions
        self.startedAt = startedAt
        self.endedAt = endedAt
    }
}
