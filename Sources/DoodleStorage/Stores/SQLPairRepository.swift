import DoodleCore
import Foundation

/// `PairRepository` on either database: each call one transaction, committed before it returns.
///
/// SQLite runs one writer at a time; PostgreSQL runs transactions side by side, so what must
/// happen once is decided by locks and keys. Taking a code locks its row (`SELECT … FOR UPDATE`):
/// of racing joiners the first to commit wins, and the next reads the code spent when the lock is
/// released. `pair_member`'s key keeps a player in one pair even when two codes are taken at
/// once; the transaction that hits it is run again and answers from what the winner committed.
struct SQLPairRepository: PairRepository {
    let database: any SQLDatabase
    /// Whether events are queued in the notification outbox (only when a sender will send them).
    let queuesNotifications: Bool

    /// The player's live pair, or its open code, opening one drawn from `newCode` if it has
    /// none. `newCode` is called again if a drawn code exists already.
    func membership(of player: PlayerID, now: Int64, newCode: @escaping @Sendable () -> String) async throws -> PairMembership {
        // Two first calls of one player race on `pair_code_open` (on PostgreSQL): the loser runs
        // again and finds the winner's code.
        try await database.writeRetryingConflicts { session in
            if let pairId = try session.value("SELECT pair_id FROM pair_member WHERE player_id = \(player)", as: String.self) {
                return .paired(pairId: pairId)
            }
            if let code = try session.value("SELECT code FROM pair_code WHERE owner_id = \(player) AND spent_at IS NULL", as: String.self) {
                return .open(code: code)
            }
            for _ in 0..<16 {
                let code = newCode()
                let inserted = try session.execute(
                    "INSERT INTO pair_code (code, owner_id, created_at) VALUES (\(code), \(player), \(now)) ON CONFLICT (code) DO NOTHING")
                if inserted == 1 { return .open(code: code) }
            }
            throw PairRepositoryError.noFreeCode
        }
    }

    /// The player's live pair, without opening a code.
    func pairId(of player: PlayerID) async throws -> String? {
        try await database.read { session in
            try session.value("SELECT pair_id FROM pair_member WHERE player_id = \(player)", as: String.self)
        }
    }

    func parties(ofDrawing drawingId: String) async throws -> PairDrawingParties? {
        try await database.read { session in
            try session.row("SELECT pair_id, sender_key, recipient_id, status FROM pair_drawing WHERE id = \(drawingId)").map { row in
                PairDrawingParties(
                    pairId: try row("pair_id"), senderKey: try row("sender_key"), recipientId: try row("recipient_id"),
                    status: PairDrawingStatus(rawValue: try row("status")) ?? .closed)
            }
        }
    }

    func code(_ code: String) async throws -> PairCodeInfo? {
        try await database.read { session in
            try session.row(
                """
                SELECT pair_code.owner_id, pair_code.spent_at, player.name FROM pair_code
                LEFT JOIN player ON player.id = pair_code.owner_id WHERE pair_code.code = \(code)
                """
            ).map { row in
                PairCodeInfo(
                    ownerId: try row("owner_id"), ownerName: try row("name", as: String?.self) ?? PlayerReference.deletedName,
                    isOpen: try row("spent_at", as: Int64?.self) == nil)
            }
        }
    }

    /// `joiner` takes `code`: in one transaction the pair is stored, both become its members,
    /// and the code (and the joiner's own open code) are spent. Of racing joiners the first to
    /// commit wins; the others find the code spent, or the owner already paired.
    /// - Parameter notifyOwner: queue a `paired` notification for the code's owner (it is away).
    func form(code: String, joiner: PlayerID, joinerName: String, pairId: String, now: Int64, notifyOwner: Bool) async throws
        -> PairFormation
    {
        try await database.writeRetryingConflicts { session in
            guard let row = try session.row("SELECT owner_id, spent_at FROM pair_code WHERE code = \(code) \(.forUpdate)") else {
                return .codeNotFound
            }
            let owner: PlayerID = try row("owner_id")
            if owner == joiner { return .ownCode }
            if try session.value("SELECT pair_id FROM pair_member WHERE player_id = \(joiner)", as: String.self) != nil {
                return .alreadyPaired
            }
            // The owner of an open code has no partner (pairing spends its codes); checked all the
            // same, so a pair can never be formed twice.
            let ownerPaired = try session.value("SELECT pair_id FROM pair_member WHERE player_id = \(owner)", as: String.self) != nil
            if try row("spent_at", as: Int64?.self) != nil || ownerPaired { return .codeSpent }
            let ownerName = try session.value("SELECT name FROM player WHERE id = \(owner)", as: String.self)
            try session.execute(
                """
                INSERT INTO pair (id, first_id, first_name, second_id, second_name, since)
                VALUES (\(pairId), \(owner), \(ownerName), \(joiner), \(joinerName), \(now))
                """)
            try session.execute("INSERT INTO pair_member (player_id, pair_id) VALUES (\(owner), \(pairId)), (\(joiner), \(pairId))")
            try session.execute("UPDATE pair_code SET spent_at = \(now) WHERE spent_at IS NULL AND owner_id IN (\(owner), \(joiner))")
            if notifyOwner {
                try enqueue(PushNotification(event: .paired, recipientId: owner, pairId: pairId, fromName: joinerName, at: now), at: now, in: session)
            }
            return .formed(pairId: pairId, ownerId: owner)
        }
    }

    /// The live pair `pairId` as its room is loaded: partners, scores, streak, `seq`, the
    /// drawings still waiting, and both drafts. Nil once it has ended.
    func livePair(_ pairId: String) async throws -> PairStateMachine.Stored? {
        try await database.readSnapshot { session in
            guard let pair = try session.row("SELECT * FROM pair WHERE id = \(pairId) AND ended_at IS NULL") else { return nil }
            let first: PlayerID = try pair("first_id", as: String?.self) ?? ""
            let second: PlayerID = try pair("second_id", as: String?.self) ?? ""
            let firstName = try Self.currentName(of: first, in: session) ?? pair("first_name", as: String?.self) ?? PlayerReference.deletedName
            let secondName = try Self.currentName(of: second, in: session) ?? pair("second_name", as: String?.self) ?? PlayerReference.deletedName
            var pending: [(submission: PairSubmission, attempts: Int)] = []
            for row in try session.rows("SELECT * FROM pair_drawing WHERE pair_id = \(pairId) AND status = 'pending' ORDER BY sent_at, id") {
                pending.append((try Self.submission(row), try row("attempts")))
            }
            var drafts: [PlayerID: PairDraftRecord] = [:]
            for row in try session.rows("SELECT * FROM pair_draft WHERE player_id IN (\(first), \(second))") {
                let record: Data = try row("record")
                drafts[try row("player_id")] = PairDraftRecord(
                    clientDrawingId: try row("client_drawing_id"), word: try row("word"), actions: try StrokeCodec.decode(Array(record)))
            }
            return PairStateMachine.Stored(
                pairId: pairId, since: try pair("since"), partners: [(first, firstName), (second, secondName)], seq: try pair("seq"),
                scores: [first: try pair("first_score"), second: try pair("second_score")], streak: try pair("streak"), pending: pending,
                drafts: drafts)
        }
    }

    /// Stores a submitted drawing, unless its sender stored that `clientDrawingId` before:
    /// then nothing is written and the earlier drawing's id is the answer. The sender's saved
    /// draft goes, now that the drawing is safe.
    ///
    /// - Parameter notification: queued with a new drawing (not with a retry), when the partner is away.
    func store(_ submission: PairSubmission, pairId: String, notification: PushNotification?) async throws -> PairStoreOutcome {
        let record = Data(StrokeCodec.encode(submission.actions))
        let size = RecordSize(of: submission.actions)
        return try await database.write { session in
            let inserted =
                try session.execute(
                    """
                    INSERT INTO pair_drawing (id, pair_id, sender_key, sender_id, recipient_id, client_drawing_id, word, sent_at,
                                              status, item_count, point_count, record)
                    VALUES (\(submission.drawingId), \(pairId), \(submission.senderId), \(submission.senderId), \(submission.recipientId),
                            \(submission.clientDrawingId), \(submission.word), \(submission.sentAt), 'pending', \(size.items), \(size.points),
                            \(record))
                    ON CONFLICT (sender_key, client_drawing_id) DO NOTHING
                    """) == 1
            try session.execute(
                "DELETE FROM pair_draft WHERE player_id = \(submission.senderId) AND client_drawing_id = \(submission.clientDrawingId)")
            if !inserted, let existing = try session.value(
                "SELECT id FROM pair_drawing WHERE sender_key = \(submission.senderId) AND client_drawing_id = \(submission.clientDrawingId)",
                as: String.self)
            {
                return .alreadyStored(drawingId: existing)
            }
            if inserted { try enqueue(notification, at: submission.sentAt, in: session) }
            return .stored
        }
    }

    func storeAttempt(drawingId: String, attempts: Int) async throws {
        try await database.writeStatement { session in
            try session.execute("UPDATE pair_drawing SET attempts = \(attempts) WHERE id = \(drawingId) AND status = 'pending'")
        }
    }

    /// How a drawing ended, and the pair's scores, streak and `seq` after it.
    ///
    /// - Parameter notification: queued with the resolution, when the one to tell is away.
    func storeResolution(
        _ resolution: DrawingResolution, status: PairDrawingStatus, pairId: String, seq: Int, at now: Int64,
        notification: PushNotification?
    ) async throws {
        try await database.write { session in
            let resolved =
                try session.execute(
                    """
                    UPDATE pair_drawing SET status = \(status.rawValue), attempts = \(resolution.attempts), guesser_gained = \(resolution.gained),
                                            drawer_gained = \(resolution.drawerGained), resolved_at = \(now)
                    WHERE id = \(resolution.drawingId) AND status = 'pending'
                    """) == 1
            if resolved { try enqueue(notification, at: now, in: session) }
            guard let pair = try session.row("SELECT first_id, second_id FROM pair WHERE id = \(pairId)") else { return }
            let first: PlayerID? = try pair("first_id")
            let second: PlayerID? = try pair("second_id")
            let firstScore = first.flatMap { resolution.scores[$0] } ?? 0
            let secondScore = second.flatMap { resolution.scores[$0] } ?? 0
            try session.execute(
                """
                UPDATE pair SET first_score = \(firstScore), second_score = \(secondScore), streak = \(resolution.streak),
                                seq = \(.greatest)(seq, \(seq))
                WHERE id = \(pairId)
                """)
        }
    }

    /// Saves a partner's open draft, or forgets it (nil).
    func storeDraft(of player: PlayerID, _ draft: PairDraft?, at now: Int64) async throws {
        let record = draft.map { Data(StrokeCodec.encode($0.board.record)) }
        try await database.writeStatement { session in
            guard let draft, let record else {
                try session.execute("DELETE FROM pair_draft WHERE player_id = \(player)")
                return
            }
            try session.execute(
                """
                INSERT INTO pair_draft (player_id, client_drawing_id, word, record, updated_at)
                VALUES (\(player), \(draft.clientDrawingId), \(draft.word), \(record), \(now))
                ON CONFLICT (player_id) DO UPDATE SET client_drawing_id = excluded.client_drawing_id, word = excluded.word,
                                                      record = excluded.record, updated_at = excluded.updated_at
                """)
        }
    }

    /// The pair room's latest `seq`, which never goes back, across restarts too.
    func storeSeq(_ seq: Int, pairId: String) async throws {
        try await database.writeStatement { session in
            try session.execute("UPDATE pair SET seq = \(.greatest)(seq, \(seq)) WHERE id = \(pairId)")
        }
    }

    /// Ends the pair: no members any more, pending drawings closed, drafts gone, and a notice
    /// for each partner but `by`, to be told at its next entry if it was away.
    ///
    /// - Parameter notification: `unpaired`, queued with the ending, for a partner who is away.
    /// - Parameter toldLive: partners who hear of it now, in the room: they get no notice later.
    func end(pairId: String, by player: PlayerID, seq: Int, at now: Int64, toldLive: Set<PlayerID>, notification: PushNotification?)
        async throws
    {
        try await database.write { session in
            if try Self.end(pairId: pairId, by: player, seq: seq, at: now, toldLive: toldLive, in: session) {
                try enqueue(notification, at: now, in: session)
            }
        }
    }

    /// `end` inside a transaction the caller holds (a player's deletion ends its pair too); false
    /// when the pair had ended already.
    @discardableResult
    static func end(pairId: String, by player: PlayerID, seq: Int, at now: Int64, toldLive: Set<PlayerID>, in session: SQLSession) throws
        -> Bool
    {
        let ended = try session.execute(
            """
            UPDATE pair SET ended_at = \(now), ended_by = \(player), seq = \(.greatest)(seq, \(seq))
            WHERE id = \(pairId) AND ended_at IS NULL
            """)
        guard ended == 1 else { return false }
        let members: [PlayerID] = try session.rows("DELETE FROM pair_member WHERE pair_id = \(pairId) RETURNING player_id").map {
            try $0("player_id")
        }
        try session.execute("UPDATE pair_drawing SET status = 'closed', resolved_at = \(now) WHERE pair_id = \(pairId) AND status = 'pending'")
        for member in members.sorted() {
            try session.execute("DELETE FROM pair_draft WHERE player_id = \(member)")
            if member != player, !toldLive.contains(member) {
                try session.execute(
                    """
                    INSERT INTO pair_notice (player_id, pair_id, ended_by) VALUES (\(member), \(pairId), \(player))
                    ON CONFLICT (player_id, pair_id) DO NOTHING
                    """)
            }
        }
        return true
    }

    /// Unpairings `player` has not been told of, oldest first; each is forgotten once read.
    func takeNotices(for player: PlayerID) async throws -> [(pairId: String, by: PlayerID?)] {
        // Deleted and returned by one statement: two entries at once cannot both read a notice.
        let taken: [(pairId: String, by: PlayerID?, endedAt: Int64)] = try await database.write { session in
            let notices: [(pairId: String, by: PlayerID?)] = try session.rows(
                "DELETE FROM pair_notice WHERE player_id = \(player) RETURNING pair_id, ended_by"
            ).map { row in (try row("pair_id"), try row("ended_by")) }
            guard !notices.isEmpty else { return [] }
            var endedAt: [String: Int64] = [:]
            for row in try session.rows("SELECT id, ended_at FROM pair WHERE id IN (\(list: notices.map(\.pairId)))") {
                endedAt[try row("id")] = try row("ended_at", as: Int64?.self) ?? 0
            }
            return notices.compactMap { notice in endedAt[notice.pairId].map { (notice.pairId, notice.by, $0) } }
        }
        return taken.sorted { $0.endedAt < $1.endedAt }.map { (pairId: $0.pairId, by: $0.by) }
    }

    // MARK: - Rows

    /// Queues a notification in the current transaction, if notifications are queued at all.
    private func enqueue(_ notification: PushNotification?, at now: Int64, in session: SQLSession) throws {
        guard queuesNotifications, let notification else { return }
        try SQLNotificationOutbox.enqueue(notification, at: now, in: session)
    }

    private static func currentName(of player: PlayerID, in session: SQLSession) throws -> String? {
        try session.value("SELECT name FROM player WHERE id = \(player)", as: String.self)
    }

    private static func submission(_ row: SQLRow) throws -> PairSubmission {
        let record: Data = try row("record")
        let actions = try StrokeCodec.decode(Array(record))
        return PairSubmission(
            drawingId: try row("id"), clientDrawingId: try row("client_drawing_id"), senderId: try row("sender_key"),
            recipientId: try row("recipient_id", as: String?.self) ?? "", word: try row("word"), sentAt: try row("sent_at"), actions: actions,
            strokes: CanvasReplay.visibleItems(after: actions))
    }
}
