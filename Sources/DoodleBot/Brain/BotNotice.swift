import DoodleCore

/// Where a room stands, as one bot sees it: what a progress line shows.
public struct RoomProgress: Sendable, Equatable, Codable {
    public struct Score: Sendable, Equatable, Codable {
        public var name: String
        public var score: Int
    }

    public var code: String
    public var phase: Phase
    public var round: Int?
    public var rounds: Int
    public var drawerName: String?
    /// Every player, in join order.
    public var scores: [Score]
}

/// Something a bot's brain tells its driver while handling a message.
public enum BotNotice: Sendable, Equatable {
    /// The bot is in room `code` (created or joined).
    case enteredRoom(code: String)
    /// The room's phase changed.
    case progress(RoomProgress)
    case violation(BotViolation)
    case gameEnded(GameSummary)
    /// The bot cannot go on (it could not create or join the room, or a `--strict` error).
    case failed(String)
}
