import DoodleBot
import DoodleClient
import DoodleCore

/// The house bots one room plays (`RoomStateMachine+HouseBots`): each is the bot brain
/// `doodle-bot` runs, with no connection. The room hands it the messages addressed to its seat
/// and, when the brain's time comes, sends what it decided as if the seat had sent it. Time is
/// the room's clock, so a bot under a test clock plays exactly as fast as the clock runs.
struct HouseBots {
    private struct Bot {
        var brain: BotBrain
        /// The room's clock when the bot took its seat: the brain's time counts from it.
        let seatedAt: Int64
    }

    private var bots: [PlayerID: Bot] = [:]
    /// The words each bot guesses from, by word pack: the pack the room plays, as a person who
    /// knows the game would guess from it.
    private let vocabulary: @Sendable (String) -> BotVocabulary

    init(vocabulary: @escaping @Sendable (String) -> BotVocabulary) {
        self.vocabulary = vocabulary
    }

    var isEmpty: Bool { bots.isEmpty }

    func plays(_ player: PlayerID) -> Bool { bots[player] != nil }

    /// A bot for the seat `player`, from now on.
    mutating func seat(_ player: PlayerID, name: String, wordPack: String, now: Int64) {
        let configuration = BotBrainConfiguration(
            name: name, entry: .seatedByServer, skill: Self.skill, chattiness: 0, liking: Self.liking, vocabulary: vocabulary(wordPack))
        // Its own random stream: the seat's id (random itself) and the time.
        var seed = FNV1aHash()
        seed.feed(Int(now))
        seed.feed(player)
        var brain = BotBrain(configuration: configuration, seed: seed.value)
        brain.seatedByServer(as: player)
        bots[player] = Bot(brain: brain, seatedAt: now)
    }

    mutating func remove(_ player: PlayerID) {
        bots[player] = nil
    }

    /// A message the room sent to `player`'s seat. The brain reads the decoded message only:
    /// the frame's text feeds its own checks for leaked words, which a bot the server runs has
    /// no use for.
    mutating func deliver(_ message: ServerMessage, to player: PlayerID, now: Int64) {
        guard var bot = bots[player] else { return }
        _ = bot.brain.handle(ServerFrame(text: "", message: message), at: Self.age(of: bot, at: now))
        bots[player] = bot
    }

    /// When a bot next has something to send (the room's clock), if any has. Rounded up to the
    /// millisecond: rounded down, the room woke a fraction of a millisecond before the brain's
    /// time, found nothing due and asked for the same instant again, which the room does not
    /// arm twice, so the room slept for good (its own deadlines behind the bot's).
    var nextWakeUp: Int64? {
        bots.values.compactMap { bot in bot.brain.nextWakeUp.map { bot.seatedAt + Self.millisecondsRoundedUp($0) } }.min()
    }

    /// What the bots send at `now`, each with its seat, in seat order so a room's bots act the
    /// same way at every run of a test.
    mutating func due(at now: Int64) -> [(player: PlayerID, message: ClientMessage)] {
        var due: [(PlayerID, ClientMessage)] = []
        for player in bots.keys.sorted() {
            guard var bot = bots[player] else { continue }
            for message in bot.brain.dueMessages(at: Self.age(of: bot, at: now)) { due.append((player, message)) }
            bots[player] = bot
        }
        return due
    }

    private static func age(of bot: Bot, at now: Int64) -> Duration {
        .milliseconds(max(0, now - bot.seatedAt))
    }

    private static func millisecondsRoundedUp(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return seconds * 1000 + (attoseconds + perMillisecond - 1) / perMillisecond
    }

    /// Good enough to guess some words from their hints, not so good that people never win.
    static let skill = 0.35
    static let liking = 0.3
}
