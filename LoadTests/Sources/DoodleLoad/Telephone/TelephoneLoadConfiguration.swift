import DoodleCore

/// `doodle-load --telephone`: rooms of telephone players, each game from its start to its end.
public struct TelephoneLoadConfiguration: Sendable, Codable, Equatable {
    /// Rooms played at once.
    public var rooms: Int
    /// Players per room (3–16).
    public var players: Int
    /// The steps' time limits; players submit well before them, so a step ends when all have.
    public var writeSeconds: Int
    public var drawSeconds: Int
    /// Strokes each drawing has, and points per stroke message; one message every
    /// `strokeIntervalMilliseconds`, a drawer's pace.
    public var strokesPerDrawing: Int
    public var pointsPerMessage: Int
    public var strokeIntervalMilliseconds: Int
    /// How long a player thinks before a text (write or describe).
    public var thinkMilliseconds: Int
    /// The owner's pause between two `revealNext`s.
    public var revealPauseMilliseconds: Int
    /// The longest a whole game may take before the run counts it as stuck.
    public var gameTimeoutSeconds: Int

    public init(
        rooms: Int = 50, players: Int = 8, writeSeconds: Int = 40, drawSeconds: Int = 60, strokesPerDrawing: Int = 6,
        pointsPerMessage: Int = 8, strokeIntervalMilliseconds: Int = 50, thinkMilliseconds: Int = 800, revealPauseMilliseconds: Int = 100,
        gameTimeoutSeconds: Int = 600
    ) {
        self.rooms = rooms
        self.players = players
        self.writeSeconds = writeSeconds
        self.drawSeconds = drawSeconds
        self.strokesPerDrawing = strokesPerDrawing
        self.pointsPerMessage = pointsPerMessage
        self.strokeIntervalMilliseconds = strokeIntervalMilliseconds
        self.thinkMilliseconds = thinkMilliseconds
        self.revealPauseMilliseconds = revealPauseMilliseconds
        self.gameTimeoutSeconds = gameTimeoutSeconds
    }

    /// What is wrong with the configuration, if anything: every count is bounded.
    public var violation: String? {
        guard (1...2_000).contains(rooms) else { return "--rooms must be 1–2000" }
        guard (3...16).contains(players) else { return "--telephone-players must be 3–16 (a telephone room's bounds)" }
        guard (1...50).contains(strokesPerDrawing) else { return "strokes per drawing must be 1–50" }
        guard (2...100).contains(pointsPerMessage) else { return "points per message must be 2–100" }
        guard (10...1_000).contains(strokeIntervalMilliseconds) else { return "the stroke interval must be 10–1000 ms" }
        guard (0...10_000).contains(thinkMilliseconds) else { return "the think time must be 0–10000 ms" }
        guard (0...10_000).contains(revealPauseMilliseconds) else { return "the reveal pause must be 0–10000 ms" }
        guard (10...3_600).contains(gameTimeoutSeconds) else { return "the game timeout must be 10–3600 s" }
        return nil
    }

    /// The room's settings: time limits far above what the players take.
    var settings: SettingsPatch {
        SettingsPatch(maxPlayers: 16, drawSeconds: drawSeconds, writeSeconds: writeSeconds)
    }
}
