/// Server resources over a measurement window (only when the tool can read the server's `/proc`).
public struct ServerUsage: Sendable, Codable, Equatable {
    /// CPU seconds the server used in the window.
    public var cpuSeconds: Double
    /// CPU seconds per wall second (2.0 is both cores of this machine).
    public var cores: Double
    /// Messages delivered (strokes to guessers and back to drawers, and chat lines) per server CPU second.
    public var deliveredPerCPUSecond: Double
    /// Resident memory at the end of the window, in bytes.
    public var residentBytes: Int
}

/// One measurement window at a fixed number of rooms.
public struct StepResult: Sendable, Codable, Equatable {
    public var rooms: Int
    public var connections: Int
    public var windowSeconds: Double
    /// Drawing messages the drawers were asked to send per second, and what they managed.
    public var targetSentPerSecond: Double
    public var sentPerSecond: Double
    /// Stroke messages delivered per second: to guessers, and in all (drawer echoes included).
    public var deliveredToGuessersPerSecond: Double
    public var deliveredPerSecond: Double
    /// Drawer→guesser latency over the window.
    public var latency: LatencySummary
    public var server: ServerUsage?
    /// Connections opened (with their room set up) per second while this step's rooms were added.
    public var setupConnectionsPerSecond: Double
    /// Lost, out-of-order, failed or refused messages seen so far in the run (must stay 0).
    public var errorsSoFar: Int
    /// Wrong guesses sent per second, and the chat lines they became, delivered per second (all members).
    public var guessesPerSecond: Double = 0
    public var chatLinesDeliveredPerSecond: Double = 0
    /// Rooms that began during the window, replacing rooms that ended.
    public var roomsStarted = 0
    /// CPU seconds per wall second of the load generator itself (this process), to tell a full
    /// generator from a full server.
    public var generatorCores: Double?
    /// Drawers' ticks per second that fell between turns, when nobody held the turn, so sent
    /// nothing (rooms that play turn after turn; else 0).
    public var ticksBetweenTurnsPerSecond: Double = 0

    /// True when the drawers kept at least 95% of their rate, ticks between turns counted as
    /// kept (a tick on time with nothing to send): the load was really offered.
    public var drawersKeptUp: Bool { sentPerSecond + ticksBetweenTurnsPerSecond >= targetSentPerSecond * 0.95 }
}

/// Correctness over a whole run, after the drain.
public struct DeliveryTotals: Sendable, Codable, Equatable {
    /// Drawing messages the drawers sent.
    public var sent = 0
    /// Deliveries expected (sent × members) and received.
    public var expectedDeliveries = 0
    public var receivedDeliveries = 0
    /// Deliveries that never arrived.
    public var lost = 0
    /// Drawing messages out of order by content, or with a repeated or earlier `seq`.
    public var outOfOrder = 0
    /// Gaps in room `seq`.
    public var seqGaps = 0
    /// Drawing messages that were none of the drawer's.
    public var unrecognised = 0
    /// `error` messages the server sent (rate limits, invalid strokes).
    public var serverErrors = 0
    /// Connections that ended during the run, and rooms that could not be set up (first few).
    public var failures: [String] = []

    public var isClean: Bool {
        lost == 0 && outOfOrder == 0 && seqGaps == 0 && unrecognised == 0 && serverErrors == 0 && failures.isEmpty
    }

    /// Everything that counts as an error, in one number.
    public var errorCount: Int { lost + outOfOrder + seqGaps + unrecognised + serverErrors + failures.count }
}

/// One drawing load run against one target.
public struct DrawingRunResult: Sendable, Codable, Equatable {
    public var target: String
    public var playersPerRoom: Int
    public var messagesPerSecondPerDrawer: Int
    /// Points per point-carrying message, on average.
    public var pointsPerMessage: Double
    public var steps: [StepResult]
    public var totals: DeliveryTotals
    /// Why the run stopped adding rooms, for a ramp.
    public var stopReason: String
    /// The server's peak resident memory over its life, when known.
    public var serverPeakResidentBytes: Int?
    /// Joins redirected to another node and followed there (a cluster target; else 0).
    public var redirectsFollowed: Int?
    /// Rooms that played over the run, those that replaced ended ones included.
    public var roomsPlayed: Int?
    /// The server's resident memory before the first room, when known.
    public var serverIdleResidentBytes: Int?
    /// Turns drawn in all the rooms (the lean generator's rooms play turn after turn; the
    /// others' one each).
    public var turnsDrawn: Int?
}
