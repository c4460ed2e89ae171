import DoodleCore

/// What a pair bot's driver does next.
public enum PairBotAction: Sendable, Equatable {
    case send(ClientMessage)
    /// Close the connection normally and reconnect at `until` (bot time).
    case goOffline(until: Duration)
}

/// Something a pair bot's brain tells its driver while handling a message.
public enum PairBotNotice: Sendable, Equatable {
    /// The creator's pair code, for its partner to join with.
    case pairCode(String)
    case paired(pairId: String)
    case violation(BotViolation)
    case unpaired
    /// The bot cannot go on.
    case failed(String)
}

/// What one pair bot did during a run.
public struct PairBotStats: Sendable, Equatable, Codable {
    public var drawingsSent = 0
    public var drawingsReceived = 0
    public var guessed = 0
    public var gaveUp = 0
    /// Resolved by the bot's own guess or give-up whose answer was lost with its connection.
    public var resolvedUnheard = 0
    public var guesses = 0
    public var closeGuesses = 0
    /// Guesses the server refused with `rate_limited` (not a violation: see the brain).
    public var guessesRefused = 0
    public var wordSuggestionsAsked = 0
    public var repeatedSubmits = 0
    public var offlinePeriods = 0
    /// Resumes that named the last `seq` (replay) and those that did not (`roomState` with the inbox).
    public var resumesWithLastSeq = 0
    public var resumesWithSnapshot = 0
    /// Drawings found in a `roomState`'s inbox rather than delivered live.
    public var foundInInbox = 0
    public var drawingMessagesSent = 0
    /// Milliseconds from `submitDrawing` to its `drawingSent`, the slowest one.
    public var slowestAcknowledgementMilliseconds = 0.0

    public init() {}
}
