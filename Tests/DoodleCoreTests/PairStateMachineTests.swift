import Testing

@testable import DoodleCore

@Suite("Pair state machine")
struct PairStateMachineTests {
    static let ada = Fixtures.id("Ada")
    static let bob = Fixtures.id("Bob")
    static let now = Fixtures.start

    static func makePair(streak: Int = 0) throws -> PairStateMachine {
        let stored = PairStateMachine.Stored(
            pairId: "pr_test", since: now, partners: [(ada, "Ada"), (bob, "Bob")], streak: streak)
        let rules = try Fixtures.rules()
        return PairStateMachine(stored, rules: rules.pair, limits: rules.limits, seed: 7)
    }

    static let line: [DrawingAction] = [
        .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#112233", width: 4, points: [10, 10, 20, 20])),
        .strokePoints(strokeId: 1, points: [30, 30]),
        .strokeEnd(strokeId: 1),
    ]

    /// Ada draws `word` and submits it; storage confirms. Returns the drawing id.
    static func send(_ word: String, from sender: PlayerID = ada, id: String = "c_00000001", in pair: inout PairStateMachine) -> String {
        #expect(pair.beginDrawing(sender, clientDrawingId: id, word: word).isEmpty)
        for action in line { #expect(pair.draw(sender, action).isEmpty) }
        let effects = pair.submit(sender, clientDrawingId: id, now: now + 1000)
        guard case .storeDrawing(let submission) = effects.first else {
            Issue.record("expected a store, got \(effects)")
            return ""
        }
        _ = pair.stored(sender: sender, clientDrawingId: id, outcome: .stored)
        return submission.drawingId
    }

    static func messages(_ effects: [PairEffect], to player: PlayerID) -> [PairMessage] {
        effects.compactMap { effect in
            if case .send(let recipients, let message) = effect, recipients.contains(player) { message } else { nil }
        }
    }

    @Test("a submitted drawing is stored first, then sent and received as one event, without its word for the partner")
    func submitStoreDeliver() throws {
        var pair = try Self.makePair()
        _ = pair.connect(Self.ada)
        _ = pair.connect(Self.bob)
        _ = pair.beginDrawing(Self.ada, clientDrawingId: "c_00000001", word: "  ice cream ")
        for action in Self.line { _ = pair.draw(Self.ada, action) }
        let submit = pair.submit(Self.ada, clientDrawingId: "c_00000001", now: Self.now + 5)
        guard case .storeDrawing(let submission) = try #require(submit.first), submit.count == 1 else {
            Issue.record("a submit stores and says nothing yet: \(submit)")
            return
        }
        #expect(submission.word == "ice cream")
        #expect(submission.actions == Self.line)
        #expect(submission.recipientId == Self.bob)

        let delivered = pair.stored(sender: Self.ada, clientDrawingId: "c_00000001", outcome: .stored)
        let seq = pair.seq
        #expect(Self.messages(delivered, to: Self.ada) == [.drawingSent(clientDrawingId: "c_00000001", drawingId: submission.drawingId, seq: seq)])
        guard case .drawingReceived(let item, let receivedSeq) = try #require(Self.messages(delivered, to: Self.bob).first) else {
            Issue.record("Bob receives the drawing")
            return
        }
        #expect(receivedSeq == seq)
        #expect(item.hint == "___ _____")
        #expect(item.strokes.count == 1)
        #expect(pair.snapshot(for: Self.bob).inbox == [item])
        #expect(pair.snapshot(for: Self.ada).sent.map(\.word) == ["ice cream"])
        #expect(!"\(Self.messages(delivered, to: Self.bob))".contains("ice"), "the word never reaches the recipient")
    }

    @Test("a repeated submit answers the same drawing privately and stores nothing, before and after storage answers")
    func idempotentSubmit() throws {
        var pair = try Self.makePair()
        _ = pair.beginDrawing(Self.ada, clientDrawingId: "c_00000001", word: "kite")
        for action in Self.line { _ = pair.draw(Self.ada, action) }
        let first = pair.submit(Self.ada, clientDrawingId: "c_00000001", now: Self.now)
        #expect(first.count == 1)
        #expect(pair.submit(Self.ada, clientDrawingId: "c_00000001", now: Self.now).isEmpty, "a submit while storing waits for it")
        let answered = pair.stored(sender: Self.ada, clientDrawingId: "c_00000001", outcome: .stored)
        let sent = Self.messages(answered, to: Self.ada)
        #expect(sent.count == 2)
        #expect(sent.last?.seq == nil, "the repeat is answered without seq")
        let again = pair.submit(Self.ada, clientDrawingId: "c_00000001", now: Self.now)
        guard case .drawingSent(_, let drawingId, nil) = try #require(Self.messages(again, to: Self.ada).first) else {
            Issue.record("a later repeat answers drawingSent without seq: \(again)")
            return
        }
        #expect(pair.snapshot(for: Self.bob).inbox.map(\.drawingId) == [drawingId], "delivered once")
    }

    @Test("storage that already had the clientDrawingId (a retry across a restart) answers the stored id and delivers nothing")
    func alreadyStored() throws {
        var pair = try Self.makePair()
        _ = pair.beginDrawing(Self.ada, clientDrawingId: "c_00000001", word: "kite")
        for action in Self.line { _ = pair.draw(Self.ada, action) }
        _ = pair.submit(Self.ada, clientDrawingId: "c_00000001", now: Self.now)
        let seqBefore = pair.seq
        let effects = pair.stored(sender: Self.ada, clientDrawingId: "c_00000001", outcome: .alreadyStored(drawingId: "d_earlier"))
        #expect(effects == [.send(to: [Self.ada], .drawingSent(clientDrawingId: "c_00000001", drawingId: "d_earlier", seq: nil))])
        #expect(pair.seq == seqBefore)
        #expect(pair.snapshot(for: Self.bob).inbox.isEmpty)
    }

    @Test("bad drafts: drawing without beginDrawing, a bad word or id, an empty submit, an unknown id")
    func badDrafts() throws {
        var pair = try Self.makePair()
        #expect(Self.messages(pair.draw(Self.ada, .undo), to: Self.ada).first.map(errorCode) == .invalidPhase)
        for word in ["", "   ", "1234", String(repeating: "a", count: 31), "ab\u{7}c"] {
            let effects = pair.beginDrawing(Self.ada, clientDrawingId: "c_00000001", word: word)
            #expect(Self.messages(effects, to: Self.ada).first.map(errorCode) == .badMessage, "word \(word.debugDescription)")
        }
        for id in ["short", String(repeating: "x", count: 65), "has space1"] {
            let effects = pair.beginDrawing(Self.ada, clientDrawingId: id, word: "kite")
            #expect(Self.messages(effects, to: Self.ada).first.map(errorCode) == .badMessage, "id \(id)")
        }
        _ = pair.beginDrawing(Self.ada, clientDrawingId: "c_00000001", word: "kite")
        _ = pair.draw(Self.ada, .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#000000", width: 3, points: [])))
        #expect(Self.messages(pair.submit(Self.ada, clientDrawingId: "c_00000001", now: Self.now), to: Self.ada).first.map(errorCode) == .invalidStroke)
        #expect(Self.messages(pair.submit(Self.ada, clientDrawingId: "c_99999999", now: Self.now), to: Self.ada).first.map(errorCode) == .invalidPhase)
    }

    @Test("guesses: wrong ones are chat to both, close ones private, the right one scores by attempts and extends the streak")
    func guessing() throws {
        var pair = try Self.makePair(streak: 2)
        let drawingId = Self.send("kite", in: &pair)
        let wrong = pair.guess(Self.bob, drawingId: drawingId, text: "tree")
        #expect(Self.messages(wrong, to: Self.bob).first == .guessResult(drawingId: drawingId, correct: false, close: false, gained: 0))
        #expect(Self.messages(wrong, to: Self.ada).count == 1, "Ada sees the attempt as chat")
        let close = pair.guess(Self.bob, drawingId: drawingId, text: "kites")
        #expect(Self.messages(close, to: Self.ada).isEmpty, "a close guess is private")
        let right = pair.guess(Self.bob, drawingId: drawingId, text: "Kite")
        guard case .drawingGuessed(let resolution, _) = try #require(Self.messages(right, to: Self.ada).first) else {
            Issue.record("expected drawingGuessed, got \(right)")
            return
        }
        #expect(resolution.attempts == 3)
        #expect(resolution.gained == 80, "max(10, 110 − 10 × 3)")
        #expect(resolution.drawerGained == 50)
        #expect(resolution.streak == 3)
        #expect(resolution.scores == [Self.bob: 80, Self.ada: 50])
        #expect(right.contains(.storeResolution(resolution, status: .guessed)))
        #expect(pair.snapshot(for: Self.bob).inbox.isEmpty)
    }

    @Test("only the recipient guesses a pending drawing; own, unknown and resolved ones are invalid_target")
    func guessTargets() throws {
        var pair = try Self.makePair()
        let drawingId = Self.send("kite", in: &pair)
        #expect(Self.messages(pair.guess(Self.ada, drawingId: drawingId, text: "kite"), to: Self.ada).first.map(errorCode) == .invalidTarget)
        #expect(Self.messages(pair.guess(Self.bob, drawingId: "d_nothing", text: "kite"), to: Self.bob).first.map(errorCode) == .invalidTarget)
        _ = pair.guess(Self.bob, drawingId: drawingId, text: "kite")
        #expect(Self.messages(pair.giveUp(Self.bob, drawingId: drawingId), to: Self.bob).first.map(errorCode) == .invalidTarget)
    }

    @Test("giving up reveals the word to both and breaks the streak; so does the 30th wrong guess")
    func revealing() throws {
        var pair = try Self.makePair(streak: 4)
        let first = Self.send("kite", in: &pair)
        let gaveUp = pair.giveUp(Self.bob, drawingId: first)
        guard case .drawingRevealed(let resolution, _) = try #require(Self.messages(gaveUp, to: Self.bob).first) else {
            Issue.record("expected drawingRevealed")
            return
        }
        #expect(resolution.word == "kite")
        #expect(resolution.streak == 0)

        let second = Self.send("pear", id: "c_00000002", in: &pair)
        for attempt in 1..<30 {
            let effects = pair.guess(Self.bob, drawingId: second, text: "wrong\(attempt)")
            #expect(!effects.contains { if case .send(_, .drawingRevealed) = $0 { true } else { false } })
        }
        let last = pair.guess(Self.bob, drawingId: second, text: "still wrong")
        let toBob = Self.messages(last, to: Self.bob)
        #expect(toBob.count == 2)
        guard case .drawingRevealed(let revealed, _) = toBob.last else {
            Issue.record("the 30th wrong guess reveals the drawing: \(toBob)")
            return
        }
        #expect(revealed.attempts == 30)
    }

    @Test("unpairing closes pending drawings for good, discards drafts and tells both")
    func unpairing() throws {
        var pair = try Self.makePair()
        let drawingId = Self.send("kite", in: &pair)
        _ = pair.beginDrawing(Self.bob, clientDrawingId: "c_bobdraft", word: "moon")
        let effects = pair.unpair(by: Self.bob)
        #expect(effects.contains(.endPair(by: Self.bob, closedDrawingIds: [drawingId])))
        #expect(Self.messages(effects, to: Self.ada) == [.unpaired(by: Self.bob, seq: pair.seq)])
        #expect(Self.messages(pair.guess(Self.bob, drawingId: drawingId, text: "kite"), to: Self.bob).first.map(errorCode) == .invalidTarget)
        #expect(pair.snapshot(for: Self.bob).draft == nil)
        #expect(Self.messages(pair.unpair(by: Self.ada), to: Self.ada).first.map(errorCode) == .notPaired)
    }

    @Test("presence: entering and leaving are events to both, a leaver's draft is stored, the snapshot lists you first")
    func presence() throws {
        var pair = try Self.makePair()
        #expect(Self.messages(pair.connect(Self.bob), to: Self.ada) == [.playerConnection(playerId: Self.bob, connected: true, seq: 1)])
        #expect(pair.connect(Self.bob).isEmpty, "already present")
        _ = pair.beginDrawing(Self.bob, clientDrawingId: "c_bobdraft", word: "moon")
        let left = pair.disconnect(Self.bob)
        #expect(left.contains { if case .storeDraft(Self.bob, .some(let draft)) = $0 { draft.word == "moon" } else { false } })
        let snapshot = pair.snapshot(for: Self.bob)
        #expect(snapshot.players.map(\.id) == [Self.bob, Self.ada])
        #expect(snapshot.draft?.word == "moon")
        #expect(pair.snapshot(for: Self.ada).draft == nil, "a partner's draft is never shown")
    }

    @Test("a failed store gives the draft back, and the same submit can be tried again")
    func storeFailure() throws {
        var pair = try Self.makePair()
        _ = pair.beginDrawing(Self.ada, clientDrawingId: "c_00000001", word: "kite")
        for action in Self.line { _ = pair.draw(Self.ada, action) }
        _ = pair.submit(Self.ada, clientDrawingId: "c_00000001", now: Self.now)
        let failed = pair.storeFailed(sender: Self.ada, clientDrawingId: "c_00000001")
        #expect(Self.messages(failed, to: Self.ada).first.map(errorCode) == .internal)
        #expect(pair.snapshot(for: Self.ada).draft?.strokes.count == 1)
        let retry = pair.submit(Self.ada, clientDrawingId: "c_00000001", now: Self.now)
        #expect(retry.count == 1)
    }

    @Test("a partner may keep pair.maxWaitingPerSender drawings waiting; the next submit or upload is rate_limited until one is guessed")
    func waitingLimit() throws {
        let rules = try Fixtures.rules()
        var pairRules = rules.pair
        pairRules.maxWaitingPerSender = 2
        var pair = PairStateMachine(
            PairStateMachine.Stored(pairId: "pr_test", since: Self.now, partners: [(Self.ada, "Ada"), (Self.bob, "Bob")], streak: 0),
            rules: pairRules, limits: rules.limits, seed: 7)
        let first = Self.send("kite", id: "c_00000001", in: &pair)
        _ = Self.send("moon", id: "c_00000002", in: &pair)
        #expect(pair.beginDrawing(Self.ada, clientDrawingId: "c_00000003", word: "tree").isEmpty)
        for action in Self.line { #expect(pair.draw(Self.ada, action).isEmpty) }
        let refused = pair.submit(Self.ada, clientDrawingId: "c_00000003", now: Self.now)
        #expect(Self.messages(refused, to: Self.ada).first.map(errorCode) == .rateLimited)
        #expect(!refused.contains { if case .storeDrawing = $0 { true } else { false } })
        #expect(pair.snapshot(for: Self.ada).draft != nil, "the refused drawing stays a draft, nothing lost")
        let upload = pair.upload(Self.ada, clientDrawingId: "c_00000004", word: "tree", items: pair.snapshot(for: Self.ada).draft?.strokes ?? [], now: Self.now)
        #expect(Self.messages(upload, to: Self.ada).first.map(errorCode) == .rateLimited)
        // Bob's own drawings have their own allowance.
        _ = Self.send("sun", from: Self.bob, id: "c_00000005", in: &pair)
        _ = pair.guess(Self.bob, drawingId: first, text: "kite")
        let accepted = pair.submit(Self.ada, clientDrawingId: "c_00000003", now: Self.now)
        #expect(accepted.contains { if case .storeDrawing = $0 { true } else { false } })
    }

    @Test("a pair guess longer than limits.maxGuessLength is bad_message and costs no attempt")
    func longGuess() throws {
        var pair = try Self.makePair()
        let drawingId = Self.send("kite", in: &pair)
        let limit = try Fixtures.rules().limits.maxGuessLength
        let long = pair.guess(Self.bob, drawingId: drawingId, text: String(repeating: "k", count: limit + 1))
        #expect(Self.messages(long, to: Self.bob).first.map(errorCode) == .badMessage)
        #expect(Self.messages(long, to: Self.ada).isEmpty, "nothing reaches the partner's chat")
        let right = pair.guess(Self.bob, drawingId: drawingId, text: "kite")
        #expect(right.contains { if case .storeResolution(let resolution, _) = $0 { resolution.gained == 100 } else { false } }, "first attempt: \(right)")
    }

    private func errorCode(_ message: PairMessage) -> ErrorCode? {
        if case .error(let error) = message { error.code } else { nil }
    }
}
