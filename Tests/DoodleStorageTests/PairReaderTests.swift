import DoodleCore
import DoodleStorage
import Testing

/// What the pair HTTP routes read: pages of a player's history, who may see a word, and the
/// privacy of one drawing, over a real SQLite file written through `PairRepository`.
@Suite("Pair reader")
struct PairReaderTests {
    static let start = StorageFixtures.start

    /// `owner` opens `code` and `joiner` takes it, forming `pairId`.
    static func form(_ pairs: any PairRepository, _ pairId: String, owner: PlayerID, joiner: PlayerID, code: String) async throws {
        _ = try await pairs.membership(of: owner, now: start) { code }
        let formation = try await pairs.form(code: code, joiner: joiner, joinerName: joiner, pairId: pairId, now: start)
        #expect(formation == .formed(pairId: pairId, ownerId: owner))
    }

    /// Stores a drawing from `sender` to `recipient` sent at `start + at`.
    static func send(
        _ pairs: any PairRepository, _ id: String, in pairId: String, from sender: PlayerID, to recipient: PlayerID, at offset: Int64,
        word: String = "kite"
    ) async throws {
        let actions: [DrawingAction] = [
            .strokeBegin(StrokeBegin(strokeId: 1, tool: .pen, color: "#123456", width: 4, points: [10, 10, 20, 20])),
            .strokeEnd(strokeId: 1),
            .fill(FillAction(x: 5, y: 5, color: "#abcdef")),
            .undo,
        ]
        let submission = PairSubmission(
            drawingId: id, clientDrawingId: "c_\(id)_client", senderId: sender, recipientId: recipient, word: word,
            sentAt: start + offset, actions: actions, strokes: CanvasReplay.visibleItems(after: actions))
        #expect(try await pairs.store(submission, pairId: pairId) == .stored)
    }

    static func resolve(_ pairs: any PairRepository, _ id: String, in pairId: String, status: PairDrawingStatus) async throws {
        let resolution = DrawingResolution(
            drawingId: id, guesserId: status == .guessed ? "p_bob" : nil, word: "kite", attempts: 2, gained: 90, drawerGained: 50,
            streak: 1, scores: [:])
        try await pairs.storeResolution(resolution, status: status, pairId: pairId, seq: 1, at: start + 1)
    }

    @Test("pages go newest first on (sentAt, id), ties included, and end with a null nextBefore")
    func keysetPages() async throws {
        try await StorageFixtures.withDatabase { database in
            let pairs = SQLitePairRepository(database: database)
            let reader = SQLitePairReader(database: database)
            try await Self.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
            // d_3 and d_4 were sent in the same millisecond: the id breaks the tie.
            for (id, at) in [("d_1", 10), ("d_2", 20), ("d_3", 30), ("d_4", 30), ("d_5", 40)] as [(String, Int64)] {
                try await Self.send(pairs, id, in: "pr_1", from: "p_ada", to: "p_bob", at: at)
            }
            var seen: [String] = []
            var before: String?
            var pages = 0
            repeat {
                let page = try #require(try await reader.drawings(of: "p_bob", box: .received, limit: 2, before: before))
                seen += page.drawings.map(\.drawingId)
                before = page.nextBefore
                pages += 1
            } while before != nil && pages < 10
            #expect(seen == ["d_5", "d_4", "d_3", "d_2", "d_1"])
            #expect(pages == 3)

            let sent = try #require(try await reader.drawings(of: "p_ada", box: .sent, limit: 100, before: nil))
            #expect(sent.drawings.map(\.drawingId) == ["d_5", "d_4", "d_3", "d_2", "d_1"])
            #expect(sent.nextBefore == nil)
            #expect(try await reader.drawings(of: "p_ada", box: .received, limit: 100, before: nil)?.drawings.isEmpty == true)
            let exact = try #require(try await reader.drawings(of: "p_bob", box: .received, limit: 5, before: nil))
            #expect(exact.drawings.count == 5 && exact.nextBefore == nil, "a full last page has no next page")

            // A cursor must be a drawing in the caller's own box: unknown and foreign ids alike are refused.
            #expect(try await reader.drawings(of: "p_bob", box: .received, limit: 2, before: "d_nope") == nil)
            #expect(try await reader.drawings(of: "p_bob", box: .sent, limit: 2, before: "d_3") == nil)
            #expect(try await reader.drawings(of: "p_cy", box: .received, limit: 2, before: "d_3") == nil)
        }
    }

    @Test("the history spans every pair the player was ever in; latest-received only the current one")
    func everyPair() async throws {
        try await StorageFixtures.withDatabase { database in
            let pairs = SQLitePairRepository(database: database)
            let reader = SQLitePairReader(database: database)
            try await Self.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
            try await Self.send(pairs, "d_old", in: "pr_1", from: "p_bob", to: "p_ada", at: 10)
            #expect(try await reader.latestReceived(by: "p_ada", pairId: "pr_1")?.drawingId == "d_old")
            try await pairs.end(pairId: "pr_1", by: "p_bob", seq: 1, at: Self.start + 20)
            #expect(try await reader.currentPairId(of: "p_ada") == nil)

            try await Self.form(pairs, "pr_2", owner: "p_cy", joiner: "p_ada", code: "CYCODE")
            #expect(try await reader.currentPairId(of: "p_ada") == "pr_2")
            #expect(try await reader.latestReceived(by: "p_ada", pairId: "pr_2") == nil, "nothing from the new partner yet")
            try await Self.send(pairs, "d_new", in: "pr_2", from: "p_cy", to: "p_ada", at: 30)
            try await Self.send(pairs, "d_mine", in: "pr_2", from: "p_ada", to: "p_cy", at: 40)

            let received = try #require(try await reader.drawings(of: "p_ada", box: .received, limit: 20, before: nil))
            #expect(received.drawings.map(\.drawingId) == ["d_new", "d_old"])
            #expect(received.drawings.map(\.pairId) == ["pr_2", "pr_1"])
            #expect(received.drawings.map(\.status) == [.pending, .closed])
            #expect(try await reader.latestReceived(by: "p_ada", pairId: "pr_2")?.drawingId == "d_new")
        }
    }

    @Test("the word: always for the sender; for the recipient only once guessed or given up, never pending or closed")
    func wordVisibility() async throws {
        try await StorageFixtures.withDatabase { database in
            let pairs = SQLitePairRepository(database: database)
            let reader = SQLitePairReader(database: database)
            try await Self.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
            for (id, at) in [("d_guessed", 10), ("d_gaveup", 20), ("d_pending", 30), ("d_closed", 40)] as [(String, Int64)] {
                try await Self.send(pairs, id, in: "pr_1", from: "p_ada", to: "p_bob", at: at, word: "word-\(id)")
            }
            try await Self.resolve(pairs, "d_guessed", in: "pr_1", status: .guessed)
            try await Self.resolve(pairs, "d_gaveup", in: "pr_1", status: .gaveUp)
            try await Self.send(pairs, "d_closed_too", in: "pr_1", from: "p_ada", to: "p_bob", at: 50)
            #expect(try await reader.drawing(id: "d_pending", viewer: "p_bob")?.drawing.word == nil, "pending: hidden")
            #expect(try await reader.drawing(id: "d_pending", viewer: "p_ada")?.drawing.word == "word-d_pending")
            try await pairs.end(pairId: "pr_1", by: "p_ada", seq: 2, at: Self.start + 60)

            let received = try #require(try await reader.drawings(of: "p_bob", box: .received, limit: 20, before: nil))
            let words = Dictionary(uniqueKeysWithValues: received.drawings.map { ($0.drawingId, $0.word) })
            #expect(words["d_guessed"] == "word-d_guessed")
            #expect(words["d_gaveup"] == "word-d_gaveup")
            // Pending when the pair ended, so closed: hidden from the recipient for good.
            #expect(words["d_pending"] == .some(nil))
            #expect(words["d_closed"] == .some(nil))
            #expect(words["d_closed_too"] == .some(nil))
            #expect(received.drawings.first { $0.drawingId == "d_pending" }?.status == .closed)
            let sent = try #require(try await reader.drawings(of: "p_ada", box: .sent, limit: 20, before: nil))
            #expect(sent.drawings.allSatisfy { $0.word != nil }, "the sender sees every word")

            // The same rule for one drawing, fetched whole.
            #expect(try await reader.drawing(id: "d_closed", viewer: "p_bob")?.drawing.word == nil)
            #expect(try await reader.drawing(id: "d_closed", viewer: "p_ada")?.drawing.word == "word-d_closed")
            #expect(try await reader.drawing(id: "d_gaveup", viewer: "p_bob")?.drawing.word == "word-d_gaveup")

            // The rule itself, for every status.
            for status in [PairDrawingStatus.pending, .guessed, .gaveUp, .closed] {
                #expect(PairDrawing.wordVisible(to: "p_ada", senderId: "p_ada", recipientId: "p_bob", status: status))
                #expect(!PairDrawing.wordVisible(to: "p_cy", senderId: "p_ada", recipientId: "p_bob", status: status))
                let resolved = status == .guessed || status == .gaveUp
                #expect(PairDrawing.wordVisible(to: "p_bob", senderId: "p_ada", recipientId: "p_bob", status: status) == resolved)
            }
        }
    }

    @Test("one drawing is its two partners' only: a third player or no viewer gets what an unknown id gets")
    func drawingPrivacy() async throws {
        try await StorageFixtures.withDatabase { database in
            let pairs = SQLitePairRepository(database: database)
            let reader = SQLitePairReader(database: database)
            try await Self.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
            try await Self.send(pairs, "d_1", in: "pr_1", from: "p_ada", to: "p_bob", at: 10)

            let forBob = try #require(try await reader.drawing(id: "d_1", viewer: "p_bob"))
            #expect(forBob.drawing.fromId == "p_ada" && forBob.drawing.toId == "p_bob")
            #expect(forBob.drawing.status == .pending && forBob.resolvedAt == nil)
            #expect(forBob.actions.count == 4)
            #expect(forBob.drawing.strokes.count == 1, "the fill was undone")
            #expect(try await reader.drawing(id: "d_1", viewer: "p_ada") != nil)
            #expect(try await reader.drawing(id: "d_1", viewer: "p_cy") == nil)
            #expect(try await reader.drawing(id: "d_1", viewer: nil) == nil)
            #expect(try await reader.drawing(id: "d_unknown", viewer: "p_bob") == nil)
        }
    }

    @Test("a live pair as each partner sees it; an outsider or an ended pair has none")
    func overview() async throws {
        try await StorageFixtures.withDatabase { database in
            try await StorageFixtures.withRunningWriter(database) { writer in
                let players = PlayerRepository(store: SQLitePlayerStore(database: database), writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                await StorageFixtures.hello(players, "p_bob", name: "Bob")
                let pairs = SQLitePairRepository(database: database)
                let reader = SQLitePairReader(database: database)
                try await Self.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
                try await Self.send(pairs, "d_1", in: "pr_1", from: "p_ada", to: "p_bob", at: 10)
                let resolution = DrawingResolution(
                    drawingId: "d_1", guesserId: "p_bob", word: "kite", attempts: 1, gained: 100, drawerGained: 50, streak: 1,
                    scores: ["p_bob": 100, "p_ada": 50])
                try await pairs.storeResolution(resolution, status: .guessed, pairId: "pr_1", seq: 3, at: Self.start + 20)

                let forAda = try #require(try await reader.overview(pairId: "pr_1", for: "p_ada"))
                #expect(forAda == PairOverview(
                    pairId: "pr_1", partnerId: "p_bob", partnerName: "Bob", since: Self.start, scores: ["p_ada": 50, "p_bob": 100], streak: 1))
                #expect(try await reader.overview(pairId: "pr_1", for: "p_bob")?.partnerName == "Ada")
                #expect(try await reader.overview(pairId: "pr_1", for: "p_cy") == nil)
                #expect(try await reader.drawings(of: "p_bob", box: .received, limit: 1, before: nil)?.drawings.first?.fromName == "Ada")
                try await pairs.end(pairId: "pr_1", by: "p_bob", seq: 4, at: Self.start + 30)
                #expect(try await reader.overview(pairId: "pr_1", for: "p_ada") == nil)
            }
        }
    }
}
