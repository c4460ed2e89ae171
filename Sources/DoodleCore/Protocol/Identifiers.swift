/// Player ids are opaque strings like `p_…` on the wire; a distinct type keeps them apart from
/// names, codes and words in the game logic.
public typealias PlayerID = String

/// Room modes of the contract.
public enum RoomMode: String, Sendable, Codable, Equatable, CaseIterable {
    case party
    case pair
    /// Chains of drawing and describing, revealed at the end (rev 5).
    case telephone
}

/// The phases a room moves through.
public enum Phase: String, Sendable, Codable, Equatable, CaseIterable {
    case lobby
    case choosing
    case drawing
    case turnEnd
    case gameOver
    /// A telephone game's step: everyone writes, draws or describes at once.
    case step
    /// A telephone game's end: the chains are shown entry by entry.
    case reveal
}

public enum DrawingTool: String, Sendable, Codable, Equatable {
    case pen
    case eraser
}

public enum LeaveReason: String, Sendable, Codable, Equatable {
    case left
    case kicked
    case timedOut
    /// A house bot gave its seat to a person who joined (revision 5).
    case replaced
}

public enum TurnEndReason: String, Sendable, Codable, Equatable {
    case allGuessed
    case timeout
    case drawerLeft
    case skipped
}

public enum GameEndReason: String, Sendable, Codable, Equatable {
    case completed
    case notEnoughPlayers
}
