import DoodleStorage
import Testing

import DoodleCore

@Suite("Deleting a player's personal data")
struct DeletePlayerTests {
    @Test("deleting removes name, token hash and totals; drawings and games stay, attributed to a deleted player")
    func deleteMe() async throws {
        try await StorageFixtures.withDatabase { database in
            try await StorageFixtures.withRunningWriter(database) { writer in
                let players = PlayerRepository(store: SQLitePlayerStore(database: database), writer: writer, logger: StorageFixtures.logger)
                await StorageFixtures.hello(players, "p_ada", name: "Ada")
                await StorageFixtures.hello(players, "p_bob", name: "Bob")
                writer.submit(StorageFixtures.drawing(id: "d_ada", guessers: [GuessRecord(playerId: "p_bob", gained: 80, atMilliseconds: 3)]))
                writer.submit(
                    StorageFixtures.drawing(
                        id: "d_bob", drawer: "p_bob", drawerName: "Bob", guessers: [GuessRecord(playerId: "p_ada", gained: 70, atMilliseconds: 4)]))
                writer.submit(StorageFixtures.game(id: "g_1", ranking: [("p_ada", "Ada", 150), ("p_bob", "Bob", 130)]))
                #expect(await writer.flush())

                let ada = try #require(try await players.player(tokenHash: StorageFixtures.tokenHash("p_ada")))
                #expect(ada.playerId == "p_ada" && ada.name == "Ada" && ada.score == 150 && ada.games == 1 && ada.wins == 1)

                #expect(try await players.delete(playerId: "p_ada", at: StorageFixtures.start + 1))
                #expect(try await players.delete(playerId: "p_ada", at: StorageFixtures.start + 2) == false)
                #expect(try await players.player(tokenHash: StorageFixtures.tokenHash("p_ada")) == nil)
                #expect(try await players.player(id: "p_ada") == nil)

                let reader = SQLiteArchiveReader(database: database)
                let drawing = try #require(try await reader.drawing(id: "d_ada"))
                #expect(drawing.drawer == .deleted && drawing.drawer.name == "deleted player")
                #expect(drawing.word == "apple" && !drawing.actions.isEmpty)
                #expect(drawing.guessers.map(\.player) == [PlayerReference(playerId: "p_bob", name: "Bob")])
                let other = try #require(try await reader.drawing(id: "d_bob"))
                #expect(other.guessers.map(\.player) == [.deleted])
                #expect(other.guessers.map(\.gained) == [70])
                let game = try #require(try await reader.game(id: "g_1"))
                #expect(game.ranking.map(\.player) == [.deleted, PlayerReference(playerId: "p_bob", name: "Bob")])
                #expect(game.ranking.map(\.score) == [150, 130])
                #expect(game.drawings.first { $0.id == "d_ada" }?.drawer == .deleted)
                #expect(try await reader.leaderboard(limit: 10).players.map(\.playerId) == ["p_bob"])
                #expect(try await reader.drawings(by: "p_ada", limit: 10, before: nil) == nil)

                // Saves still in flight for the deleted player stay anonymous, and do not bring it back.
                writer.submit(StorageFixtures.drawing(id: "d_late"))
                writer.submit(StorageFixtures.game(id: "g_2", ranking: [("p_ada", "Ada", 10), ("p_bob", "Bob", 5)]))
                #expect(await writer.flush())
                await StorageFixtures.hello(players, "p_ada", name: "Ada again")
                #expect(try await players.player(id: "p_ada") == nil)
                #expect(try await reader.drawing(id: "d_late")?.drawer == .deleted)
                #expect(try await reader.game(id: "g_2")?.ranking.map(\.player.playerId) == [nil, "p_bob"])
                #expect(try await reader.leaderboard(limit: 10).players.map(\.playerId) == ["p_bob"])
            }
        }
    }

    @Test("deleting ends the player's pair, spends its open code, and leaves its pair drawings to the partner from a deleted player")
    func deleteInPairs() async throws {
        try await StorageFixtures.withDatabase { database in
            try await StorageFixtures.withRunningWriter(database) { writer in
                let players = PlayerRepository(store: SQLitePlayerStore(database: database), writer: writer, logger: StorageFixtures.logger)
                for (id, name) in [("p_ada", "Ada"), ("p_bob", "Bob"), ("p_cy", "Cy")] {
                    await StorageFixtures.hello(players, id, name: name)
                }
                let pairs = SQLitePairRepository(database: database, queuesNotifications: true)
                let reader = SQLitePairReader(database: database)
                let outbox = SQLiteNotificationOutbox(database: database)
                try await PairReaderTests.form(pairs, "pr_1", owner: "p_ada", joiner: "p_bob", code: "ADACDE")
                try await PairReaderTests.send(pairs, "d_from_ada", in: "pr_1", from: "p_ada", to: "p_bob", at: 10)
                try await PairReaderTests.send(pairs, "d_to_ada", in: "pr_1", from: "p_bob", to: "p_ada", at: 20)
                let push = PushNotification(
                    event: .drawingReceived, recipientId: "p_ada", pairId: "pr_1", drawingId: "d_push", fromName: "Bob", at: StorageFixtures.start)
                let pushed = PairSubmission(
                    drawingId: "d_push", clientDrawingId: "c_push_0001", senderId: "p_bob", recipientId: "p_ada", word: "moon",
                    sentAt: StorageFixtures.start + 30, actions: [], strokes: [])
                #expect(try await pairs.store(pushed, pairId: "pr_1", notification: push) == .stored)
                #expect(try await outbox.due(now: StorageFixtures.start + 60_000, limit: 10).map(\.recipientId) == ["p_ada"])
                try await PairReaderTests.resolve(pairs, "d_from_ada", in: "pr_1", status: .guessed)
                _ = try await pairs.membership(of: "p_cy", now: StorageFixtures.start) { "CYCODE" }

                // Ada is still paired here: the server unpairs first, but a deletion that races it ends the pair itself.
                #expect(try await players.delete(playerId: "p_ada", at: StorageFixtures.start + 100))
                #expect(try await players.delete(playerId: "p_cy", at: StorageFixtures.start + 100))

                #expect(try await reader.currentPairId(of: "p_bob") == nil)
                #expect(try await pairs.livePair("pr_1") == nil)
                #expect(try await pairs.takeNotices(for: "p_bob").map(\.pairId) == ["pr_1"], "Bob hears of the end at his next entry")
                #expect(try await pairs.code("CYCODE")?.isOpen == false, "a deleted player's open code is spent, never handed out again")
                #expect(try await outbox.depth() == 0, "no push to a deleted player")

                let received = try #require(try await reader.drawings(of: "p_bob", box: .received, limit: 10, before: nil))
                #expect(received.drawings.map(\.drawingId) == ["d_from_ada"])
                let fromAda = try #require(received.drawings.first)
                #expect(fromAda.fromId == nil && fromAda.fromName == "deleted player")
                #expect(fromAda.toId == "p_bob" && fromAda.word == "kite", "guessed before the deletion: still Bob's to read")
                let whole = try #require(try await reader.drawing(id: "d_from_ada", viewer: "p_bob"))
                #expect(whole.drawing.fromId == nil && !whole.actions.isEmpty)

                let sent = try #require(try await reader.drawings(of: "p_bob", box: .sent, limit: 10, before: nil))
                #expect(sent.drawings.map(\.drawingId) == ["d_push", "d_to_ada"])
                #expect(sent.drawings.first?.toId == nil)
                #expect(sent.drawings.first?.status == .closed)
                #expect(try await reader.drawings(of: "p_ada", box: .received, limit: 10, before: nil)?.drawings.isEmpty == true)
                #expect(try await reader.drawing(id: "d_to_ada", viewer: "p_ada") == nil, "nothing answers to the deleted id")

                // The sender's key stays, so an upload retried after the deletion still finds its drawing.
                let retry = PairSubmission(
                    drawingId: "d_again", clientDrawingId: "c_d_from_ada_client", senderId: "p_ada", recipientId: "p_bob", word: "kite",
                    sentAt: StorageFixtures.start + 200, actions: [], strokes: [])
                #expect(try await pairs.store(retry, pairId: "pr_1") == .alreadyStored(drawingId: "d_from_ada"))

                // Bob is free to pair again, with a fresh code.
                #expect(try await pairs.membership(of: "p_bob", now: StorageFixtures.start + 300) { "BOBNEW" } == .open(code: "BOBNEW"))
            }
        }
    }
}
