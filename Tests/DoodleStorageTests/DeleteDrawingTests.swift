import DoodleCore
import DoodleStorage
import Testing

@Suite("Deleting a stored drawing")
struct DeleteDrawingTests {
    static let start = StorageFixtures.start

    @Test("a party drawing goes with its guesses and reactions: every read finds nothing, its game lists the others", arguments: Backend.allCases)
    func partyDrawing(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                var doomed = StorageFixtures.drawing(
                    id: "d_doomed", guessers: [GuessRecord(playerId: "p_bob", gained: 50, atMilliseconds: 10)], endedAt: Self.start + 200_000)
                doomed.reactions = [DrawingReaction(drawingId: "d_doomed", playerId: "p_bob", reaction: .dislike, at: Self.start)]
                writer.submit(StorageFixtures.drawing(id: "d_before", endedAt: Self.start + 100_000))
                writer.submit(doomed)
                writer.submit(StorageFixtures.drawing(id: "d_after", endedAt: Self.start + 300_000))
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 100), ("p_bob", "Bob", 50)]))
                #expect(await writer.flush())
            }
            let moderation = storage.moderation
            let report = try #require(
                try await moderation.fileReport(
                    ReportDraft(
                        reporterId: "p_bob", playerId: nil, drawingId: "d_doomed", reason: .offensive, text: nil, context: nil, at: Self.start),
                    limit: 10))

            #expect(try await moderation.deleteDrawing(id: "d_doomed") == .party(gameId: "g_1"))
            #expect(try await moderation.deleteDrawing(id: "d_doomed") == nil, "gone already")
            #expect(try await moderation.deleteDrawing(id: "d_unknown") == nil)

            let reader = storage.archiveReader
            #expect(try await reader.drawing(id: "d_doomed") == nil)
            #expect(try await reader.drawingEndedAt(id: "d_doomed") == nil)
            #expect(try await reader.drawingSummary(id: "d_doomed") == nil)
            let game = try #require(try await reader.game(id: "g_1"))
            #expect(game.drawings.map(\.id) == ["d_before", "d_after"])
            #expect(game.ranking.map(\.score) == [100, 50], "the scores it earned stay")
            let page = try #require(try await reader.drawings(by: "p_ada", limit: 10, before: nil))
            #expect(page.drawings.map(\.id) == ["d_after", "d_before"])
            #expect(try await sql.count("guess") == 0)
            #expect(try await sql.count("reaction") == 0)
            #expect(try await moderation.report(id: report)?.drawingId == "d_doomed", "a report keeps the id it was filed with")
            #expect(try await reader.leaderboard(limit: 10).players.map(\.score) == [100, 50])
        }
    }

    @Test("a pair drawing: no read finds it, and its recipient's latest falls back to the one before", arguments: Backend.allCases)
    func pairDrawing(backend: Backend) async throws {
        try await StorageFixtures.withStorage(backend) { storage, sql in
            try await StorageFixtures.withRunningWriter(storage) { writer in
                let players = PlayerRepository(store: storage.playerStore, writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                await StorageFixtures.hello(players, "p_bob", name: "Bob")
            }
            let pairs = storage.pairRepository(queuesNotifications: true)
            let reader = storage.pairReader
            try await PairReaderTests.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
            try await PairReaderTests.send(pairs, "d_first", in: "pr_1", from: "p_ada", to: "p_bob", at: 10)
            try await PairReaderTests.send(pairs, "d_reply", in: "pr_1", from: "p_bob", to: "p_ada", at: 15)
            let push = PushNotification(
                event: .drawingReceived, recipientId: "p_bob", pairId: "pr_1", drawingId: "d_latest", fromName: "Ada", at: Self.start + 20)
            let latest = PairSubmission(
                drawingId: "d_latest", clientDrawingId: "c_latest_01", senderId: "p_ada", recipientId: "p_bob", word: "moon",
                sentAt: Self.start + 20, actions: [], strokes: [])
            #expect(try await pairs.store(latest, pairId: "pr_1", notification: push) == .stored)
            let bobsToken = StorageFixtures.tokenHash("p_bob")
            #expect(try await reader.latestReceivedHead(tokenHash: bobsToken)?.head?.drawingId == "d_latest")
            #expect(try await storage.outbox.depth() == 1)

            #expect(try await storage.moderation.deleteDrawing(id: "d_latest") == .pair(pairId: "pr_1", players: ["p_bob"]))
            #expect(try await storage.moderation.deleteDrawing(id: "d_latest") == nil)

            let head = try #require(try await reader.latestReceivedHead(tokenHash: bobsToken))
            #expect(head.playerId == "p_bob" && head.head?.drawingId == "d_first" && head.head?.sentAt == Self.start + 10)
            #expect(try await reader.latestReceived(by: "p_bob", pairId: "pr_1")?.drawingId == "d_first")
            for viewer in ["p_ada", "p_bob"] {
                #expect(try await reader.drawing(id: "d_latest", viewer: viewer) == nil)
                #expect(try await reader.drawingSentAt(id: "d_latest", viewer: viewer) == nil)
            }
            #expect(try await reader.drawings(of: "p_bob", box: .received, limit: 10, before: nil)?.drawings.map(\.drawingId) == ["d_first"])
            #expect(try await reader.drawings(of: "p_ada", box: .sent, limit: 10, before: nil)?.drawings.map(\.drawingId) == ["d_first"])
            #expect(try await reader.drawings(of: "p_bob", box: .received, limit: 10, before: "d_latest") == nil, "nor is it a cursor")
            #expect(try await pairs.parties(ofDrawing: "d_latest") == nil)
            #expect(try await pairs.livePair("pr_1")?.pending.map(\.submission.drawingId) == ["d_first", "d_reply"])
            #expect(try await storage.outbox.depth() == 0, "the push about it is not sent")
            #expect(try await storage.archiveReader.drawing(id: "d_latest") == nil)

            // The other way round: Ada's only received drawing goes, and her head is the starter drawing.
            #expect(try await storage.moderation.deleteDrawing(id: "d_reply") == .pair(pairId: "pr_1", players: ["p_ada"]))
            let adas = try #require(try await reader.latestReceivedHead(tokenHash: StorageFixtures.tokenHash("p_ada")))
            #expect(adas.playerId == "p_ada" && adas.head == nil)
        }
    }
}
