import DoodleCore
import PostgresNIO
import Foundation

/// `PairRepository` on PostgreSQL: each call one transaction, committed before it returns; the
/// twin of `SQLitePairRepository`.
///
/// SQLite runs one writer at a time; here transactions run side by side, so what must happen
/// once is decided by locks and keys. Taking a code locks its row (`SELECT … FOR UPDATE`): of
/// racing joiners the first to commit wins, and the next reads the code spent when the lock is
/// released. `pair_member`'s key keeps a player in one pair even when two codes are taken at
/// once; the transaction that hits it is run again and answers from what the winner committed.
public struct PostgresPairRepository: PairRepository {
    private let database: PostgresArchiveDatabase
    private let queuesNotifications: Bool

    public init(database: PostgresArchiveDatabase, queuesNotifications: Bool = false) {
        self.database = database
        self.queuesNotifications = queuesNotifications
    }

    public func membership(of player: PlayerID, now: Int64, newCode: @escaping @Sendable () -> String) async throws -> PairMembership {
        // Two first calls of one player race on `pair_code_open`: the loser runs again and finds
        // the winner's code.
        try await database.transactionRetryingConflicts { session in
            if let pairId = try await session.value("SELECT pair_id FROM pair_member WHERE player_id = \(player)", as: String.self) {
                return .paired(pairId: pairId)
            }
            if let code = try await session.value(
                "SELECT code FROM pair_code WHERE owner_id = \(player) AND spent_at IS NULL", as: String.self)
            {
                return .open(code: code)
            }
            for _ in 0..<16 {
                let code = newCode()
                let inserted = try await session.value(
                    """
                    INSERT INTO pair_code (code, owner_id, created_at) VALUES (\(code), \(player), \(now))
                    ON CONFLICT (code) DO NOTHING RETURNING code
                    """, as: String.self)
                if let inserted { return .open(code: inserted) }
            }
            throw PairRepositoryError.noFreeCode
        }
    }

    public func pairId(of player: PlayerID) async throws -> String? {
        try await database.read { session in
            try await session.value("SELECT pair_id FROM pair_member WHERE player_id = \(player)", as: String.self)
        }
    }

    public func parties(ofDrawing drawingId: String) async throws -> PairDrawingParties? {
        try await database.read { session in
            try await session.row("SELECT pair_id, sender_key, recipient_id, status FROM pair_drawing WHERE id = \(drawingId)").map { row in
                PairDrawingParties(
                    pairId: try row("pair_id"), senderKey: try row("sender_key"), recipientId: try row("recipient_id"),
                    status: PairDrawingStatus(rawValue: try row("status")) ?? .closed)
            }
        }
    }

    public func code(_ code: String) async throws -> PairCodeInfo? {
        try await database.read { session in
            try await session.row(
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

    public func form(
        code: String, joiner: PlayerID, joinerName: String, pairId: String, now: Int64, notifyOwner: Bool
    ) async throws -> PairFormation {
        try await database.transactionRetryingConflicts { session in
            guard let row = try await session.row("SELECT owner_id, spent_at FROM pair_code WHERE code = \(code) FOR UPDATE") else {
                return .codeNotFound
            }
            let owner: PlayerID = try row("owner_id")
            if owner == joiner { return .ownCode }
            if try await session.value("SELECT pair_id FROM pair_member WHERE player_id = \(joiner)", as: String.self) != nil {
                return .alreadyPaired
            }
            let ownerPaired = try await session.value("SELECT pair_id FROM pair_member WHERE player_id = \(owner)", as: String.self) != nil
            if try row("spent_at", as: Int64?.self) != nil || ownerPaired { return .codeSpent }
            let ownerName = try await session.value("SELECT name FROM player WHERE id = \(owner)", as: String.self)
            try await session.execute(
                """
                INSERT INTO pair (id, first_id, first_name, second_id, second_name, since)
                VALUES (\(pairId), \(owner), \(ownerName), \(joiner), \(joinerName), \(now))
                """)
            try await session.execute("INSERT INTO pair_member (player_id, pair_id) VALUES (\(owner), \(pairId)), (\(joiner), \(pairId))")
            try await session.execute(
                "UPDATE pair_code SET spent_at = \(now) WHERE spent_at IS NULL AND owner_id IN (\(owner), \(joiner))")
            if notifyOwner {
                try await enqueue(
                    PushNotification(event: .paired, recipientId: owner, pairId: pairId, fromName: joinerName, at: now), at: now, in: session)
            }
            return .formed(pairId: pairId, ownerId: owner)
        }
    }

    public func livePair(_ pairId: String) async throws -> PairStateMachine.Stored? {
        try await database.transaction(snapshot: true) { session in
            guard let pair = try await session.row("SELECT * FROM pair WHERE id = \(pairId) AND ended_at IS NULL") else { return nil }
            let first: PlayerID = try pair("first_id", as: String?.self) ?? ""
            let second: PlayerID = try pair("second_id", as: String?.self) ?? ""
            let firstName = try await Self.currentName(of: first, in: session) ?? pair("first_name", as: String?.self) ?? PlayerReference.deletedName
            let secondName =
                try await Self.currentName(of: second, in: session) ?? pair("second_name", as: String?.self) ?? PlayerReference.deletedName
            var pending: [(submission: PairSubmission, attempts: Int)] = []
            for row in try await session.rows(
                "SELECT * FROM pair_drawing WHERE pair_id = \(pairId) AND status = 'pending' ORDER BY sent_at, id")
            {
                pending.append((try Self.submission(row), try row("attempts")))
            }
            var drafts: [PlayerID: PairDraftRecord] = [:]
            for row in try await session.rows("SELECT * FROM pair_draft WHERE player_id IN (\(first), \(second))") {
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

    public func store(_ submission: PairSubmission, pairId: String, notification: PushNotification?) async throws -> PairStoreOutcome {
        let record = Data(StrokeCodec.encode(submission.actions))
        let size = RecordSize(of: submission.actions)
        return try await database.transaction { session in
            let inserted = try await session.value(
                """
                INSERT INTO pair_drawing (id, pair_id, sender_key, sender_id, recipient_id, client_drawing_id, word, sent_at,
                                          status, item_count, point_count, record)
                VALUES (\(submission.drawingId), \(pairId), \(submission.senderId), \(submission.senderId), \(submission.recipientId),
                        \(submission.clientDrawingId), \(submission.word), \(submission.sentAt), 'pending', \(size.items), \(size.points),
                        \(record))
                ON CONFLICT (sender_key, client_drawing_id) DO NOTHING RETURNING true
                """, as: Bool.self) != nil
            try await session.execute(
                "DELETE FROM pair_draft WHERE player_id = \(submission.senderId) AND client_drawing_id = \(submission.clientDrawingId)")
            if !inserted, let existing = try await session.value(
                "SELECT id FROM pair_drawing WHERE sender_key = \(submission.senderId) AND client_drawing_id = \(submission.clientDrawingId)",
                as: String.self)
            {
                return .alreadyStored(drawingId: existing)
            }
            if inserted { try await enqueue(notification, at: submission.sentAt, in: session) }
            return .stored
        }
    }

    public func storeAttempt(drawingId: String, attempts: Int) async throws {
        try await database.read { session in
            try await session.execute("UPDATE pair_drawing SET attempts = \(attempts) WHERE id = \(drawingId) AND status = 'pending'")
        }
    }

    public func storeResolution(
        _ resolution: DrawingResolution, status: PairDrawingStatus, pairId: String, seq: Int, at now: Int64,
        notification: PushNotification?
    ) async throws {
        try await database.transaction { session in
            let resolved = try await session.value(
                """
                UPDATE pair_drawing SET status = \(status.rawValue), attempts = \(resolution.attempts), guesser_gained = \(resolution.gained),
                                        drawer_gained = \(resolution.drawerGained), resolved_at = \(now)
                WHERE id = \(resolution.drawingId) AND status = 'pending' RETURNING true
                """, as: Bool.self) != nil
            if resolved { try await enqueue(notification, at: now, in: session) }
            guard let pair = try await session.row("SELECT first_id, second_id FROM pair WHERE id = \(pairId)") else { return }
            let first: PlayerID? = try pair("first_id")
            let second: PlayerID? = try pair("second_id")
            let firstScore = first.flatMap { resolution.scores[$0] } ?? 0
            let secondScore = second.flatMap { resolution.scores[$0] } ?? 0
            try await session.execute(
                """
                UPDATE pair SET first_score = \(firstScore), second_score = \(secondScore), streak = \(resolution.streak),
                                seq = GREATEST(seq, \(seq))
                WHERE id = \(pairId)
                """)
        }
    }

    public func storeDraft(of player: PlayerID, _ draft: PairDraft?, at now: Int64) async throws {
        try await database.read { session in
            guard let draft else {
                try await session.execute("DELETE FROM pair_draft WHERE player_id = \(player)")
                return
            }
            let record = Data(StrokeCodec.encode(draft.board.record))
            try await session.execute(
                """
                INSERT INTO pair_draft (player_id, client_drawing_id, word, record, updated_at)
                VALUES (\(player), \(draft.clientDrawingId), \(draft.word), \(record), \(now))
                ON CONFLICT (player_id) DO UPDATE SET client_drawing_id = excluded.client_drawing_id, word = excluded.word,
                                                      record = excluded.record, updated_at = excluded.updated_at
                """)
        }
    }

    public func storeSeq(_ seq: Int, pairId: String) async throws {
        try await database.read { session in
            try await session.execute("UPDATE pair SET seq = GREATEST(seq, \(seq)) WHERE id = \(pairId)")
        }
    }

    public func end(
        pairId: String, by player: PlayerID, seq: Int, at now: Int64, toldLive: Set<PlayerID>, notification: PushNotification?
    ) async throws {
        try await database.transaction { session in
            if try await Self.end(pairId: pairId, by: player, seq: seq, at: now, toldLive: toldLive, in: session) {
                try await enqueue(notification, at: now, in: session)
            }
        }
    }

    /// `end` inside a transaction the caller holds (a player's deletion ends its pair too); false
    /// when the pair had ended already.
    @discardableResult
    static func end(pairId: String, by player: PlayerID, seq: Int, at now: Int64, toldLive: Set<PlayerID>, in session: PostgresSession)
        async throws -> Bool
    {
        let ended = try await session.value(
            """
            UPDATE pair SET ended_at = \(now), ended_by = \(player), seq = GREATEST(seq, \(seq))
            WHERE id = \(pairId) AND ended_at IS NULL RETURNING true
            """, as: Bool.self)
        guard ended != nil else { return false }
        var members: [PlayerID] = []
        for row in try await session.rows("DELETE FROM pair_member WHERE pair_id = \(pairId) RETURNING player_id") {
            members.append(try row("player_id"))
        }
        try await session.execute(
            "UPDATE pair_drawing SET status = 'closed', resolved_at = \(now) WHERE pair_id = \(pairId) AND status = 'pending'")
        for member in members.sorted() {
            try await session.execute("DELETE FROM pair_draft WHERE player_id = \(member)")
            if member != player, !toldLive.contains(member) {
                try await session.execute(
                    """
                    INSERT INTO pair_notice (player_id, pair_id, ended_by) VALUES (\(member), \(pairId), \(player))
                    ON CONFLICT (player_id, pair_id) DO NOTHING
                    """)
            }
        }
        return true
    }

    public func takeNotices(for player: PlayerID) async throws -> [(pairId: String, by: PlayerID?)] {
        // Deleted and returned in one statement: two entries at once cannot both read a notice.
        try await database.read { session in
            try await session.rows(
                """
                WITH taken AS (DELETE FROM pair_notice WHERE player_id = \(player) RETURNING pair_id, ended_by)
                SELECT taken.pair_id, taken.ended_by FROM taken JOIN pair ON pair.id = taken.pair_id ORDER BY pair.ended_at
                """
            ).map { row in (pairId: try row("pair_id", as: String.self), by: try row("ended_by", as: String?.self)) }
        }
    }

    // MARK: - Rows

    private func enqueue(_ notification: PushNotification?, at now: Int64, in session: PostgresSession) async throws {
        guard queuesNotifications, let notification else { return }
        try await PostgresNotificationOutbox.enqueue(notification, at: now, in: session)
    }

    private static func currentName(of player: PlayerID, in session: PostgresSession) async throws -> String? {
        try await session.value("SELECT name FROM player WHERE id = \(player)", as: String.self)
    }

    private static func submission(_ row: PostgresRecord) throws -> PairSubmission {
        let record: Data = try row("record")
        let actions = try StrokeCodec.decode(Array(record))
        return PairSubmission(
            drawingId: try row("id"), clientDrawingId: try row("client_drawing_id"), senderId: try row("sender_key"),
            recipientId: try row("recipient_id", as: String?.self) ?? "", word: try row("word"), sentAt: try row("sent_at"), actions: actions,
            strokes: CanvasReplay.visibleItems(after: actions))
    }
}
