import DoodleBot
import DoodleClient
import DoodleCore
import Testing

@Suite("The pair bot's decisions, fed frame by frame")
struct PairBotBrainTests {
    static let vocabulary = BotVocabulary(dictionary: [], pack: ["kite", "pear", "tent", "banana", "giraffe"])

    static func brain(role: PairBotConfiguration.Role = .creator, offlineChance: Double = 0, repeatSubmitChance: Double = 0) -> PairBotBrain {
        PairBotBrain(
            configuration: PairBotConfiguration(
                name: "Pair1a", role: role, drawings: 1, skill: 1, speed: 100, offlineChance: offlineChance,
                repeatSubmitChance: repeatSubmitChance, vocabulary: vocabulary),
            seed: 7)
    }

    @discardableResult
    static func feed(_ brain: inout PairBotBrain, _ frames: [ServerFrame], at now: Duration = .zero) -> [PairBotNotice] {
        frames.flatMap { brain.handle($0, at: now) }
    }

    /// Asks for due actions every 10 ms from `start` for `span`, answering `suggestWords` as a
    /// server would, and returns the actions.
    static func run(_ brain: inout PairBotBrain, from start: Duration, for span: Duration) -> [PairBotAction] {
        var actions: [PairBotAction] = []
        var now = start
        while now <= start + span {
            let due = brain.dueActions(at: now)
            actions += due
            if due.contains(.send(.suggestWords)) {
                feed(&brain, [PairFrames.frame(#"{"type":"wordSuggestions","words":["kite","pear","tent"]}"#)], at: now)
            }
            now += .milliseconds(10)
        }
        return actions
    }

    /// A creator in its formed pair room (seq 0).
    static func pairedCreator(offlineChance: Double = 0, repeatSubmitChance: Double = 0) -> PairBotBrain {
        var brain = brain(offlineChance: offlineChance, repeatSubmitChance: repeatSubmitChance)
        _ = brain.connectionOpened(at: .zero)
        feed(&brain, [PairFrames.welcome])
        _ = brain.dueActions(at: .zero)
        feed(&brain, [PairFrames.waiting(), PairFrames.paired(seq: 0)])
        return brain
    }

    static func submittedId(in actions: [PairBotAction]) -> String? {
        actions.lazy.compactMap { action -> String? in
            if case .send(.pair(.submitDrawing(let id))) = action { id } else { nil }
        }.first
    }

    @Test("the creator opens its pair room, reports its code, then hears it is paired")
    func creatorEntry() {
        var brain = Self.brain()
        #expect(brain.connectionOpened(at: .zero) == .hello(protocol: 1, name: "Pair1a", token: nil, lastSeq: nil))
        Self.feed(&brain, [PairFrames.welcome])
        #expect(brain.dueActions(at: .zero) == [.send(.createRoom(mode: .pair, settings: SettingsPatch()))])
        #expect(Self.feed(&brain, [PairFrames.waiting()]) == [.pairCode("K7PQ2M")])
        #expect(Self.feed(&brain, [PairFrames.paired(seq: 0)]) == [.paired(pairId: "pr_1")])
        #expect(brain.violations.isEmpty)
    }

    @Test("the joiner joins with the code it was given")
    func joinerEntry() {
        var brain = Self.brain(role: .joiner(code: "K7PQ2M"))
        _ = brain.connectionOpened(at: .zero)
        Self.feed(&brain, [PairFrames.welcome])
        #expect(brain.dueActions(at: .zero) == [.send(.joinRoom(code: "K7PQ2M"))])
    }

    @Test("a whole pair from the creator's side: draw and submit, guess the partner's, unpair when all is resolved")
    func wholePair() throws {
        var brain = Self.pairedCreator()
        let drawing = Self.run(&brain, from: .zero, for: .seconds(3))
        let begins = drawing.filter { if case .send(.pair(.beginDrawing)) = $0 { true } else { false } }
        #expect(begins.count == 1)
        #expect(drawing.contains { if case .send(.draw) = $0 { true } else { false } }, "strokes between begin and submit")
        let clientDrawingId = try #require(Self.submittedId(in: drawing))
        Self.feed(&brain, [PairFrames.drawingSent(clientDrawingId, "d_mine", seq: 1)], at: .seconds(3))
        #expect(brain.acknowledged == [clientDrawingId: "d_mine"])

        Self.feed(&brain, [PairFrames.drawingReceived("d_hers", seq: 2)], at: .seconds(3))
        let guesses = Self.run(&brain, from: .seconds(3), for: .seconds(1))
        guard case .send(.guess(let text, let drawingId?)) = guesses.first else {
            Issue.record("no guess: \(guesses)")
            return
        }
        #expect(drawingId == "d_hers")
        #expect(HintPattern("____").matches(text), "a skilled bot guesses words that fit the hint")
        Self.feed(&brain, [PairFrames.guessResult("d_hers", correct: true), PairFrames.drawingGuessed("d_hers", word: text, seq: 3)], at: .seconds(4))
        #expect(!Self.run(&brain, from: .seconds(4), for: .seconds(1)).contains(.send(.unpair)), "its own drawing is not resolved yet")
        Self.feed(&brain, [PairFrames.drawingGuessed("d_mine", word: "kite", seq: 4, guesser: PairFrames.partner)], at: .seconds(5))
        #expect(Self.run(&brain, from: .seconds(5), for: .seconds(1)).contains(.send(.unpair)))
        Self.feed(&brain, [PairFrames.unpaired(by: PairFrames.me, seq: 5)], at: .seconds(6))
        #expect(brain.isFinished)
        #expect(brain.violations.isEmpty, "\(brain.violations)")
        #expect(brain.stats.guessed == 1 && brain.stats.drawingsSent == 1)
    }

    @Test("a word that reached the recipient before it was resolved is a violation, found when the word is revealed")
    func wordLeak() {
        var brain = Self.pairedCreator()
        let leaky = PairFrames.paired(seq: 1, inbox: #"[{"drawingId":"d_hers","fromId":"p_ada","hint":"____","sentAt":5,"attempts":0,"strokes":[],"word":"pear"}]"#)
        Self.feed(&brain, [leaky])
        #expect(brain.violations.isEmpty, "the bot cannot know yet")
        Self.feed(&brain, [PairFrames.drawingRevealed("d_hers", word: "pear", seq: 2)])
        #expect(brain.violations.map(\.kind) == [.wordLeaked])
    }

    @Test("the bot's own draft and sent words, its own guesses and its partner's guesses at its drawings are no leak")
    func ownWordsAreNoLeak() {
        var brain = Self.pairedCreator()
        Self.feed(&brain, [
            PairFrames.drawingReceived("d_hers", seq: 1),
            PairFrames.paired(
                seq: 1, inbox: "[\(PairFrames.inboxItem("d_hers"))]", draft: #"{"clientDrawingId":"c_12345678","word":"pear","strokes":[]}"#),
            PairFrames.chat("d_mine", text: "pear", seq: 2),
            PairFrames.drawingReceived("d_hers2", seq: 3),
            PairFrames.chat("d_hers2", text: "pear", seq: 4, from: PairFrames.me),
            PairFrames.drawingRevealed("d_hers", word: "pear", seq: 5),
        ])
        #expect(brain.violations.isEmpty, "\(brain.violations)")
    }

    @Test("a gap in seq, an error and a roomState inbox missing a waiting drawing are violations")
    func violations() {
        var brain = Self.pairedCreator()
        Self.feed(&brain, [PairFrames.drawingReceived("d_hers", seq: 2)])
        #expect(brain.violations.map(\.kind) == [.sequence])
        Self.feed(&brain, [PairFrames.error("invalid_target", ref: "guess")])
        #expect(brain.violations.map(\.kind) == [.sequence, .errorReceived])
        Self.feed(&brain, [PairFrames.paired(seq: 3)])
        #expect(brain.violations.count == 3, "d_hers is unresolved but not in the inbox")
    }

    @Test("a guess refused as too fast is counted and waited out, not a violation")
    func rateLimitedGuess() {
        var brain = Self.pairedCreator()
        Self.feed(&brain, [PairFrames.drawingReceived("d_hers", seq: 1), PairFrames.error("rate_limited", ref: "guess")])
        #expect(brain.violations.isEmpty)
        #expect(brain.stats.guessesRefused == 1)
    }

    @Test("after a guess the bot waits for its result before the next attempt, so a right guess still in flight is never followed by a give-up")
    func waitsForTheGuessResult() throws {
        var brain = Self.pairedCreator()
        Self.feed(&brain, [PairFrames.drawingReceived("d_hers", seq: 1)])
        let first = Self.run(&brain, from: .zero, for: .seconds(3)).filter(Self.isAttempt)
        #expect(first.count == 1, "one guess, then nothing while its answer is on its way: \(first)")
        // Long after the pause between guesses, still nothing: the answer has not come.
        #expect(Self.run(&brain, from: .seconds(3), for: .seconds(30)).filter(Self.isAttempt).isEmpty)
        Self.feed(&brain, [PairFrames.guessResult("d_hers", correct: false)], at: .seconds(33))
        #expect(Self.run(&brain, from: .seconds(33), for: .seconds(3)).filter(Self.isAttempt).count == 1, "the next attempt once it came")
        #expect(brain.violations.isEmpty)
    }

    static func isAttempt(_ action: PairBotAction) -> Bool {
        switch action {
        case .send(.guess(_, .some)), .send(.pair(.giveUp)): true
        default: false
        }
    }

    @Test("a repeated submit answered with the same drawing is fine; with another drawing it is a violation")
    func repeatedSubmit() throws {
        var brain = Self.pairedCreator(repeatSubmitChance: 1)
        let clientDrawingId = try #require(Self.submittedId(in: Self.run(&brain, from: .zero, for: .seconds(3))))
        Self.feed(&brain, [PairFrames.drawingSent(clientDrawingId, "d_mine", seq: 1)], at: .seconds(3))
        #expect(Self.run(&brain, from: .seconds(3), for: .milliseconds(20)).contains(.send(.submitDrawing(clientDrawingId: clientDrawingId))))
        Self.feed(&brain, [PairFrames.drawingSent(clientDrawingId, "d_mine", seq: nil)], at: .seconds(3))
        #expect(brain.violations.isEmpty, "\(brain.violations)")
        Self.feed(&brain, [PairFrames.drawingSent(clientDrawingId, "d_other", seq: nil)], at: .seconds(3))
        #expect(brain.violations.map(\.kind) == [.malformedMessage])
    }

    @Test("after an acknowledged drawing the bot may go offline, and comes back with its token")
    func offlineAndBack() throws {
        var brain = Self.pairedCreator(offlineChance: 1)
        let clientDrawingId = try #require(Self.submittedId(in: Self.run(&brain, from: .zero, for: .seconds(3))))
        Self.feed(&brain, [PairFrames.drawingSent(clientDrawingId, "d_mine", seq: 1)], at: .seconds(3))
        let actions = Self.run(&brain, from: .seconds(3), for: .milliseconds(50))
        guard case .goOffline(let until) = actions.last else {
            Issue.record("no offline period: \(actions)")
            return
        }
        #expect(until > .seconds(3))
        brain.connectionLost()
        guard case .session(.hello(_, _, let token, let lastSeq, _)) = brain.connectionOpened(at: until) else {
            Issue.record("no hello")
            return
        }
        #expect(token == "secret")
        #expect(lastSeq == nil || lastSeq == 1)
        // Not re-seated (its grace ran out): it enters its pair room as a client would.
        Self.feed(&brain, [PairFrames.welcome], at: until)
        let entry = Self.run(&brain, from: until, for: .seconds(3))
        #expect(entry.first == .send(.createRoom(mode: .pair, settings: SettingsPatch())))
        // The drawing sent while it was away is in the inbox.
        Self.feed(&brain, [PairFrames.paired(seq: 4, inbox: "[\(PairFrames.inboxItem("d_hers"))]", sent: #"[{"drawingId":"d_mine","clientDrawingId":"\#(clientDrawingId)","word":"kite","sentAt":1,"attempts":0}]"#)])
        #expect(brain.received == ["d_hers"] && brain.stats.foundInInbox == 1)
        #expect(brain.violations.isEmpty, "\(brain.violations)")
    }

    @Test("the guess planner tries words of the hint's shape and gives up when its patience runs out")
    func planner() {
        var random = SeededRandom(seed: 1)
        var planner = PairGuessPlanner(hint: "____", likely: ["kite", "boat"], vocabulary: Self.vocabulary, skill: 1, using: &random)
        var moves: [PairGuessPlanner.Move] = []
        for _ in 0..<20 { moves.append(planner.next(using: &random)) }
        let guesses = moves.compactMap { if case .guess(let text) = $0 { text } else { nil } }
        #expect(guesses.allSatisfy { $0.count >= 3 && $0.count <= 4 }, "\(guesses)")
        #expect(Set(guesses).isSuperset(of: ["kite", "boat"]) || guesses.count == planner.patience)
        #expect(moves.last == .giveUp)
    }
}
