/// Why a player or a drawing is reported (`report`, `POST /v1/reports`).
public enum ReportReason: String, Sendable, Equatable, CaseIterable, Codable {
    case offensive
    case cheating
    case spam
    case other
}

/// What a room knows about a reported player when the report is filed: the room, the drawing on
/// screen (or the last one), and the player's last chat lines there, oldest first, as typed.
public struct ReportContext: Sendable, Equatable, Codable {
    public var roomCode: String
    public var drawingId: String?
    public var chatLines: [String]

    public init(roomCode: String, drawingId: String?, chatLines: [String]) {
        self.roomCode = roomCode
        self.drawingId = drawingId
        self.chatLines = chatLines
    }
}
