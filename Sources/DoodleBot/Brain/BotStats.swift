/// What one bot did during a run.
public struct BotStats: Sendable, Equatable, Codable {
    public var guessesSent = 0
    public var correctGuesses = 0
    public var closeGuesses = 0
    public var chatsSent = 0
    /// Likes sent for drawings the bot guessed.
    public var reactionsSent = 0
    public var turnsDrawn = 0
    public var drawingMessagesSent = 0
    public var errorsReceived = 0
    /// Errors for a drawing message or word choice that crossed a turn change in flight.
    public var crossedMessages = 0
    /// Guesses refused as over the rate limit although the bot kept its pace: they reached the
    /// server bunched.
    public var bunchedGuesses = 0
    public var reconnects = 0
    /// Redirects to another node of a cluster, each followed by a new connection there.
    public var redirects = 0
    /// Telephone: sentences written, steps seen, entries the reveal showed, and the words the
    /// bot described drawings with (it cannot see them).
    public var textsWritten = 0
    public var stepsSeen = 0
    public var entriesRevealed = 0
    public var descriptions: [String] = []

    public init() {}
}
