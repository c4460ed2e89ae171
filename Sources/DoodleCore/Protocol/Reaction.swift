/// What a member thinks of the drawing on screen (`react`). `none` takes a reaction back.
public enum Reaction: String, Sendable, Equatable, CaseIterable, Codable {
    case like
    case dislike
    case none
}

/// One member's latest reaction to one drawing, as the room hands it to storage. Only the latest
/// per member and drawing counts; `none` removes it.
public struct DrawingReaction: Sendable, Equatable {
    public var drawingId: String
    public var playerId: PlayerID
    public var reaction: Reaction
    /// Milliseconds since 1970.
    public var at: Int64

    public init(drawingId: String, playerId: PlayerID, reaction: Reaction, at: Int64) {
        self.drawingId = drawingId
        self.playerId = playerId
        self.reaction = reaction
        self.at = at
    }
}

/// How many members like and dislike a stored drawing.
public struct ReactionCounts: Sendable, Equatable, Codable {
    public var like: Int
    public var dislike: Int

    public init(like: Int = 0, dislike: Int = 0) {
        self.like = like
        self.dislike = dislike
    }
}
