import DoodleCore
import Foundation
import GRDB

/// `PairRepository` on SQLite: each call one write transaction on the database's one writer.
public struct SQLitePairRepository: PairRepository {
    private let database: SQLiteDatabase
    /// Whether events are queued in the notification outbox (only when a sender will send them).
    private let queuesNotifications: Bool

    public init(database: SQLiteDatabase, queuesNotifications: Bool = false) {
        self.database = database
        self.queuesNotifications = queuesNotifications
    }

    /// The player's live pair, or its open code, opening one drawn from `newCode` if it has
    /// none. `newCode` is called again if a drawn code exists already.
    public func membership(of player: PlayerID, now: Int64, newCode: @escaping @Sendable () -> String) async throws -> PairMembership {
        try await database.connection.write { db in
            if let pairId = try String.fetchOne(db, sql: "SELECT pair_id FROM pair_member WHERE player_id = ?", arguments: [player]) {
                return .paired(pairId: pairId)
            }
            if let code = try String.fetchOne(
                db, sql: "SELECT code FROM pair_code WHERE owner_id = ? AND spent_at IS NULL", arguments: [player])
            {
                return .open(code: code)
            }
            for _ in 0..<16 {
                let code = newCode()
                try db.execute(
                    sql: "INSERT INTO pair_code (code, owner_id, created_at) VALUES (?, ?, ?) ON CONFLICT (code) DO NOTHING",
                    arguments: [code, player, now])
                if db.changesCount == 1 { return .open(code: code) }
            }
            throw PairRepositoryError.noFreeCode
        }
    }

    /// The player's live pair, without opening a code.
    public func pairId(of player: PlayerID) async throws -> String? {
        try await database.connection.read { db in
            try String.fetchOne(db, sql: "SELECT pair_id FROM pair_member WHERE player_id = ?", arguments: [player])
        }
    }

    public func parties(ofDrawing drawingId: String) async throws -> PairDrawingParties? {
        try await database.connection.read { db in
            try Row.fetchOne(
                db, sql: "SELECT pair_id, sender_key, recipient_id, status FROM pair_drawing WHERE id = ?", arguments: [drawingId]
            ).map { row in
                PairDrawingParties(
                    pairId: row["pair_id"], senderKey: row["sender_key"], recipientId: row["recipient_id"],
                    status: PairDrawingStatus(rawValue: row["status"]) ?? .closed)
            }
        }
    }

    public func code(_ code: String) async throws -> PairCodeInfo? {
        try await database.connection.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT pair_code.owner_id, pair_code.spent_at, player.name FROM pair_code
                    LEFT JOIN player ON player.id = pair_code.owner_id WHERE pair_code.code = ?
                    """,
                arguments: [code]
            ).map { row in
                PairCodeInfo(ownerId: row["owner_id"], ownerName: row["name"] ?? "deleted player", isOpen: (row["spent_at"] as Int64?) == nil)
            }
        }
    }

    /// `joiner` takes `code`: in one transaction the pair is stored, both become its members,
    /// and the code (and the joiner's own open code) are spent. Of racing joiners the first to
    /// commit wins; the others find the code spent, or the owner already paired.
    /// - Parameter notifyOwner: queue a `paired` notification for the code's owner (it is away).
    public func form(
        code: String, joiner: PlayerID, joinerName: String, pairId: String, now: Int64, notifyOwner: Bool
    ) async throws -> PairFormation {
        try await database.connection.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT owner_id, spent_at FROM pair_code WHERE code = ?", arguments: [code]) else {
                return .codeNotFound
            }
            let owner: PlayerID = row["owner_id"]
            if owner == joiner { return .ownCode }
            if try String.fetchOne(db, sql: "SELECT pair_id FROM pair_member WHERE player_id = ?", arguments: [joiner]) != nil {
                return .alreadyPaired
            }
            // The owner of an open code has no partner (pairing spends its codes); checked all the
            // same, so a pair can never be formed twice.
            let ownerPaired = try String.fetchOne(db, sql: "SELECT pair_id FROM pair_member WHERE player_id = ?", arguments: [owner]) != nil
            if (row["spent_at"] as Int64?) != nil || ownerPaired { return .codeSpent }
            let ownerName = try String.fetchOne(db, sql: "SELECT name FROM player WHERE id = ?", arguments: [owner])
            try db.execute(
                sql: """
                    INSERT INTO pair (id, first_id, first_name, second_id, second_name, since)
                    VALUES (:id, :owner, :ownerName, :joiner, :joinerName, :since)
                    """,
                arguments: ["id": pairId, "owner": owner, "ownerName": ownerName, "joiner": joiner, "joinerName": joinerName, "since": now])
            try db.execute(
                sql: "INSERT INTO pair_member (player_id, pair_id) VALUES (?, ?), (?, ?)", arguments: [owner, pairId, joiner, pairId])
            try db.execute(
                sql: "UPDATE pair_code SET spent_at = ? WHERE spent_at IS NULL AND owner_id IN (?, ?)", arguments: [now, owner, joiner])
            if notifyOwner {
                try enqueue(PushNotification(event: .paired, recipientId: owner, pairId: pairId, fromName: joinerName, at: now), at: now, in: db)
            }
            return .formed(pairId: pairId, ownerId: owner)
        }
    }

    /// The live pair `pairId` as its room is loaded: partners, scores, streak, `seq`, the
    /// drawings still waiting, and both drafts. Nil once it has ended.
    public func livePair(_ pairId: String) async throws -> PairStateMachine.Stored? {
        try await database.connection.read { db in
            guard let pair = try Row.fetchOne(db, sql: "SELECT * FROM pair WHERE id = ? AND ended_at IS NULL", arguments: [pairId]) else {
                return nil
            }
            let first: PlayerID = pair["first_id"] ?? ""
            let second: PlayerID = pair["second_id"] ?? ""
            let firstName: String = try Self.currentName(of: first, in: db) ?? pair["first_name"] ?? "deleted player"
            let secondName: String = try Self.currentName(of: second, in: db) ?? pair["second_name"] ?? "deleted player"
            var pending: [(submission: PairSubmission, attempts: Int)] = []
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM pair_drawing WHERE pair_id = ? AND status = 'pending' ORDER BY sent_at, id", arguments: [pairId])
            {
                pending.append((try Self.submission(row), row["attempts"]))
            }
            var drafts: [PlayerID: PairDraftRecord] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT * FROM pair_draft WHERE player_id IN (?, ?)", arguments: [first, second]) {
                drafts[row["player_id"]] = PairDraftRecord(
                    clientDrawingId: row["client_drawing_id"], word: row["word"], actions: try StrokeCodec.decode(Array(row["record"] as Data)))
            }
            return PairStateMachine.Stored(
                pairId: pairId, since: pair["since"], partners: [(first, firstName), (second, secondName)], seq: pair["seq"],
                scores: [first: pair["first_score"], second: pair["second_score"]], streak: pair["streak"], pending: pending,
                drafts: drafts)
        }
    }

    /// Stores a submitted drawing, unless its sender stored that `clientDrawingId` before:
    /// then nothing is written and the earlier drawing's id is the answer. The sender's saved
    /// draft goes, now that the drawing is safe.
    ///
    /// - Parameter notification: queued with a new drawing (not with a retry), when the partner is away.
    public func store(_ submission: PairSubmission, pairId: String, notification: PushNotification?) async throws -> PairStoreOutcome {
        let record = Data(StrokeCodec.encode(submission.actions))
        let size = RecordSize(of: submission.actions)
        return try await database.connection.write { db in
            try db.execute(
                sql: """
                    INSERT INTO pair_drawing (id, pair_id, sender_key, sender_id, recipient_id, client_drawing_id, word, sent_at,
                                              status, item_count, point_count, record)
                    VALUES (:id, :pair, :sender, :sender, :recipient, :client, :word, :sentAt, 'pending', :items, :points, :record)
                    ON CONFLICT (sender_key, client_drawing_id) DO NOTHING
                    """,
                arguments: [
                    "id": submission.drawingId, "pair": pairId, "sender": submission.senderId, "recipient": submission.recipientId,
                    "client": submission.clientDrawingId, "word": submission.word, "sentAt": submission.sentAt, "items": size.items,
                    "points": size.points, "record": record,
                ])
            let inserted = db.changesCount == 1
            try db.execute(
                sql: "DELETE FROM pair_draft WHERE player_id = ? AND client_drawing_id = ?",
                arguments: [submission.senderId, submission.clientDrawingId])
            if !inserted, let existing = try String.fetchOne(
                db, sql: "SELECT id FROM pair_drawing WHERE sender_key = ? AND client_drawing_id = ?",
                arguments: [submission.senderId, submission.clientDrawingId])
            {
                return .alreadyStored(drawingId: existing)
            }
            if inserted { try enqueue(notification, at: submission.sentAt, in: db) }
            return .stored
        }
    }

    public func storeAttempt(drawingId: String, attempts: Int) async throws {
        try await database.connection.write { db in
            try db.execute(
                sql: "UPDATE pair_drawing SET attempts = ? WHERE id = ? AND status = 'pending'", arguments: [attempts, drawingId])
        }
    }

    /// How a drawing ended, and the pair's scores, streak and `seq` after it.
    ///
    /// - Parameter notification: queued with the resolution, when the one to tell is away.
    public func storeResolution(
        _ resolution: DrawingResolution, status: PairDrawingStatus, pairId: String, seq: Int, at now: Int64,
        notification: PushNotification?
    ) async throws {
        try await database.connection.write { db in
            try db.execute(
                sql: """
                    UPDATE pair_drawing SET status = :status, attempts = :attempts, guesser_gained = :gained,
                                            drawer_gained = :drawerGained, resolved_at = :now
                    WHERE id = :id AND status = 'pending'
                    """,
                arguments: [
                    "status": status.rawValue, "attempts": resolution.attempts, "gained": resolution.gained,
                    "drawerGained": resolution.drawerGained, "now": now, "id": resolution.drawingId,
                ])
            if db.changesCount == 1 { try enqueue(notification, at: now, in: db) }
            guard let pair = try Row.fetchOne(db, sql: "SELECT first_id, second_id FROM pair WHERE id = ?", arguments: [pairId]) else { return }
            let first: PlayerID? = pair["first_id"]
            let second: PlayerID? = pair["second_id"]
            try db.execute(
                sql: "UPDATE pair SET first_score = ?, second_score = ?, streak = ?, seq = max(seq, ?) WHERE id = ?",
                arguments: [
                    first.flatMap { resolution.scores[$0] } ?? 0, second.flatMap { resolution.scores[$0] } ?? 0, resolution.streak, seq,
                    pairId,
                ])
        }
    }

    /// Saves a partner's open draft, or forgets it (nil).
    public func storeDraft(of player: PlayerID, _ draft: PairDraft?, at now: Int64) async throws {
        try await database.connection.write { db in
            guard let draft else {
                try db.execute(sql: "DELETE FROM pair_draft WHERE player_id = ?", arguments: [player])
                return
            }
            try db.execute(
                sql: """
                    INSERT INTO pair_draft (player_id, client_drawing_id, word, record, updated_at)
                    VALUES (:player, :client, :word, :record, :now)
                    ON CONFLICT (player_id) DO UPDATE SET client_drawing_id = excluded.client_drawing_id, word = excluded.word,
                                                          record = excluded.record, updated_at = excluded.updated_at
                    """,
                arguments: [
                    "player": player, "client": draft.clientDrawingId, "word": draft.word,
                    "record": Data(StrokeCodec.encode(draft.board.record)), "now": now,
                ])
        }
    }

    /// The pair room's latest `seq`, which never goes back, across restarts too.
    public func storeSeq(_ seq: Int, pairId: String) async throws {
        try await database.connection.write { db in
            try db.execute(sql: "UPDATE pair SET seq = max(seq, ?) WHERE id = ?", arguments: [seq, pairId])
        }
    }

    /// Ends the pair: no members any more, pending drawings closed, drafts gone, and a notice
    /// for each partner but `by`, to be told at its next entry if it was away.
    ///
    /// - Parameter notification: `unpaired`, queued with the ending, for a partner who is away.
    /// - Parameter toldLive: partners who hear of it now, in the room: they get no notice later.
    public func end(
        pairId: String, by player: PlayerID, seq: Int, at now: Int64, toldLive: Set<PlayerID>, notification: PushNotification?
    ) async throws {
        try await database.connection.write { db in
            if try Self.end(pairId: pairId, by: player, seq: seq, at: now, toldLive: toldLive, in: db) {
                try enqueue(notification, at: now, in: db)
            }
        }
    }

    /// `end` inside a transaction the caller holds (a player's deletion ends its pair too); false
    /// when the pair had ended already.
    @discardableResult
    static func end(pairId: String, by player: PlayerID, seq: Int, at now: Int64, toldLive: Set<PlayerID> = [], in db: Database) throws -> Bool {
        try db.execute(
            sql: "UPDATE pair SET ended_at = ?, ended_by = ?, seq = max(seq, ?) WHERE id = ? AND ended_at IS NULL",
            arguments: [now, player, seq, pairId])
        guard db.changesCount == 1 else { return false }
        let members = try String.fetchAll(db, sql: "SELECT player_id FROM pair_member WHERE pair_id = ?", arguments: [pairId])
        try db.execute(sql: "DELETE FROM pair_member WHERE pair_id = ?", arguments: [pairId])
        try db.execute(
            sql: "UPDATE pair_drawing SET status = 'closed', resolved_at = ? WHERE pair_id = ? AND status = 'pending'",
            arguments: [now, pairId])
        for member in members {
            try db.execute(sql: "DELETE FROM pair_draft WHERE player_id = ?", arguments: [member])
            if member != player, !toldLive.contains(member) {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO pair_notice (player_id, pair_id, ended_by) VALUES (?, ?, ?)",
                    arguments: [member, pairId, player])
            }
        }
        return true
    }

    /// Unpairings `player` has not been told of, oldest first; each is forgotten once read.
    public func takeNotices(for player: PlayerID) async throws -> [(pairId: String, by: PlayerID?)] {
        try await database.connection.write { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT pair_notice.pair_id, pair_notice.ended_by FROM pair_notice JOIN pair ON pair.id = pair_notice.pair_id
                    WHERE player_id = ? ORDER BY pair.ended_at
                    """,
                arguments: [player])
            try db.execute(sql: "DELETE FROM pair_notice WHERE player_id = ?", arguments: [player])
            return rows.map { (pairId: $0["pair_id"], by: $0["ended_by"]) }
        }
    }

    // MARK: - Rows

    /// Queues a notification in the current transaction, if notifications are queued at all.
    private func enqueue(_ notification: PushNotification?, at now: Int64, in db: Database) throws {
        guard queuesNotifications, let notification else { return }
        try SQLiteNotificationOutbox.enqueue(notification, at: now, in: db)
    }

    private static func currentName(of player: PlayerID, in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT name FROM player WHERE id = ?", arguments: [player])
    }

    private static func submission(_ row: Row) throws -> PairSubmission {
        let actions = try StrokeCodec.decode(Array(row["record"] as Data))
        return PairSubmission(
            drawingId: row["id"], clientDrawingId: row["client_drawing_id"], senderId: row["sender_key"],
            recipientId: row["recipient_id"] ?? "", word: row["word"], sentAt: row["sent_at"], actions: actions,
            strokes: CanvasReplay.visibleItems(after: actions))
    }
}
