import DoodleBot
import DoodleClient
import DoodleCore
import Testing

@Suite("The bot's decisions, fed frame by frame")
struct BotBrainTests {
    static let vocabulary = BotVocabulary(dictionary: [], pack: ["banana", "apple", "giraffe", "umbrella", "kite"])

    static func guesser(skill: Double = 1, strict: Bool = false, liking: Double = 0) -> BotBrain {
        BotBrain(
            configuration: BotBrainConfiguration(
                name: "Bot1", entry: .join(code: "K7PQ2M"), skill: skill, speed: 1, strict: strict, chattiness: 0,
                liking: liking, vocabulary: vocabulary),
            seed: 3)
    }

    /// Feeds `messages` at time `now` and returns every notice.
    @discardableResult
    static func feed(_ brain: inout BotBrain, _ messages: [ServerMessage], at now: Duration = .zero) -> [BotNotice] {
        messages.flatMap { brain.handle(Frames.frame($0), at: now) }
    }

    /// A guesser seated in a room whose turn (Ada drawing) has begun.
    static func guesserInTurn(hint: String = "______", liking: Double = 0) -> BotBrain {
        var brain = guesser(liking: liking)
        feed(&brain, [Frames.welcome])
        _ = brain.dueMessages(at: .zero)  // the joinRoom
        feed(&brain, [Frames.lobby(seq: 3)])
        feed(&brain, [
            .event(.phaseChoosing(round: 1, drawerId: "p_ada", deadline: 0), seq: 4),
            .event(.phaseDrawing(deadline: 0, hint: hint, word: nil), seq: 5),
        ])
        return brain
    }

    @Test("after welcome the bot joins its room, once")
    func joinsAfterWelcome() {
        var brain = Self.guesser()
        #expect(brain.connectionOpened(at: .zero) == .hello(protocol: 1, name: "Bot1", token: nil, lastSeq: nil))
        Self.feed(&brain, [Frames.welcome])
        #expect(brain.dueMessages(at: .zero) == [.joinRoom(code: "K7PQ2M")])
        Self.feed(&brain, [Frames.lobby(seq: 3)])
        #expect(brain.dueMessages(at: .seconds(10)).isEmpty)
    }

    @Test("a redirected join is asked again, with the token, after the next node's welcome; a redirected resume is not")
    func redirects() {
        var brain = Self.guesser()
        Self.feed(&brain, [Frames.welcome])
        #expect(brain.dueMessages(at: .zero) == [.joinRoom(code: "K7PQ2M")])
        let elsewhere = Redirect(url: "ws://node-b.test/v1/ws", code: "K7PQ2M")
        #expect(Self.feed(&brain, [.redirect(elsewhere)]).isEmpty, "a redirect is no violation")
        #expect(brain.takeRedirect() == elsewhere)
        #expect(brain.takeRedirect() == nil, "taken once")
        #expect(brain.connectionOpened(at: .zero) == .hello(protocol: 1, name: "Bot1", token: "secret", lastSeq: nil))
        Self.feed(&brain, [Frames.welcome])
        #expect(brain.dueMessages(at: .zero) == [.joinRoom(code: "K7PQ2M")], "the join is repeated on the hosting node")
        #expect(brain.stats.redirects == 1)

        var seated = Self.guesserInTurn()
        Self.feed(&seated, [.redirect(elsewhere)])
        #expect(seated.takeRedirect() == elsewhere)
        #expect(seated.connectionOpened(at: .zero) == .hello(protocol: 1, name: "Bot1", token: "secret", lastSeq: 5))
        Self.feed(&seated, [Frames.welcome])
        #expect(!seated.dueMessages(at: .zero).contains(.joinRoom(code: "K7PQ2M")), "a resume finds the seat by the token")
    }

    @Test("after a drop the hello carries the token and the last seq")
    func resumeHello() {
        var brain = Self.guesserInTurn()
        #expect(brain.connectionOpened(at: .seconds(1)) == .hello(protocol: 1, name: "Bot1", token: "secret", lastSeq: 5))
    }

    @Test("a guesser that receives the word before guessing reports a leak when the turn reveals it")
    func detectsInjectedLeak() {
        var brain = Self.guesserInTurn()
        // The injected leak: a room event that carries the word to a guesser that has not guessed.
        Self.feed(&brain, [.event(.chat(playerId: "p_ada", text: "Banana", guessedOnly: false), seq: 6)], at: .seconds(1))
        #expect(brain.violations.isEmpty, "the bot cannot know yet")
        let notices = Self.feed(
            &brain, [.event(.turnEnded(TurnSummary(word: "banana", reason: .timeout, scores: [], drawingId: nil)), seq: 7)], at: .seconds(2))
        #expect(brain.violations.map(\.kind) == [.wordLeaked])
        #expect(notices.contains { if case .violation(let v) = $0 { v.kind == .wordLeaked } else { false } })
    }

    @Test("a guesser's phase drawing with the word in it is a leak at once")
    func detectsWordInPhase() {
        var brain = Self.guesser()
        Self.feed(&brain, [Frames.welcome, Frames.lobby(seq: 3)])
        Self.feed(&brain, [
            .event(.phaseChoosing(round: 1, drawerId: "p_ada", deadline: 0), seq: 4),
            .event(.phaseDrawing(deadline: 0, hint: "______", word: "banana"), seq: 5),
        ])
        #expect(brain.violations.map(\.kind) == [.wordLeaked])
    }

    @Test("no leak in a clean turn, nor in what arrives after the bot's own correct guess")
    func noFalseLeak() {
        var brain = Self.guesserInTurn()
        Self.feed(&brain, [
            .event(.hint("b_____"), seq: 6),
            // A player called like the word is no leak: people choose their names.
            .event(.playerJoined(Frames.player("p_b", "banana")), seq: 7),
            .guessResult(.correct(word: "banana", gained: 300)),
            .event(.chat(playerId: "p_ada", text: "banana", guessedOnly: true), seq: nil),
            .event(.turnEnded(TurnSummary(word: "banana", reason: .allGuessed, scores: [], drawingId: "d_1")), seq: 8),
        ])
        #expect(brain.violations.isEmpty, "\(brain.violations)")
    }

    @Test("a bot that likes what it guesses sends one like after its correct guess, and none before")
    func likesWhatItGuessed() throws {
        var liker = Self.guesserInTurn(liking: 1)
        #expect(!liker.dueMessages(at: .seconds(60)).contains(.react(.like)), "no like before the guess")
        Self.feed(&liker, [.guessResult(.correct(word: "banana", gained: 300))], at: .seconds(60))
        #expect(liker.dueMessages(at: .seconds(62)) == [.react(.like)])
        #expect(liker.stats.reactionsSent == 1)
        var indifferent = Self.guesserInTurn(liking: 0)
        Self.feed(&indifferent, [.guessResult(.correct(word: "banana", gained: 300))], at: .seconds(60))
        #expect(indifferent.dueMessages(at: .seconds(62)).isEmpty)
    }

    @Test("a skilled guesser guesses the candidate that fits the hint, no faster than the rate limit allows")
    func guessesFromHint() throws {
        var brain = Self.guesserInTurn(hint: "_i____e")
        #expect(brain.dueMessages(at: .milliseconds(10)).isEmpty, "it thinks first")
        let wake = try #require(brain.nextWakeUp)
        #expect(brain.dueMessages(at: wake) == [.guess(text: "giraffe")])
        let next = try #require(brain.nextWakeUp)
        #expect(next - wake >= .seconds(1))
    }

    @Test("a seq gap is a violation and triggers a sync; a missing seq and a malformed frame are violations")
    func sequenceAndMalformed() {
        var brain = Self.guesser()
        Self.feed(&brain, [Frames.welcome, Frames.lobby(seq: 3)])
        _ = brain.dueMessages(at: .zero)
        Self.feed(&brain, [.event(.playerJoined(Frames.player("p_c", "Cy")), seq: 6)])
        #expect(brain.violations.map(\.kind) == [.sequence])
        #expect(brain.dueMessages(at: .zero) == [.sync])
        Self.feed(&brain, [.event(.playerLeft(playerId: "p_c", reason: .left), seq: nil)])
        _ = brain.handle(ServerFrame(text: "{\"type\":\"nonsense\"}", message: nil, decodingFailure: "unknown type"), at: .zero)
        #expect(brain.violations.map(\.kind) == [.sequence, .missingSeq, .malformedMessage])
    }

    @Test("with --strict an error is fatal; without, only one about entering the room is")
    func strictErrors() {
        var strict = Self.guesser(strict: true)
        Self.feed(&strict, [Frames.welcome, Frames.lobby(seq: 3), .error(ProtocolError(.badMessage, "text must be 1–200 characters", ref: "guess"))])
        #expect(strict.violations.map(\.kind) == [.errorReceived])
        #expect(strict.isFinished)

        var lenient = Self.guesser()
        Self.feed(&lenient, [Frames.welcome, Frames.lobby(seq: 3), .error(ProtocolError(.badMessage, "text must be 1–200 characters", ref: "guess"))])
        #expect(lenient.violations.isEmpty)
        #expect(!lenient.isFinished)

        // A bot that keeps its pace and still has a guess refused as too fast: its guesses
        // reached the server bunched; counted, no violation.
        var paced = Self.guesser(strict: true)
        Self.feed(&paced, [Frames.welcome, Frames.lobby(seq: 3), .error(ProtocolError(.rateLimited, "slow down", ref: "guess"))])
        #expect(paced.violations.isEmpty)
        #expect(paced.stats.bunchedGuesses == 1)
        #expect(!paced.isFinished)

        // A stroke that was in flight when the turn ended is refused; that is no violation.
        var drawer = Self.guesser(strict: true)
        Self.feed(&drawer, [
            Frames.welcome, Frames.lobby(seq: 3), .event(.phaseChoosing(round: 1, drawerId: "p_bot", deadline: 0), seq: 4),
            .event(.phaseDrawing(deadline: 0, hint: "____", word: "kite"), seq: 5),
            .event(.turnEnded(TurnSummary(word: "kite", reason: .allGuessed, scores: [], drawingId: "d_1")), seq: 6),
            .error(ProtocolError(.invalidPhase, "not drawing", ref: "strokePoints")),
        ])
        #expect(drawer.violations.isEmpty)
        #expect(!drawer.isFinished)

        var refused = Self.guesser()
        Self.feed(&refused, [Frames.welcome, .error(ProtocolError(.roomFull, "full", ref: "joinRoom"))])
        #expect(refused.failure != nil)
    }

    @Test("as drawer the bot picks a word it can sketch, then streams the sketch")
    func drawerChoosesAndDraws() {
        var brain = Self.guesser()
        Self.feed(&brain, [Frames.welcome, Frames.lobby(seq: 3)])
        _ = brain.dueMessages(at: .zero)
        Self.feed(&brain, [
            .event(.phaseChoosing(round: 1, drawerId: "p_bot", deadline: 0), seq: 4),
            .chooseWord(choices: ["accordion", "house", "zebra crossing"]),
        ])
        #expect(brain.dueMessages(at: .milliseconds(100)).isEmpty, "it thinks first")
        #expect(brain.dueMessages(at: .seconds(3)) == [.chooseWord(index: 1)])
        Self.feed(&brain, [.event(.phaseDrawing(deadline: 0, hint: "_____", word: "house"), seq: 5)], at: .seconds(3))
        var sent: [ClientMessage] = []
        var now = Duration.seconds(3)
        while let wake = brain.nextWakeUp, now < .seconds(60) {
            now = max(now, wake)
            sent += brain.dueMessages(at: now)
        }
        let types = sent.map(\.typeName)
        #expect(types.first == "strokeBegin")
        #expect(types.filter { $0 == "strokeBegin" }.count == 5, "the house has five strokes")
        #expect(types.filter { $0 == "strokeEnd" }.count == 5)
        #expect(!types.contains("guess"), "a drawer never guesses")
    }

    @Test("the creator starts the game once the expected players are in")
    func creatorStarts() {
        var brain = BotBrain(
            configuration: BotBrainConfiguration(
                name: "Bot1", entry: .create(SettingsPatch(rounds: 1), startWithPlayers: 3), vocabulary: Self.vocabulary),
            seed: 1)
        Self.feed(&brain, [ServerMessage.welcome(Welcome(playerId: "p_ada", name: "Bot1", token: "t", serverTime: 0))])
        #expect(brain.dueMessages(at: .zero) == [.createRoom(mode: .party, settings: SettingsPatch(rounds: 1))])
        Self.feed(&brain, [Frames.lobby(seq: 0)])
        #expect(brain.nextWakeUp == nil, "two of three players")
        Self.feed(&brain, [.event(.playerJoined(Frames.player("p_c", "Cy")), seq: 1)])
        #expect(brain.dueMessages(at: .seconds(1)) == [.startGame])
    }
}
